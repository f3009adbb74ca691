import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type * as contract from '../../shared/contract/messages.ts';
import type { MessageTab } from '../../shared/contract/message-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import {
  insertMessage, markAllRead, markMessageRead, messageOfUser, messagesOfUser, phonesExpiringWithin, unreadByCategory, type MessageRow,
} from '../data/messages.ts';
import { configPositiveInt } from './config.ts';
import { apiError } from './errors.ts';
import { messageTexts, type MessageKind, type MessageParams } from './message-texts.ts';
import type { Db, Language, UserRow } from './types.ts';
import { HOUR_MS } from '../../shared/contract/time-units.ts';

// The message centre's rules (server/API.md "Messages"). Producers call postMessage inside their own transaction, so
// a message exists exactly when its event committed. "Expiring soon" has no event to hang on (time passes): it is
// produced when the list or the counts are asked, at most once per phone and expiry (its dedupe key).

/** Writes one message to `userId` from its template; with `dedupeKey`, a second post of the same key does nothing. */
export async function postMessage<K extends MessageKind>(db: Db, userId: number, kind: K, params: MessageParams[K], now: number, dedupeKey: string | null = null): Promise<number | null> {
  const { category, zh, en } = messageTexts(kind, params);
  return await insertMessage(db, {
    userId,
    category,
    kind,
    title: { zh: zh.title, en: en.title },
    summary: { zh: zh.summary, en: en.summary },
    content: { zh: zh.content, en: en.content },
    dedupeKey,
    createdAt: now,
  });
}

/** "Expiring soon" for the caller's phones under the tenant's PHONE_EXPIRE_TIME_TEXT_LESS_THAN (phone-check.ts uses it too). */
export async function noteExpiringPhones(db: Db, user: UserRow, now: number): Promise<void> {
  const hours = await configPositiveInt(db, user.tenant_id, 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN', 72);
  const phones = await phonesExpiringWithin(db, user.id, now, hours * HOUR_MS);
  // Most asks find nothing to write: the write lock is taken only when there is something.
  if (!phones.length) return;
  await db.transaction(async (db) => {
    for (const phone of phones) {
      const left = Math.max(1, Math.ceil((phone.expire_time - now) / HOUR_MS));
      await postMessage(db, user.id, 'expiringSoon', { phoneName: phone.name || phone.phone_no, hours: left }, now, `expiring:${phone.id}:${phone.expire_time}`);
    }
  });
}

function listed(row: MessageRow, language: Language) {
  const zh = language === 'zh-CN';
  return {
    messageId: row.id,
    category: row.category,
    title: zh ? row.title_zh : row.title_en,
    summary: zh ? row.summary_zh : row.summary_en,
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

export async function messagePage(db: Db, user: UserRow, tab: MessageTab, pageNo: number, pageSize: number, language: Language, now: number): Promise<ReplyInput<typeof contract.listMessages>> {
  await noteExpiringPhones(db, user, now);
  const { rows, total } = await messagesOfUser(db, user.id, tab, pageSize, (pageNo - 1) * pageSize);
  return { list: rows.map((row) => listed(row, language)), total };
}

export async function unreadOf(db: Db, user: UserRow, now: number): Promise<ReplyInput<typeof contract.unreadCounts>> {
  await noteExpiringPhones(db, user, now);
  const { system, ai } = await unreadByCategory(db, user.id);
  return { all: system + ai, ai, system };
}

/** Opening a message reads it. */
export async function openMessage(db: Db, user: UserRow, id: number | null, language: Language, now: number): Promise<ReplyInput<typeof contract.getMessage>> {
  const row = id === null ? undefined : await messageOfUser(db, user.id, id);
  if (!row) throw apiError(ErrorCode.MESSAGE_NOT_EXIST);
  await markMessageRead(db, row.id, now);
  return { ...listed({ ...row, read_at: row.read_at ?? now }, language), content: language === 'zh-CN' ? row.content_zh : row.content_en };
}

export async function readAll(db: Db, user: UserRow, tab: MessageTab, now: number): Promise<number> {
  return await markAllRead(db, user.id, tab, now);
}

/** The demo messages every registered account starts with (seed.ts, on every start: their keys make it idempotent). */
export async function seedUserMessages(db: Db, userId: number, now: number): Promise<void> {
  await postMessage(db, userId, 'welcome', {}, now - 2 * HOUR_MS, 'seed:welcome');
  await postMessage(db, userId, 'notice', {}, now - HOUR_MS, 'seed:notice');
  await postMessage(db, userId, 'aiWelcome', {}, now - HOUR_MS / 2, 'seed:ai-welcome');
}
