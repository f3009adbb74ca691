/**
 * Home's last-known list offline (kept-list.ts holds the rules). Online, the list home opens on is kept once it has
 * landed and the first page is painted, a moment later, with the groups and unread counts beside it: nothing is read
 * or written on the boot path. When that list fails for want of a network, the kept one is shown in its place, marked
 * with the time it was saved (`keptShownAt`); the list is asked again when the browser says it is back online, and every
 * few seconds meanwhile, and the server's answer takes the screen and the mark away. Actions that need the network say
 * so while the kept list is shown (`needsNetwork`).
 */
import { batch, effect, signal, untracked } from '@preact/signals-react';
import { user } from '../account/session.ts';
import { clientNo } from '../app/client-state.ts';
import { firstPagePainted } from '../app/first-paint.ts';
import { ApiError } from '../core/errors.ts';
import { t } from '../core/i18n/index.ts';
import { onSessionCleared } from '../core/session-events.ts';
import { read } from '../core/storage.ts';
import { queryData, queryState, setQueryData } from '../core/store/query-store.ts';
import { notify } from '../core/ui/notify.ts';
import { NETWORK, TIMEOUT } from '../../shared/reply-codes.ts';
import { refreshUnread, UNREAD_KEY } from '../messages/unread.ts';
import type { UnreadCounts } from '../messages/api.ts';
import type { PhoneGroup } from './api.ts';
import { KEPT_PHONES, keepList, keptListOf } from './kept-list.ts';
import { phonesById, phonesOf, putPhones } from './phone-store.ts';
import { GROUPS_KEY, gradeFilter, groupFilter, HOME_LIST_KEY, keyword, phonesError, refreshDevices, sort, type ListAnswer } from './state.ts';

/** When the kept list on screen was saved; null while what home shows is the server's current answer. */
export const keptShownAt = signal<number | null>(null);
/** The answer the kept list was restored as: the home list's data is the server's once it is another. */
let restored: ListAnswer | null = null;
/** After an answer lands, the kept copy is written this much later (coalescing the status polls meanwhile). */
const KEEP_DELAY_MS = 2000;
let keepTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped when the session ends: a write planned for the account before never happens. */
let generation = 0;

const homeList = queryState<ListAnswer>(HOME_LIST_KEY);
const homeGroups = queryState<PhoneGroup[]>(GROUPS_KEY);
const unread = queryState<UnreadCounts>(UNREAD_KEY);

const isNetworkFailure = (error: unknown) => error instanceof ApiError && (error.code === NETWORK || error.code === TIMEOUT);
const onHomeList = () => sort.value === 'default' && gradeFilter.value === null && groupFilter.value === null && !keyword.value.trim();

/** Shows the kept list in place of the one that could not be asked for; false when there is none to show. */
export function showKeptList(): boolean {
  const me = user.peek();
  const kept = me ? keptListOf(clientNo.peek(), me.userNo) : null;
  if (!kept || (homeList.peek().data && homeList.peek().data !== restored)) return false;
  const answer: ListAnswer = { ids: kept.phones.map((phone) => phone.userPhoneId), total: kept.total };
  batch(() => {
    putPhones(kept.phones);
    restored = answer;
    setQueryData<ListAnswer>(HOME_LIST_KEY, () => answer);
    setQueryData<PhoneGroup[]>(GROUPS_KEY, (old) => old ?? kept.groups);
    if (kept.unread) setQueryData<UnreadCounts>(UNREAD_KEY, (old) => old ?? kept.unread!);
    keptShownAt.value = kept.savedAt;
  });
  return true;
}

/** The kept list as the list now shown: the first screenful of the server's answer, its groups and unread counts. */
function keepNow(): void {
  const me = user.peek();
  const answer = homeList.peek().data;
  // Only for the signed-in account (another tab may have logged out meanwhile), and only the server's own answer.
  if (!me || !clientNo.peek() || !read('token') || !answer || answer === restored) return;
  keepList({
    clientNo: clientNo.peek(),
    userNo: me.userNo,
    savedAt: Date.now(),
    phones: phonesOf(answer.ids.slice(0, KEPT_PHONES)),
    total: answer.total,
    groups: queryData<PhoneGroup[]>(GROUPS_KEY) ?? [],
    unread: unread.peek().data ?? null,
  });
}

function planKeep(): void {
  if (keepTimer !== undefined) return;
  const born = generation;
  keepTimer = setTimeout(() => {
    void firstPagePainted.then(() => {
      keepTimer = undefined;
      if (born === generation) keepNow();
    });
  }, KEEP_DELAY_MS);
}

// The server's answer (and any change to its phones, groups or counts) is kept; it also ends the kept list's showing.
effect(() => {
  const state = homeList.value;
  void phonesById.value;
  void homeGroups.value;
  void unread.value;
  if (!state.data || state.data === restored || state.error) return;
  untracked(() => {
    if (keptShownAt.value !== null) keptShownAt.value = null;
    planKeep();
  });
});

// The home list could not be asked for: the kept one, when there is one.
effect(() => {
  const error = phonesError.value;
  if (isNetworkFailure(error) && untracked(onHomeList)) untracked(showKeptList);
});

/** While the kept list is shown, the list is asked again this often (not every engine says when it is back online). */
const RETRY_MS = 5000;
let retryTimer: ReturnType<typeof setInterval> | undefined;

function askAgain(): void {
  if (keptShownAt.peek() === null || document.visibilityState === 'hidden') return;
  void refreshDevices();
  void refreshUnread();
}

// The retries run exactly while the kept list is on screen.
effect(() => {
  const shown = keptShownAt.value !== null;
  clearInterval(retryTimer);
  retryTimer = shown ? setInterval(askAgain, RETRY_MS) : undefined;
});

if (typeof window !== 'undefined') addEventListener('online', askAgain);

/** True, after saying so, when an action cannot work now: the list shown is the kept one, or the browser is offline. */
export function needsNetwork(): boolean {
  if (keptShownAt.peek() === null && navigator.onLine !== false) return false;
  notify(t('devices.offline.needsNetwork'), 'info');
  return true;
}

onSessionCleared(() => {
  generation++;
  clearTimeout(keepTimer);
  keepTimer = undefined;
  restored = null;
  keptShownAt.value = null;
});
