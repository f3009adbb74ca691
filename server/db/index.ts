import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../lib/types.ts';
import { migrations } from './migrations/index.ts';
import type { Migration } from './migrations/index.ts';

export const DATABASE_FILE_NAME = 'cloud-phone.db';

/** Opens (creating the folder if needed) and migrates. `:memory:` gives tests a private database. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets readers proceed while a write commits; NORMAL sync is durable enough in WAL mode and much faster.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies the entries of `list` not yet recorded, each atomically with its bookkeeping row. Returns how many ran. */
export function migrate(db: Db, list: Migration[] = migrations): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const pending = [...list].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of pending) {
    // The pragma has no effect inside a transaction: it is set around it.
    if (migration.rebuildsTable) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        if (migration.rebuildsTable && (db.pragma('foreign_key_check') as unknown[]).length) {
          throw new Error(`migration ${migration.version} left rows whose references do not hold`);
        }
        record.run(migration.version, migration.name, Date.now());
      }).immediate();
    } finally {
      if (migration.rebuildsTable) db.pragma('foreign_keys = ON');
    }
  }
  return pending.length;
}
