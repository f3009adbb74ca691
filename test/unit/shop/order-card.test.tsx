import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import enUSShop from '../../../src/shop/texts/shop-en-US.ts';
import type { Order } from '../../../src/shop/orders-api.ts';
import { OrderCard } from '../../../src/shop/parts/orders/order-card.tsx';
import { ERRORS_EN_US } from '../error-texts.ts';

// Installed before the tests run (not at import): uvu imports every file first, and others switch the language.
test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSShop));

const order = (orderId: number): Order => ({
  orderId, orderNo: `2024010100000000000${orderId}`, type: 'buy', status: 'waitPay', gradeId: 1, gradeName: 'Standard', packageName: '30 days',
  days: 30, extraDays: 0, quantity: 1, phoneCount: 0, userPhoneIds: [], originalAmount: 1000, discountAmount: 0, payAmount: 1000,
  couponId: null, createTime: 1, closeTime: 2, payTime: null, payMethod: null, remark: '', lines: [],
});

test('a card waits while its own cancel runs, the other cards do not, and a second tap sends nothing', async () => {
  const root = document.createElement('div');
  const asked: number[] = [];
  let finish!: () => void;
  const cancel = (target: Order) => (asked.push(target.orderId), new Promise<void>((resolve) => (finish = resolve)));
  act(() => render(<>{[1, 2].map((id) => <OrderCard key={id} order={order(id)} onPay={() => {}} onCancel={cancel} />)}</>, root));
  const buttons = (id: number) => [...root.querySelectorAll(`[data-order-id="${id}"] .order-card__actions button`)] as HTMLButtonElement[];
  const cancelOf = (id: number) => root.querySelector<HTMLButtonElement>(`[data-order-id="${id}"] [data-testid="order-cancel"]`)!;

  act(() => {
    cancelOf(1).click();
    cancelOf(1).click();
  });
  assert.equal(asked, [1], 'the double tap asked once');
  assert.is(buttons(1).length, 2);
  assert.ok(buttons(1).every((button) => button.disabled), 'cancel and pay wait on this card');
  assert.ok(buttons(2).every((button) => !button.disabled), 'the other card is free');
  await act(async () => {
    finish();
    await Promise.resolve();
  });
  assert.ok(buttons(1).every((button) => !button.disabled), 'free again once the call ended');
  act(() => render(null, root));
});

test.run();
