/**
 * What a new grant gave: the code, shown this once with a copy button (only its digest is kept), or the account it
 * went to; with its end. Focus moves to its heading, so a screen reader says what happened.
 */
import { useEffect, useRef } from 'react';
import { t } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { errorText } from '../../core/errors-later.ts';
import { notify } from '../../core/ui/notify.ts';
import { goToPage } from '../../app/navigate.ts';
import type { CreatedGrant } from '../api.ts';

export function GrantResult({ created }: { created: CreatedGrant }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => {
    if (await copyText(created.code ?? '')) notify(t('common.copied'), 'success');
    else notify(await errorText('errors.copyFailed'), 'error');
  };
  return (
    <section class="card grant-result" data-testid="grant-result" aria-labelledby="grant-result-title">
      {created.code ? (
        <>
          <h2 id="grant-result-title" class="grant-result__title" tabIndex={-1} ref={heading}>{t('grant.create.codeTitle')}</h2>
          <p class="grant-code" data-testid="grant-code">{created.code}</p>
          <p class="grant-note">{t('grant.create.codeOnce')}</p>
          <button type="button" class="btn btn--primary btn--block" onClick={() => void copy()} data-testid="grant-copy">
            {t('common.copy')}
          </button>
        </>
      ) : (
        <h2 id="grant-result-title" class="grant-result__title" tabIndex={-1} ref={heading} data-testid="grant-granted">
          {t('grant.create.granted', { account: created.grantee ?? '' })}
        </h2>
      )}
      <p class="grant-note">{t('grant.create.until', { time: formatDateTime(created.expireTime) })}</p>
      <div class="grant-result__actions">
        <button type="button" class="btn btn--block" onClick={() => goToPage('authorization-manager', { replace: true })} data-testid="grant-records">
          {t('grant.create.records')}
        </button>
      </div>
    </section>
  );
}
