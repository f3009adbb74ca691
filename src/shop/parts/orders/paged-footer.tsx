/** Under a paged list: the load error, "loading", "load more", or the empty text. */
import { t, type MessageKey } from '../../../core/i18n/index.ts';
import { describeError } from '../../../core/errors.ts';

interface PagedFooterProps {
  count: number;
  loading: boolean;
  loaded: boolean;
  error: unknown;
  hasMore: boolean;
  empty: MessageKey;
  onMore: () => void;
  onRetry: () => void;
}

export function PagedFooter({ count, loading, loaded, error, hasMore, empty, onMore, onRetry }: PagedFooterProps) {
  if (error) {
    return (
      <div class="shop-empty" role="alert">
        <p class="shop-error">{describeError(error)}</p>
        <button type="button" class="btn btn--link" onClick={onRetry}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!loaded || (loading && !count)) return <p class="shop-empty">{t('common.loading')}</p>;
  if (!count) return <p class="shop-empty" data-testid="list-empty">{t(empty)}</p>;
  if (!hasMore) return null;
  return (
    <div class="shop-more">
      <button type="button" class="btn" disabled={loading} onClick={onMore} data-testid="load-more">
        {t(loading ? 'common.loading' : 'shop.common.loadMore')}
      </button>
    </div>
  );
}
