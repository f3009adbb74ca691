/** Under a paged list (core/store/paged-list.ts): the load error with retry, "loading", "load more", or the empty text. */
import { t, type MessageKey } from '../i18n/index.ts';
import { describeError } from '../errors.ts';
import { hasMore, type PagedState } from '../store/paged-list.ts';
import './paged-footer.css';

interface PagedFooterProps {
  list: PagedState<unknown>;
  empty: MessageKey;
  onMore: () => void;
  onRetry: () => void;
}

export function PagedFooter({ list, empty, onMore, onRetry }: PagedFooterProps) {
  if (list.error) {
    return (
      <div class="paged-footer" role="alert">
        <p class="paged-footer__error">{describeError(list.error)}</p>
        <button type="button" class="btn btn--link" onClick={onRetry}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!list.loaded || (list.loading && !list.items.length)) return <p class="paged-footer">{t('common.loading')}</p>;
  if (!list.items.length) return <p class="paged-footer" data-testid="list-empty">{t(empty)}</p>;
  if (!hasMore(list)) return null;
  return (
    <div class="paged-footer__more">
      <button type="button" class="btn" disabled={list.loading} onClick={onMore} data-testid="load-more">
        {t(list.loading ? 'common.loading' : 'common.loadMore')}
      </button>
    </div>
  );
}
