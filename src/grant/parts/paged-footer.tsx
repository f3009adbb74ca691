/** Under a paged list of grants: the load error with retry, "loading", "load more", or the empty text. */
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import type { PagedState } from '../../shop/paged-list.ts';
import { hasMore } from '../../shop/paged-list.ts';

interface FooterProps {
  list: PagedState<unknown>;
  empty: MessageKey;
  onMore: () => void;
  onRetry: () => void;
}

export function PagedFooter({ list, empty, onMore, onRetry }: FooterProps) {
  if (list.error) {
    return (
      <div class="grant-empty" role="alert">
        <p class="grant-error">{describeError(list.error)}</p>
        <button type="button" class="btn btn--link" onClick={onRetry}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!list.loaded || (list.loading && !list.items.length)) return <p class="grant-empty">{t('common.loading')}</p>;
  if (!list.items.length) return <p class="grant-empty" data-testid="list-empty">{t(empty)}</p>;
  if (!hasMore(list)) return null;
  return (
    <div class="grant-more">
      <button type="button" class="btn" disabled={list.loading} onClick={onMore} data-testid="load-more">
        {t(list.loading ? 'common.loading' : 'grant.manager.loadMore')}
      </button>
    </div>
  );
}
