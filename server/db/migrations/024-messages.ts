import type { Migration } from './migration.ts';

export const migration024: Migration = {
  version: 24,
  name: 'message centre: system and assistant messages per user',
  // Each message stores its texts in both languages (title/summary/content _zh and _en): the server builds them from
  // its templates when the event happens, and the reader's `language` header picks one on every read, so a user who
  // switches language reads the same messages in the new one. `dedupe_key` makes a producer idempotent where the
  // same event can be seen twice (the seed's messages, "expiring soon" per phone and expiry): NULLs never collide.
  // The demo messages are not inserted here (a fresh database has no users yet): seed.ts adds them on every start
  // with INSERT OR IGNORE on that key, which also covers databases made before this version.
  sql: `
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        tenant_id INTEGER NOT NULL REFERENCES tenants(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        category TEXT NOT NULL CHECK (category IN ('system', 'ai')),
        kind TEXT NOT NULL,
        title_zh TEXT NOT NULL,
        title_en TEXT NOT NULL,
        summary_zh TEXT NOT NULL,
        summary_en TEXT NOT NULL,
        content_zh TEXT NOT NULL,
        content_en TEXT NOT NULL,
        dedupe_key TEXT,
        created_at INTEGER NOT NULL,
        read_at INTEGER
      );
      CREATE INDEX messages_by_user ON messages(user_id, created_at);
      CREATE UNIQUE INDEX messages_dedupe ON messages(user_id, dedupe_key);
  `,
};
