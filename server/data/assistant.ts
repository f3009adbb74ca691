import type { Db } from '../lib/types.ts';

// The assistant's conversations, messages and feedback (migration 026). Every read names the user: a conversation
// or message of another user is not found.

export interface AiMessageRow {
  id: number;
  conversation_id: number;
  role: 'user' | 'assistant';
  text: string;
  sources: string;
  stopped: number;
  fallback: number;
  created_at: number;
}

export async function conversationOfUser(db: Db, id: number, userId: number): Promise<boolean> {
  return await db.value('SELECT 1 FROM ai_conversations WHERE id = ? AND user_id = ?', id, userId) !== undefined;
}

export async function insertConversation(db: Db, userId: number, now: number): Promise<number> {
  return Number((await db.run('INSERT INTO ai_conversations (user_id, created_at, updated_at) VALUES (?, ?, ?) RETURNING id', userId, now, now)).lastId);
}

export async function insertMessage(db: Db, conversationId: number, role: 'user' | 'assistant', text: string, now: number): Promise<number> {
  await db.run('UPDATE ai_conversations SET updated_at = ? WHERE id = ?', now, conversationId);
  return Number((await db.run('INSERT INTO ai_messages (conversation_id, role, text, created_at) VALUES (?, ?, ?, ?) RETURNING id', conversationId, role, text, now)).lastId);
}

/** The answer as it ended: whole, or cut short by the user (`stopped`). */
export async function finishAnswer(db: Db, id: number, answer: { text: string; sources: string; stopped: boolean; fallback: boolean }): Promise<void> {
  await db.run('UPDATE ai_messages SET text = ?, sources = ?, stopped = ?, fallback = ? WHERE id = ?', answer.text, answer.sources, answer.stopped ? 1 : 0, answer.fallback ? 1 : 0, id);
}

const OWN = 'FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id WHERE c.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR c.id = ?)';

export async function messagesOfUser(db: Db, userId: number, conversationId: number | null, limit: number, offset: number): Promise<{ rows: AiMessageRow[]; total: number }> {
  const rows = await db.all(`SELECT m.* ${OWN} ORDER BY m.id DESC LIMIT ? OFFSET ?`, userId, conversationId, conversationId, limit, offset) as AiMessageRow[];
  const total = await db.value(`SELECT COUNT(*) ${OWN}`, userId, conversationId, conversationId) as number;
  return { rows, total };
}

export async function messageOfUser(db: Db, id: number, userId: number): Promise<boolean> {
  return await db.value('SELECT 1 FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id WHERE m.id = ? AND c.user_id = ?', id, userId) !== undefined;
}

export async function insertFeedback(db: Db, userId: number, messageId: number | null, type: string, content: string, now: number): Promise<void> {
  await db.run('INSERT INTO ai_feedback (user_id, message_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', userId, messageId, type, content, now);
}
