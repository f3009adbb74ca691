/**
 * The mark over what is shown from the kept copy while offline (home's list, "Me"): that it is offline, and when what
 * is shown was last updated. A status, so a screen reader says it when it appears.
 */
import { useEffect, useState } from 'react';
import { user } from '../account/session.ts';
import { clientNo } from '../app/client-state.ts';
import { t } from '../core/i18n/index.ts';
import { setQueryData } from '../core/store/query-store.ts';
import { refreshUnread, UNREAD_KEY } from '../messages/unread.ts';
import type { UnreadCounts } from '../messages/api.ts';
import { keptListOf } from './kept-list.ts';
import { formatDateTime } from '../../shared/format.ts';
import './offline-mark.css';

export function OfflineMark({ savedAt, shown, total, page }: { savedAt: number; shown?: number; total?: number; page?: boolean }) {
  return (
    <p class={page ? 'offline-mark offline-mark--page' : 'offline-mark'} role="status" data-testid="offline-mark">
      <strong class="offline-mark__title">{t('devices.offline.mark')}</strong>{' '}
      <span data-testid="offline-mark-time">{t('devices.offline.updated', { time: formatDateTime(savedAt) })}</span>
      {shown !== undefined && total !== undefined && total > shown ? <span>{' '}{t('devices.offline.partial', { shown, total })}</span> : null}
    </p>
  );
}

/**
 * For a page that shows what the kept copy knows beside its own stored data ("Me": the user's name and avatar are
 * stored with the session): while the browser says it is offline, when that copy was saved (its unread counts shown
 * from it meanwhile), else null. Back online the mark goes, the counts are asked again and `onBack` runs.
 */
export function useKeptOffline(onBack: () => void): number | null {
  const [savedAt, setSavedAt] = useState<number | null>(() => keptSavedAt());
  useEffect(() => {
    const offline = () => setSavedAt(keptSavedAt());
    const online = () => {
      setSavedAt(null);
      void refreshUnread();
      onBack();
    };
    addEventListener('offline', offline);
    addEventListener('online', online);
    return () => {
      removeEventListener('offline', offline);
      removeEventListener('online', online);
    };
  }, []);
  return savedAt;
}

function keptSavedAt(): number | null {
  const me = user.peek();
  if (navigator.onLine !== false || !me) return null;
  const kept = keptListOf(clientNo.peek(), me.userNo);
  if (!kept) return null;
  if (kept.unread) setQueryData<UnreadCounts>(UNREAD_KEY, (old) => old ?? kept.unread!);
  return kept.savedAt;
}
