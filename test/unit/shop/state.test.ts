import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configureHttp } from '../../../src/core/http.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { clearSession } from '../../../src/account/state.ts';
import type { Goods } from '../../../src/shop/api.ts';
import type { Coupon, Order } from '../../../src/shop/orders-api.ts';
import {
  cancelUnpaidOrder,
  codeRecords,
  coupons,
  couponsError,
  goods,
  goodsError,
  loadCoupons,
  loadGoods,
  loadPayingOrder,
  orders,
  payingOrder,
  payingOrderError,
} from '../../../src/shop/state.ts';

type Reply = { code: number; msg?: string; data?: unknown };

const asked: string[] = [];

/**
 * Sends every request the state makes to these answers, by path. Set inside each test, not at import:
 * uvu imports every test file before running any, and the other files configure http their own way.
 */
function answer(routes: Record<string, Reply | ((url: URL) => Reply | Promise<Reply>)>) {
  asked.length = 0;
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => ({ accessToken: 'a', refreshToken: 'r' }),
    headers: () => ({}),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      asked.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
      const route = routes[url.pathname];
      const reply = !route ? { code: 404, msg: 'not found' } : typeof route === 'function' ? await route(url) : route;
      return new Response(JSON.stringify(reply));
    }) as typeof fetch,
  });
}

const GOODS: Goods[] = [{ gradeId: 1, gradeName: 'Standard', dailyPrice: 100, stock: 3, packages: [{ packageId: 11, name: '30 days', days: 30, price: 3000, originalPrice: 3000 }] }];
const coupon = (couponId: number) => ({ couponId, name: `Coupon ${couponId}`, type: 'cash', value: 500 }) as Coupon;
const order = (orderId: number, status: Order['status'] = 'waitPay') => ({ orderId, orderNo: `NO${orderId}`, status }) as Order;

test('goods: loaded into the signal; a failure empties it and keeps the error', async () => {
  answer({ '/api/product/goods/list': { code: 0, data: GOODS } });
  assert.equal(await loadGoods(), GOODS);
  assert.equal(goods.value, GOODS);
  assert.is(goodsError.value, null);

  answer({ '/api/product/goods/list': { code: 500, msg: 'boom' } });
  assert.equal(await loadGoods(), []);
  assert.equal(goods.value, []);
  assert.ok(goodsError.value);
});

test('coupons: null while loading; a later state wins over an earlier, slower one', async () => {
  let releaseUnused!: () => void;
  answer({
    '/api/promotion/coupon/list': (url) =>
      url.searchParams.get('status') === 'unused'
        ? new Promise((resolve) => (releaseUnused = () => resolve({ code: 0, data: [coupon(1)] })))
        : { code: 0, data: [coupon(2), coupon(3)] },
  });
  const first = loadCoupons('unused');
  assert.is(coupons.value, null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await loadCoupons('used');
  releaseUnused();
  await first;
  assert.equal(coupons.value?.map((entry) => entry.couponId), [2, 3], 'the unused reply came last but is dropped');

  answer({ '/api/promotion/coupon/list': { code: 500, msg: 'boom' } });
  await loadCoupons('expired');
  assert.is(coupons.value, null);
  assert.ok(couponsError.value);
});

test('orders: a tab opens at page 1, "more" appends page 2, a cancel reloads whatever the answer', async () => {
  const pages: Record<string, Order[]> = { '1': Array.from({ length: 20 }, (_, i) => order(i + 1)), '2': [order(21)] };
  answer({
    '/api/trade/order/page': (url) => ({ code: 0, data: { list: pages[url.searchParams.get('pageNo')!], total: 21 } }),
    '/api/trade/order/cancel': { code: ErrorCode.ORDER_STATE_INVALID, msg: 'already paid' },
  });
  await orders.open('waitPay');
  assert.is(orders.state.value.items.length, 20);
  assert.ok(orders.state.value.loaded);
  assert.match(asked[0]!, /status=waitPay/);
  await orders.more();
  assert.is(orders.state.value.items.length, 21);
  assert.is(orders.state.value.total, 21);

  asked.length = 0;
  let refused: unknown = null;
  await cancelUnpaidOrder(5).catch((error) => (refused = error));
  assert.ok(refused, 'the refusal reaches the page, which says so');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(asked.map((line) => line.split('?')[0]), ['PUT /api/trade/order/cancel', 'GET /api/trade/order/page']);
  assert.is(orders.state.value.items.length, 20, 'the reload starts from page 1');
});

test('orders: a reply for the tab just left does not land in the one now shown', async () => {
  let releaseAll!: () => void;
  answer({
    '/api/trade/order/page': (url) =>
      url.searchParams.get('status')
        ? { code: 0, data: { list: [order(9, 'canceled')], total: 1 } }
        : new Promise((resolve) => (releaseAll = () => resolve({ code: 0, data: { list: [order(1), order(2)], total: 2 } }))),
  });
  const all = orders.open('all');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await orders.open('canceled');
  releaseAll();
  await all;
  assert.equal(orders.state.value.items.map((entry) => entry.orderId), [9]);
});

test('a cancel finishing after the list was left asks for no list', async () => {
  let answerCancel!: () => void;
  answer({
    '/api/trade/order/page': { code: 0, data: { list: [order(1)], total: 1 } },
    '/api/trade/order/cancel': () => new Promise((resolve) => (answerCancel = () => resolve({ code: 0, data: true }))),
  });
  await orders.open('waitPay');
  const cancelling = cancelUnpaidOrder(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  orders.forget();
  asked.length = 0;
  answerCancel();
  await cancelling;
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(asked, [], 'no request for a list nobody shows (after a logout it would go without a token)');
  assert.not.ok(orders.state.value.loaded);
});

test('the order being paid is kept only while unpaid; its answer is handed back either way', async () => {
  answer({ '/api/trade/order/get': (url) => ({ code: 0, data: order(Number(url.searchParams.get('id')), url.searchParams.get('id') === '7' ? 'waitPay' : 'completed') }) });
  assert.is((await loadPayingOrder(7))?.orderId, 7);
  assert.is(payingOrder.value?.orderId, 7);
  assert.is((await loadPayingOrder(8))?.status, 'completed');
  assert.is(payingOrder.value, null, 'a paid order is not offered for payment');

  answer({ '/api/trade/order/get': { code: 500, msg: 'boom' } });
  assert.is(await loadPayingOrder(7), null);
  assert.ok(payingOrderError.value);
});

test('logout forgets every shop list', async () => {
  answer({
    '/api/product/goods/list': { code: 0, data: GOODS },
    '/api/promotion/coupon/list': { code: 0, data: [coupon(1)] },
    '/api/trade/order/page': { code: 0, data: { list: [order(1)], total: 1 } },
    '/api/product/activation-code/record/page': { code: 0, data: { list: [{ code: 'ABCDEFGHJKLM' }], total: 1 } },
    '/api/trade/order/get': { code: 0, data: order(3) },
  });
  await Promise.all([loadGoods(), loadCoupons('unused'), orders.open('all'), codeRecords.open(null), loadPayingOrder(3)]);
  assert.is(codeRecords.state.value.items.length, 1);
  clearSession();
  assert.equal(goods.value, []);
  assert.is(coupons.value, null);
  assert.equal(orders.state.value.items, []);
  assert.not.ok(orders.state.value.loaded);
  assert.equal(codeRecords.state.value.items, []);
  assert.is(payingOrder.value, null);
});

test.run();
