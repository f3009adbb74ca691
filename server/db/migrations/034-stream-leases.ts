import type { Migration } from './migration.ts';

export const migration034: Migration = {
  version: 34,
  name: 'Which instance renders the phones of each owner (several instances on one database)',
  // One row per phone owner while an instance holds the streams of that owner's phones: its own address, and until
  // when the hold lasts unless renewed (server/stream/stream-owner.ts). Rows of an instance that died lapse by
  // themselves; nothing refers to them.
  sql: `
      CREATE TABLE stream_leases (
        user_id INTEGER PRIMARY KEY,
        instance_url TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
  `,
  postgres: `
      CREATE TABLE stream_leases (
        user_id BIGINT PRIMARY KEY,
        instance_url TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
  `,
};
