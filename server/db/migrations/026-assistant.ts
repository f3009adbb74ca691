import type { Migration } from './migration.ts';

export const migration026: Migration = {
  version: 26,
  name: 'the AI assistant: conversations, their messages and feedback',
  // Versions 24 and 25 are other changes' (message centre, help pages); this one is independent of them. A message's
  // sources are the help pages it drew on, as JSON [{pageId, title}]: a list read with the message, never queried.
  sql: `
      CREATE TABLE ai_conversations (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX ai_conversations_by_user ON ai_conversations(user_id, updated_at);
      CREATE TABLE ai_messages (
        id INTEGER PRIMARY KEY,
        conversation_id INTEGER NOT NULL REFERENCES ai_conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        text TEXT NOT NULL DEFAULT '',
        sources TEXT NOT NULL DEFAULT '[]',
        stopped INTEGER NOT NULL DEFAULT 0,
        fallback INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX ai_messages_by_conversation ON ai_messages(conversation_id, id);
      CREATE TABLE ai_feedback (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        message_id INTEGER REFERENCES ai_messages(id) ON DELETE SET NULL,
        type TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
  `,
};
