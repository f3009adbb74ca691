/** What a content page shows while its data is not there: loading, or the failure with a retry. */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';

export function ContentPending({ error, retry }: { error: unknown; retry: () => void }) {
  if (!error) return <p class="muted content-pending">{t('common.loading')}</p>;
  return (
    <div class="content-pending" role="alert">
      <p class="field__error">{t('content.loadFailed')}: {describeError(error)}</p>
      <button type="button" class="btn btn--ghost" onClick={retry}>{t('content.retry')}</button>
    </div>
  );
}
