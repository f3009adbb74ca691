/** One of the owner's grants: phone, mode, permission, status, days, end, who holds it; revoke while it is live. */
import { t } from '../../core/i18n/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { GrantRecord } from '../api.ts';

interface CardProps {
  record: GrantRecord;
  onRevoke: (record: GrantRecord) => void;
}

export function GrantRecordCard({ record, onRevoke }: CardProps) {
  const live = record.status === 'active' || record.status === 'pending';
  return (
    <article class="grant-card" data-testid="grant-record" data-grant-id={record.grantId} data-status={record.status}>
      <div class="grant-card__head">
        <span class="grant-card__name">{record.phoneName}</span>
        <span class={`grant-status grant-status--${record.status}`} data-testid="grant-status">{t(`grant.manager.status.${record.status}`)}</span>
      </div>
      <dl class="grant-facts">
        <dt>{t('grant.common.phone')}</dt>
        <dd>{record.phoneNo}</dd>
        <dt>{t('grant.mode.label')}</dt>
        <dd>{t(`grant.mode.${record.mode}`)}</dd>
        {record.mode === 'code' ? (
          <>
            <dt>{t('grant.manager.code')}</dt>
            <dd>{t('grant.manager.codeHint', { hint: record.codeHint })}</dd>
          </>
        ) : null}
        {record.grantee ? (
          <>
            <dt>{t('grant.manager.grantee')}</dt>
            <dd data-testid="grant-grantee">{record.grantee}</dd>
          </>
        ) : null}
        <dt>{t('grant.common.permission')}</dt>
        <dd>{t(`grant.permission.${record.permission}`)}</dd>
        <dt>{t('grant.manager.days')}</dt>
        <dd>{t('grant.common.days', { count: record.days })}</dd>
        <dt>{t('grant.common.expires')}</dt>
        <dd>{formatDateTime(record.expireTime)}</dd>
      </dl>
      {live ? (
        <div class="grant-card__actions">
          <button type="button" class="btn" data-testid="grant-revoke" onClick={() => onRevoke(record)}>
            {t('grant.manager.revoke')}
          </button>
        </div>
      ) : null}
    </article>
  );
}
