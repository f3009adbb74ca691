/** transferList (person layout): the transfers the user made and those that brought the user phones, page by page. */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import type { PageProps } from '../../app/route-types.ts';
import { TRANSFER_DIRECTIONS, type TransferDirection } from '../../../shared/contract/transfer-words.ts';
import { transferRecords } from '../state.ts';
import { TransferCard } from '../parts/transfer-card.tsx';
import '../parts/transfer.css';
// Shown once the transfer texts and the error catalogue are in (texts/index.ts).
export { ensureTransferTexts as ready } from '../texts/index.ts';

export default function TransferListPage(_props: PageProps) {
  const [direction, setDirection] = useState<TransferDirection>('all');
  useEffect(() => void transferRecords.open(direction), [direction]);
  useEffect(() => transferRecords.forget, []);
  const records = transferRecords.state.value;

  return (
    <div class="transfer-page" data-testid="transfer-records">
      <div class="tabs transfer-tabs" role="tablist" aria-label={t('transfer.list.tabs')}>
        {TRANSFER_DIRECTIONS.map((key) => (
          <button key={key} type="button" role="tab" class="tabs__tab" aria-selected={key === direction} data-testid={`transfer-tab-${key}`}
            onClick={() => setDirection(key)}>
            {t(`transfer.list.${key}`)}
          </button>
        ))}
      </div>
      {records.items.map((order) => (
        <TransferCard key={order.orderId} order={order} />
      ))}
      <PagedFooter list={records} empty="transfer.list.empty" onMore={() => void transferRecords.more()} onRetry={() => void transferRecords.reload()} />
    </div>
  );
}
