/**
 * newMachineRecord (person layout, `?id=` to limit it to one phone): the account's changes of device model, newest
 * first, page by page: when, the model before and after, which parameters changed, and the result.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import type { PageProps } from '../../app/route-types.ts';
import type { MockLog } from '../api.ts';
import { mockLogPages } from '../state.ts';
import '../parts/new-machine.css';
// Shown once the new-machine texts and the error catalogue are in (texts/index.ts).
export { ensureNewMachineTexts as ready } from '../texts/index.ts';

function LogCard({ log }: { log: MockLog }) {
  return (
    <article class="nm-log" data-testid="nm-log" data-phone-id={log.userPhoneId} data-success={log.success}>
      <div class="nm-log__head">
        <span>{log.phoneName}</span>
        <span class={log.success ? 'nm-log--ok' : 'nm-log--bad'}>{t(log.success ? 'newMachine.record.success' : 'newMachine.record.failed')}</span>
      </div>
      <dl class="nm-facts">
        <dt>{t('newMachine.record.time')}</dt>
        <dd>{formatDateTime(log.createTime)}</dd>
        <dt>{t('newMachine.record.before')}</dt>
        <dd data-testid="nm-log-before">{log.beforeModel}</dd>
        <dt>{t('newMachine.record.after')}</dt>
        <dd data-testid="nm-log-after">{log.afterModel}</dd>
        <dt>{t('newMachine.record.params')}</dt>
        <dd>{log.params.map((param) => t(`newMachine.params.${param}`)).join(', ')}</dd>
        {log.success ? null : (
          <>
            <dt>{t('newMachine.record.result')}</dt>
            <dd class="nm-log--bad">{describe(log.code)}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

export default function NewMachineRecordPage({ query }: PageProps) {
  const [phoneId] = useState(() => {
    const id = Number(query.get('id'));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });
  useEffect(() => {
    void mockLogPages.open(phoneId);
    return mockLogPages.forget;
  }, [phoneId]);
  const records = mockLogPages.state.value;
  return (
    <div class="nm-page" data-testid="nm-records">
      {records.items.map((log) => (
        <LogCard key={log.id} log={log} />
      ))}
      <PagedFooter list={records} empty="newMachine.record.empty" onMore={() => void mockLogPages.more()} onRetry={() => void mockLogPages.reload()} />
    </div>
  );
}
