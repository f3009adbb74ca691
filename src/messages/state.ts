/**
 * The message centre's state: each tab's messages page by page, one message (opening it marks it read on the server),
 * mark all read. Each change invalidates what it made stale: the counts and the pages.
 */
import { invalidateQueries } from '../core/store/query-store.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import type { MessageTab } from '../../shared/contract/message-words.ts';
import type { Locale } from '../core/i18n/index.ts';
import * as api from './api.ts';
import { UNREAD_KEY } from './unread.ts';

export const MESSAGES = 'messages';

/**
 * Keyed by tab and language: the server writes titles and summaries in the request's language, so a language switch
 * opens another list (read anew) rather than keeping the one in the language before, as the content pages do.
 */
export const messagePages = createPagedList<api.ListedMessage, readonly [MessageTab, Locale]>([MESSAGES, 'page'], ([tab], pageNo, pageSize) =>
  api.listMessages(tab, pageNo, pageSize),
);

export const messageKey = (id: number) => [MESSAGES, 'detail', id] as const;

/** One message; the server marks it read as it answers, so the counts and the lists are stale after. */
export async function fetchMessage(id: number): Promise<api.Message> {
  const message = await api.getMessage(id);
  invalidateQueries(UNREAD_KEY);
  invalidateQueries([MESSAGES, 'page']);
  return message;
}

export async function readAll(tab: MessageTab): Promise<number> {
  const { count } = await api.readAllMessages(tab);
  invalidateQueries(UNREAD_KEY);
  invalidateQueries([MESSAGES, 'page']);
  return count;
}
