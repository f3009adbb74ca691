/**
 * The message centre (spec §1 tabs All, AI assistant, System; §2 `message-center`, `message-detaile`; server/API.md
 * "Messages"). Messages are written by the server (order paid, transfer or grant received, share ended, upload
 * installed, phone expiring soon) and by the AI assistant; texts come in the request's language. Server:
 * server/routes/messages.ts. Client: src/messages/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { LookupId, pageOf, paging } from './fields.ts';
import { MESSAGE_CATEGORIES, MESSAGE_PAGE_SIZE, MESSAGE_TABS, type MessageTab } from './message-words.ts';

const MESSAGE = '/api/message';

/** A tab's name; absent reads as `all`. */
const Tab = v.optional(v.picklist(MESSAGE_TABS, `must be one of ${MESSAGE_TABS.join(', ')}`), 'all' as MessageTab);

const Listed = {
  messageId: v.number(),
  category: v.picklist(MESSAGE_CATEGORIES),
  title: v.string(),
  summary: v.string(),
  createdAt: v.number(),
  read: v.boolean(),
};

/** A tab's messages, newest first. */
export const listMessages = endpoint(`GET ${MESSAGE}/page`, {
  query: v.object({ tab: Tab, ...paging(MESSAGE_PAGE_SIZE.default, MESSAGE_PAGE_SIZE.max) }),
  reply: pageOf(v.strictObject(Listed)),
});

/** Unread messages per tab (`all` is the badge's figure). */
export const unreadCounts = endpoint(`GET ${MESSAGE}/unread`, {
  reply: v.strictObject({ all: v.number(), ai: v.number(), system: v.number() }),
});

/**
 * One of the caller's messages, marked read by this call. `content` is HTML written by the server's templates (or
 * the assistant): the client sanitises it before showing it all the same. Another account's id does not exist.
 */
export const getMessage = endpoint(`GET ${MESSAGE}/detail`, {
  query: v.object({ messageId: LookupId }),
  reply: v.strictObject({ ...Listed, content: v.string() }),
});

/** Marks every unread message of a tab (all by default) read; answers how many were. */
export const readAllMessages = endpoint(`POST ${MESSAGE}/read-all`, {
  body: v.object({ tab: Tab }),
  reply: v.strictObject({ count: v.number() }),
});
