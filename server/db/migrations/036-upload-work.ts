import type { Migration } from './migration.ts';

// Uploads on storage every instance reaches (UPLOAD_DIR), so the pipeline after the bytes (check, read, push,
// install) can be taken up by any instance: the browser's SHA-512 is kept on the row, and which instance works on the
// upload, until when unless renewed (lib/upload-work.ts). A row whose worker died lapses and is resumed elsewhere.
// upload_locks is the tus lock of each upload (lib/upload-locks.ts): one request at a time writes an upload's bytes,
// whichever instance it reaches; a holder that died lapses by itself.
const columns = (integer: string) => `
      ALTER TABLE uploads ADD COLUMN sha512 TEXT NOT NULL DEFAULT '';
      ALTER TABLE uploads ADD COLUMN worker TEXT NOT NULL DEFAULT '';
      ALTER TABLE uploads ADD COLUMN worker_until ${integer} NOT NULL DEFAULT 0;
      CREATE TABLE upload_locks (
        upload_id TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at ${integer} NOT NULL
      );
`;

export const migration036: Migration = {
  version: 36,
  name: 'Uploads: the browser\'s SHA-512, the instance working on each, and the lock of its bytes',
  sql: columns('INTEGER'),
  postgres: columns('BIGINT'),
};
