import type { Db } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

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

export function conversationOfUser(db: Db, id: number, userId: number): boolean {
  return plucked(db, 'SELECT 1 FROM ai_conversations WHERE id = ? AND user_id = ?').get(id, userId) !== undefined;
}

export function insertConversation(db: Db, userId: number, now: number): number {
  return Number(statement(db, 'INSERT INTO ai_conversations (user_id, created_at, updated_at) VALUES (?, ?, ?)').run(userId, now, now).lastInsertRowid);
}

export function insertMessage(db: Db, conversationId: number, role: 'user' | 'assistant', text: string, now: number): number {
  statement(db, 'UPDATE ai_conversations SET updated_at = ? WHERE id = ?').run(now, conversationId);
  return Number(statement(db, 'INSERT INTO ai_messages (conversation_id, role, text, created_at) VALUES (?, ?, ?, ?)').run(conversationId, role, text, now).lastInsertRowid);
}

/** The answer as it ended: whole, or cut short by the user (`stopped`). */
export function finishAnswer(db: Db, id: number, answer: { text: string; sources: string; stopped: boolean; fallback: boolean }): void {
  statement(db, 'UPDATE ai_messages SET text = ?, sources = ?, stopped = ?, fallback = ? WHERE id = ?').run(answer.text, answer.sources, answer.stopped ? 1 : 0, answer.fallback ? 1 : 0, id);
}

const OWN = 'FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id WHERE c.user_id = ? AND (? IS NULL OR c.id = ?)';

export function messagesOfUser(db: Db, userId: number, conversationId: number | null, limit: number, offset: number): { rows: AiMessageRow[]; total: number } {
  const rows = statement(db, `SELECT m.* ${OWN} ORDER BY m.id DESC LIMIT ? OFFSET ?`).all(userId, conversationId, conversationId, limit, offset) as AiMessageRow[];
  const total = plucked(db, `SELECT COUNT(*) ${OWN}`).get(userId, conversationId, conversationId) as number;
  return { rows, total };
}

export function messageOfUser(db: Db, id: number, userId: number): boolean {
  return plucked(db, 'SELECT 1 FROM ai_messages m JOIN ai_conversations c ON c.id = m.conversation_id WHERE m.id = ? AND c.user_id = ?').get(id, userId) !== undefined;
}

export function insertFeedback(db: Db, userId: number, messageId: number | null, type: string, content: string, now: number): void {
  statement(db, 'INSERT INTO ai_feedback (user_id, message_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)').run(userId, messageId, type, content, now);
}
