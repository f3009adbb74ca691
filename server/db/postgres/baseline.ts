import { readFileSync } from 'node:fs';
import type { Queryable } from '../engine.ts';
import { migrations } from '../migrations/index.ts';

/** The last SQLite migration baseline.sql includes: the versions up to it are recorded as applied with it. */
export const BASELINE_VERSION = 31;

let baselineSql: string | undefined;

/** The schema's text, read once. */
export function baselineText(): string {
  baselineSql ??= readFileSync(new URL('./baseline.sql', import.meta.url), 'utf8');
  return baselineSql;
}

/**
 * Creates the schema on an empty PostgreSQL database and records the migrations it stands for, in one transaction.
 * Answers false, doing nothing, when the database already has its schema_migrations table.
 */
export async function applyBaseline(db: Queryable, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await tx.value(tx.dialect.tableExists('schema_migrations'))) return false;
    await tx.exec(baselineText());
    for (const migration of migrations.filter((step) => step.version <= BASELINE_VERSION)) {
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', migration.version, migration.name, now);
    }
    return true;
  });
}
