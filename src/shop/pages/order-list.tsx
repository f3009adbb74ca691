/**
 * orderList (person layout, optional `?status=<state>`): the user's orders by spec §4 state, newest first,
 * page by page. An unpaid order goes on to the payment page or is cancelled after a confirmation.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { Order } from '../orders-api.ts';
import { ORDER_STATUSES } from '../../../shared/contract/shop-words.ts';
import { cancelUnpaidOrder, orders, type OrderTab } from '../state.ts';
import { OrderCard } from '../parts/orders/order-card.tsx';
import { StatusTabs } from '../parts/orders/status-tabs.tsx';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

type Tab = OrderTab;
const TABS: readonly Tab[] = ['all', ...ORDER_STATUSES];

function isTab(value: string | null): value is Tab {
  return value !== null && (TABS as readonly string[]).includes(value);
}

export default function OrderListPage({ query }: PageProps) {
  const initial = query.get('status');
  const [tab, setTab] = useState<Tab>(isTab(initial) ? initial : 'all');
  useEffect(() => void orders.open(tab), [tab]);
  useEffect(() => orders.forget, []);
  const list = orders.state.value;

  const pay = (order: Order) => goToPage('payment', { query: `orderId=${order.orderId}` });

  const cancel = async (order: Order) => {
    const choice = await openDialog({
      title: t('shop.orders.cancelTitle'),
      message: t('shop.orders.cancelMessage', { orderNo: order.orderNo }),
      actions: [{ label: t('shop.orders.keep') }, { label: t('shop.orders.cancel'), primary: true, value: 'cancel' }],
    });
    if (choice !== 'cancel') return;
    // A refusal (already paid, closed or cancelled elsewhere) is the card's notice; the list then shows its real state.
    await cancelUnpaidOrder(order.orderId);
    notify(t('shop.orders.cancelled'), 'success');
  };

  return (
    <div class="shop-page">
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={(key) => t(key === 'all' ? 'shop.orders.all' : `shop.orders.status.${key}`)}
        onSelect={setTab}
        ariaLabel={t('shop.orders.title')}
        testId="order-tab"
      />
      <div data-testid="order-list" data-tab={tab}>
        {list.items.map((order) => (
          <OrderCard key={order.orderId} order={order} onPay={pay} onCancel={cancel} />
        ))}
      </div>
      <PagedFooter list={list} empty="shop.orders.empty" onMore={() => void orders.more()} onRetry={() => void orders.reload()} />
    </div>
  );
}
