/** One transfer record (spec §3): order number, source and target account (masked mobiles), status, time, phones. */
import { t } from '../../core/i18n/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { TransferAccount, TransferOrder } from '../api.ts';
import { ResultRows } from './item-rows.tsx';

const account = (who: TransferAccount) => (who.mobile ? t('transfer.list.account', { mobile: who.mobile, userNo: who.userNo }) : who.userNo);

export function TransferCard({ order }: { order: TransferOrder }) {
  return (
    <article class="transfer-card" data-testid="transfer-record" data-order-no={order.orderNo} data-direction={order.direction} data-status={order.status}>
      <div class="transfer-card__head">
        <span class="transfer-card__direction">{t(`transfer.list.${order.direction}`)}</span>
        <span class={`transfer-card__status transfer-status--${order.status}`} data-testid="transfer-record-status">{t(`transfer.status.${order.status}`)}</span>
      </div>
      <dl class="transfer-facts">
        <dt>{t('transfer.list.orderNo')}</dt>
        <dd data-testid="transfer-record-no">{order.orderNo}</dd>
        <dt>{t('transfer.list.from')}</dt>
        <dd data-testid="transfer-record-from">{account(order.from)}</dd>
        <dt>{t('transfer.list.to')}</dt>
        <dd data-testid="transfer-record-to">{account(order.to)}</dd>
        <dt>{t('transfer.list.time')}</dt>
        <dd>{formatDateTime(order.createTime)}</dd>
      </dl>
      <p class="transfer-card__phones">{t('transfer.list.phones')}</p>
      <ResultRows items={order.items} testId="transfer-record-phone" />
    </article>
  );
}
