/**
 * The message centre's calls (server/API.md "Messages"): a tab's page, the unread counts, one message (which the
 * server marks read) and mark all read. Types from the contract (shared/contract/messages.ts).
 */
import type * as C from '../../shared/contract/messages.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { MessageTab } from '../../shared/contract/message-words.ts';
import { api } from '../core/http.ts';

export type ListedMessage = ReplyOf<typeof C.listMessages>['list'][number];
export type Message = ReplyOf<typeof C.getMessage>;
export type UnreadCounts = ReplyOf<typeof C.unreadCounts>;

const MESSAGE = '/api/message';

export const listMessages = (tab: MessageTab, pageNo: number, pageSize: number) => api(`GET ${MESSAGE}/page`, { query: { tab, pageNo, pageSize } });
/** Asked by the tab bar and the centre at once on a visit: a repeat joins rather than fails. */
export const unreadCounts = () => api(`GET ${MESSAGE}/unread`, {}, { allowDuplicate: true });
export const getMessage = (messageId: number) => api(`GET ${MESSAGE}/detail`, { query: { messageId } });
export const readAllMessages = (tab: MessageTab) => api(`POST ${MESSAGE}/read-all`, { body: { tab } });
