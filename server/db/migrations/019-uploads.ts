import type { Migration } from './migration.ts';

export const migration019: Migration = {
  version: 19,
  name: 'uploaded files and the phones each is installed on',
  // An upload's id is the tus upload id (its bytes are a file of that name under DATA_DIR/uploads). Versions 17 and
  // 18 are other changes'; this one is independent of them.
  sql: `
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        file_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'waitingUpload',
        fail_code INTEGER NOT NULL DEFAULT 0,
        package_name TEXT NOT NULL DEFAULT '',
        label TEXT NOT NULL DEFAULT '',
        version_name TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX uploads_by_user ON uploads(user_id, created_at);
      CREATE TABLE upload_targets (
        upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        phone_id INTEGER NOT NULL REFERENCES phones(id),
        state TEXT NOT NULL DEFAULT 'waiting',
        fail_code INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (upload_id, phone_id)
      );
  `,
};
