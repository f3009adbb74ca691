/** codeRecord (person layout): the activation codes the user has used, newest first, page by page. */
import { useEffect } from 'react';
import { t } from '../../core/i18n/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import type { PageProps } from '../../app/route-types.ts';
import type { CodeRecord } from '../codes-api.ts';
import { codeRecords } from '../state.ts';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

function RecordCard({ record }: { record: CodeRecord }) {
  const ok = record.status === 'activated';
  return (
    <article class="order-card" data-testid="code-record" data-code={record.code}>
      <div class="order-card__head">
        <span class="order-card__type code-row__code">{record.code}</span>
        <span class={`code-status${ok ? ' code-status--ok' : ' code-status--bad'}`}>{t(`shop.codes.status.${record.status}`)}</span>
      </div>
      <dl class="order-facts">
        <dt>{t('shop.codes.record.type')}</dt>
        <dd>{t(record.type === 2 ? 'shop.codes.type.renewal' : 'shop.codes.type.new')}</dd>
        <dt>{t('shop.codes.record.grade')}</dt>
        <dd>{record.gradeName || t('shop.common.none')}</dd>
        <dt>{t('shop.codes.record.duration')}</dt>
        <dd>{t('shop.common.days', { count: record.days })}</dd>
        <dt>{t('shop.codes.record.phone')}</dt>
        <dd>{record.phoneNo || t('shop.common.none')}</dd>
        <dt>{t('shop.codes.record.usedAt')}</dt>
        <dd>{formatDateTime(record.usedAt) || t('shop.common.none')}</dd>
      </dl>
    </article>
  );
}

export default function CodeRecordPage(_props: PageProps) {
  useEffect(() => {
    void codeRecords.open(null);
    return codeRecords.forget;
  }, []);
  const records = codeRecords.state.value;
  return (
    <div class="shop-page" data-testid="code-records">
      {records.items.map((record, index) => (
        <RecordCard key={`${record.code}-${index}`} record={record} />
      ))}
      <PagedFooter list={records} empty="shop.codes.record.empty" onMore={() => void codeRecords.more()} onRetry={() => void codeRecords.reload()} />
    </div>
  );
}
