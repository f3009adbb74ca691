/**
 * The unread total on the tab bar's "Me" tab. It asks the server only once the first page is painted (first-paint.ts),
 * so it never competes with the first screen; the count lives in the client store (../unread.ts), which opening a
 * message or "mark all read" invalidates, and the next showing of the tab bar asks again.
 */
import { useEffect } from 'react';
import { t } from '../../core/i18n/index.ts';
import { firstPagePainted } from '../../app/first-paint.ts';
import { refreshUnread, unreadState } from '../unread.ts';

export function UnreadBadge() {
  useEffect(() => void firstPagePainted.then(refreshUnread), []);
  const count = unreadState().value.data?.all ?? 0;
  return count ? (
    <span class="tabbar__badge" role="status" aria-label={t('app.nav.unread', { count })} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  ) : null;
}
