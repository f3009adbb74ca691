/** authorizationManager (person layout): my grants with their state, newest first; revoke (confirmed); a new one. */
import { useEffect } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { PagedFooter } from '../../core/ui/paged-footer.tsx';
import { notify } from '../../core/ui/notify.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { GrantRecord } from '../api.ts';
import { grantRecords, revokeGrantNow } from '../state.ts';
import { GrantRecordCard } from '../parts/grant-record-card.tsx';
import '../parts/grant.css';
export { ensureGrantTexts as ready } from '../texts/index.ts';

async function revoke(record: GrantRecord): Promise<void> {
  const choice = await openDialog({
    title: t('grant.manager.revokeTitle'),
    message: t('grant.manager.revokeConfirm', { name: record.phoneName }),
    actions: [{ label: t('grant.manager.keep') }, { label: t('grant.manager.revoke'), danger: true, value: 'yes' }],
  });
  if (choice !== 'yes') return;
  try {
    await revokeGrantNow(record.grantId);
    notify(t('grant.manager.revoked'), 'success');
  } catch (error) {
    notify(describeError(error));
  }
}

export default function AuthorizationManagerPage(_props: PageProps) {
  useEffect(() => {
    void grantRecords.open(null);
    return grantRecords.forget;
  }, []);
  const records = grantRecords.state.value;
  return (
    <div class="grant-page" data-testid="grant-records">
      <div class="grant-toolbar">
        <button type="button" class="btn btn--primary" data-testid="grant-new" onClick={() => goToPage('authorization-code')}>
          {t('grant.manager.add')}
        </button>
      </div>
      {records.items.map((record) => (
        <GrantRecordCard key={record.grantId} record={record} onRevoke={(row) => void revoke(row)} />
      ))}
      <PagedFooter list={records} empty="grant.manager.empty" onMore={() => void grantRecords.more()} onRetry={() => void grantRecords.reload()} />
    </div>
  );
}
