/**
 * The unread counts as a query of the client store, shared by the tab bar's badge (loaded after the first paint) and
 * the message centre's tabs. Kept apart from state.ts so the badge brings only this and the call.
 */
import { fetchQuery, queryState } from '../core/store/query-store.ts';
import { unreadCounts, type UnreadCounts } from './api.ts';

export const UNREAD_KEY = ['messages', 'unread'] as const;

export const unreadState = () => queryState<UnreadCounts>(UNREAD_KEY);

/** Asks the server for the counts again (the badge after the first paint, the centre as it opens). */
export const refreshUnread = (): Promise<void> =>
  fetchQuery(UNREAD_KEY, unreadCounts).then(
    () => {},
    () => {},
  );
