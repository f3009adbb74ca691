import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Engine } from './engine.ts';
import { migrations } from './migrations/index.ts';
import type { Migration } from './migrations/index.ts';
import { applyBaseline, BASELINE_VERSION } from './postgres/baseline.ts';
import { openPostgres } from './postgres-engine.ts';
import { SqliteEngine } from './sqlite-engine.ts';

export const DATABASE_FILE_NAME = 'cloud-phone.db';

/** One SQLite file's connection, as the migrations see it: they run before the engine wraps it. */
export type SqliteFile = Database.Database;

/** Opens the SQLite file (creating its folder if needed) and migrates it. `:memory:` gives tests a private one. */
export function openDatabase(file: string): SqliteEngine {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL lets readers proceed while a write commits; NORMAL sync is durable enough in WAL mode and much faster.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return new SqliteEngine(db);
}

/**
 * The PostgreSQL database at `url`, its schema created on first use from the baseline, then the migrations past it.
 * Several instances starting at once agree: the baseline and each migration take an advisory lock first.
 */
export async function openPostgresDatabase(url: string): Promise<Engine> {
  const engine = openPostgres(url);
  try {
    await migratePostgres(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

/** Baseline, then every migration past it that has SQL for PostgreSQL, each in a transaction with its record. */
export async function migratePostgres(engine: Engine, list: Migration[] = migrations): Promise<number> {
  await engine.transaction(async (tx) => {
    // One starting instance creates the schema; the others wait here, then find it made.
    await tx.exec('SELECT pg_advisory_xact_lock(7331)');
    await applyBaseline(tx);
  });
  let ran = 0;
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= BASELINE_VERSION) continue;
    if (migration.postgres === undefined) throw new Error(`migration ${migration.version} has no PostgreSQL text`);
    const applied = await engine.transaction(async (tx) => {
      await tx.exec('SELECT pg_advisory_xact_lock(7331)');
      if (await tx.value('SELECT 1 FROM schema_migrations WHERE version = ?', migration.version)) return false;
      await tx.exec(migration.postgres!);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', migration.version, migration.name, Date.now());
      return true;
    });
    if (applied) ran++;
  }
  return ran;
}

/** Applies the entries of `list` not yet recorded, each atomically with its bookkeeping row. Returns how many ran. */
export function migrate(db: SqliteFile, list: Migration[] = migrations): number {
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
