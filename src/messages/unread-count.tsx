/**
 * The unread total beside a "Messages" entry (the "Me" page, the personal center), in words: the tab bar's badge says
 * there is something to read, this says where. The count is the client store's (unread.ts), asked for again as
 * the entry shows.
 */
import { useEffect } from 'react';
import { t } from '../core/i18n/index.ts';
import { refreshUnread, unreadState } from './unread.ts';

export function UnreadCount() {
  useEffect(() => void refreshUnread(), []);
  const count = unreadState().value.data?.all ?? 0;
  return count ? (
    <span class="menu__count" data-testid="entry-unread">
      {t('app.nav.unread', { count })}
    </span>
  ) : null;
}
