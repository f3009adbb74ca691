import type { MessageCategory, MessageTab } from '../../shared/contract/message-words.ts';
import type { Db } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

// Messages of the message centre (migration 024, server/lib/messages.ts). Every read is by its owner: another
// account's message is never found.

export interface MessageRow {
  id: number;
  tenant_id: number;
  user_id: number;
  category: MessageCategory;
  kind: string;
  title_zh: string;
  title_en: string;
  summary_zh: string;
  summary_en: string;
  content_zh: string;
  content_en: string;
  dedupe_key: string | null;
  created_at: number;
  read_at: number | null;
}

export interface NewMessage {
  userId: number;
  category: MessageCategory;
  kind: string;
  title: { zh: string; en: string };
  summary: { zh: string; en: string };
  content: { zh: string; en: string };
  /** Set where the same event may be reported twice: a second insert with the key does nothing. */
  dedupeKey: string | null;
  createdAt: number;
}

/** The id of the new message, or null when its dedupe key was there already. The tenant is the user's. */
export function insertMessage(db: Db, m: NewMessage): number | null {
  const result = statement(
    db,
    `INSERT OR IGNORE INTO messages (tenant_id, user_id, category, kind, title_zh, title_en, summary_zh, summary_en, content_zh, content_en, dedupe_key, created_at)
     SELECT tenant_id, id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM users WHERE id = ?`,
  ).run(m.category, m.kind, m.title.zh, m.title.en, m.summary.zh, m.summary.en, m.content.zh, m.content.en, m.dedupeKey, m.createdAt, m.userId);
  return result.changes === 1 ? Number(result.lastInsertRowid) : null;
}

/** `all` matches both categories: the tab is bound twice, once for the test and once for the value. */
const TAB_FILTER = `user_id = ? AND (? = 'all' OR category = ?)`;

export function messagesOfUser(db: Db, userId: number, tab: MessageTab, limit: number, offset: number): { rows: MessageRow[]; total: number } {
  const rows = statement(db, `SELECT * FROM messages WHERE ${TAB_FILTER} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).all(userId, tab, tab, limit, offset) as MessageRow[];
  const total = plucked(db, `SELECT COUNT(*) FROM messages WHERE ${TAB_FILTER}`).get(userId, tab, tab) as number;
  return { rows, total };
}

export function unreadByCategory(db: Db, userId: number): Record<MessageCategory, number> {
  const rows = statement(db, 'SELECT category, COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL GROUP BY category').all(userId) as Array<{ category: MessageCategory; n: number }>;
  const counts: Record<MessageCategory, number> = { system: 0, ai: 0 };
  for (const row of rows) counts[row.category] = row.n;
  return counts;
}

export function messageOfUser(db: Db, userId: number, id: number): MessageRow | undefined {
  return statement(db, 'SELECT * FROM messages WHERE id = ? AND user_id = ?').get(id, userId) as MessageRow | undefined;
}

export function markMessageRead(db: Db, id: number, now: number): void {
  statement(db, 'UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL').run(now, id);
}

/** How many were unread. */
export function markAllRead(db: Db, userId: number, tab: MessageTab, now: number): number {
  return statement(db, `UPDATE messages SET read_at = ? WHERE ${TAB_FILTER} AND read_at IS NULL`).run(now, userId, tab, tab).changes;
}

/** The caller's own phones with less than `within` ms left (and not expired yet), for "expiring soon". */
export function phonesExpiringWithin(db: Db, userId: number, now: number, within: number): Array<{ id: number; name: string; phone_no: string; expire_time: number }> {
  return statement(db, 'SELECT id, name, phone_no, expire_time FROM phones WHERE user_id = ? AND expire_time > ? AND expire_time <= ?').all(userId, now, now + within) as Array<{
    id: number;
    name: string;
    phone_no: string;
    expire_time: number;
  }>;
}

/** Whether migration 024 has run: the migration tests seed databases of earlier versions. */
export function hasMessagesTable(db: Db): boolean {
  return plucked(db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'messages'").get() === 1;
}
