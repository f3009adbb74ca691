/**
 * One order (spec §3): number with copy, SKU type, package, quantity, total phones, amount, payment time,
 * duration, remark; an unpaid order offers to continue paying or to cancel (after a confirmation).
 */
import { t } from '../../../core/i18n/index.ts';
import { copyText } from '../../../core/clipboard.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { notify } from '../../../core/ui/notify.ts';
import { useBusyAction } from '../../../core/ui/use-busy-action.ts';
import { formatMoney } from '../../money.ts';
import type { Order } from '../../orders-api.ts';

interface OrderCardProps {
  order: Order;
  onPay: (order: Order) => void;
  /** Asks, then cancels; a refusal is said in a notice. The card's buttons wait meanwhile, the other cards' do not. */
  onCancel: (order: Order) => Promise<void>;
}

async function copyOrderNo(orderNo: string) {
  const copied = await copyText(orderNo);
  notify(copied ? t('common.copied') : t('errors.copyFailed'), copied ? 'success' : 'error');
}

export function OrderCard({ order, onPay, onCancel }: OrderCardProps) {
  const { busy: cancelling, run } = useBusyAction();
  const none = t('shop.common.none');
  return (
    <article class="order-card" data-testid="order-card" data-order-id={order.orderId} data-status={order.status}>
      <div class="order-card__head">
        <span class="order-card__type" data-testid="order-type">{t(`shop.orders.type.${order.type}`)}</span>
        <span class={`order-status order-status--${order.status}`} data-testid="order-status">{t(`shop.orders.status.${order.status}`)}</span>
      </div>
      <dl class="order-facts">
        <dt>{t('shop.orders.orderNo')}</dt>
        <dd>
          <span class="order-facts__no">
            <span data-testid="order-no">{order.orderNo}</span>
            <button type="button" class="btn btn--ghost" aria-label={t('shop.orders.copyNo')} onClick={() => void copyOrderNo(order.orderNo)}
              data-testid="order-copy">
              {t('common.copy')}
            </button>
          </span>
        </dd>
        <dt>{t('shop.orders.sku')}</dt>
        <dd data-testid="order-sku">{order.gradeName || none}</dd>
        <dt>{t('shop.orders.package')}</dt>
        <dd data-testid="order-package">{order.packageName || none}</dd>
        <dt>{t('shop.orders.quantity')}</dt>
        <dd data-testid="order-quantity">{order.quantity}</dd>
        <dt>{t('shop.orders.phoneCount')}</dt>
        <dd data-testid="order-phone-count">{order.phoneCount}</dd>
        <dt>{t('shop.orders.duration')}</dt>
        <dd data-testid="order-duration">
          {order.days ? t('shop.common.days', { count: order.days }) : none}
          {order.extraDays ? ` ${t('shop.orders.extraDays', { count: order.extraDays })}` : ''}
        </dd>
        <dt>{t('shop.orders.createTime')}</dt>
        <dd>{formatDateTime(order.createTime) || none}</dd>
        {order.status === 'waitPay' && order.closeTime ? (
          <>
            <dt>{t('shop.orders.closeTime')}</dt>
            <dd data-testid="order-close-time">{formatDateTime(order.closeTime)}</dd>
          </>
        ) : null}
        <dt>{t('shop.orders.payTime')}</dt>
        <dd data-testid="order-pay-time">{formatDateTime(order.payTime ?? undefined) || none}</dd>
        <dt>{t('shop.orders.remark')}</dt>
        <dd data-testid="order-remark">{order.remark || none}</dd>
        <dt>{t('shop.orders.amount')}</dt>
        <dd>
          <span class="order-amount" data-testid="order-amount">{formatMoney(order.payAmount)}</span>
          {order.discountAmount > 0 ? (
            <span class="muted" data-testid="order-discount">{` (${t('shop.orders.discount', { amount: formatMoney(order.discountAmount) })})`}</span>
          ) : null}
        </dd>
      </dl>
      {order.status === 'waitPay' ? (
        <div class="order-card__actions">
          <button type="button" class="btn" disabled={cancelling} onClick={() => void run(() => onCancel(order))} data-testid="order-cancel">
            {t('shop.orders.cancel')}
          </button>
          <button type="button" class="btn btn--primary" disabled={cancelling} onClick={() => onPay(order)} data-testid="order-pay">
            {t('shop.orders.continuePay')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
