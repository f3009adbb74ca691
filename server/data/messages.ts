import type { MessageCategory, MessageTab } from '../../shared/contract/message-words.ts';
import type { Db } from '../lib/types.ts';

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
export async function insertMessage(db: Db, m: NewMessage): Promise<number | null> {
  const result = await db.run(`INSERT INTO messages (tenant_id, user_id, category, kind, title_zh, title_en, summary_zh, summary_en, content_zh, content_en, dedupe_key, created_at)
     SELECT tenant_id, id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM users WHERE id = ? ON CONFLICT DO NOTHING RETURNING id`, m.category, m.kind, m.title.zh, m.title.en, m.summary.zh, m.summary.en, m.content.zh, m.content.en, m.dedupeKey, m.createdAt, m.userId);
  return result.changes === 1 ? Number(result.lastId) : null;
}

/** `all` matches both categories: the tab is bound twice, once for the test and once for the value. */
const TAB_FILTER = `user_id = ? AND (? = 'all' OR category = ?)`;

export async function messagesOfUser(db: Db, userId: number, tab: MessageTab, limit: number, offset: number): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await db.all(`SELECT * FROM messages WHERE ${TAB_FILTER} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, userId, tab, tab, limit, offset) as MessageRow[];
  const total = await db.value(`SELECT COUNT(*) FROM messages WHERE ${TAB_FILTER}`, userId, tab, tab) as number;
  return { rows, total };
}

export async function unreadByCategory(db: Db, userId: number): Promise<Record<MessageCategory, number>> {
  const rows = await db.all('SELECT category, COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL GROUP BY category', userId) as Array<{ category: MessageCategory; n: number }>;
  const counts: Record<MessageCategory, number> = { system: 0, ai: 0 };
  for (const row of rows) counts[row.category] = row.n;
  return counts;
}

export async function messageOfUser(db: Db, userId: number, id: number): Promise<MessageRow | undefined> {
  return await db.get('SELECT * FROM messages WHERE id = ? AND user_id = ?', id, userId) as MessageRow | undefined;
}

export async function markMessageRead(db: Db, id: number, now: number): Promise<void> {
  await db.run('UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL', now, id);
}

/** How many were unread. */
export async function markAllRead(db: Db, userId: number, tab: MessageTab, now: number): Promise<number> {
  return (await db.run(`UPDATE messages SET read_at = ? WHERE ${TAB_FILTER} AND read_at IS NULL`, now, userId, tab, tab)).changes;
}

/** The caller's own phones with less than `within` ms left (and not expired yet), for "expiring soon". */
export async function phonesExpiringWithin(db: Db, userId: number, now: number, within: number): Promise<Array<{ id: number; name: string; phone_no: string; expire_time: number }>> {
  return await db.all('SELECT id, name, phone_no, expire_time FROM phones WHERE user_id = ? AND expire_time > ? AND expire_time <= ?', userId, now, now + within) as Array<{
    id: number;
    name: string;
    phone_no: string;
    expire_time: number;
  }>;
}

/** Whether migration 024 has run: the migration tests seed databases of earlier versions. */
export async function hasMessagesTable(db: Db): Promise<boolean> {
  return await db.get(db.dialect.tableExists('messages')) !== undefined;
}
