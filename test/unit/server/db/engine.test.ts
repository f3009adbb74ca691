import Database from 'better-sqlite3';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { engineCases } from './engine-cases.ts';
import { dialectCases } from './engine-dialect-cases.ts';
import { freshPostgres, postgresSkipped } from './postgres-databases.ts';

// The same cases on both engines: SQLite in memory, PostgreSQL on a fresh copy of the baseline database.

async function sqlite() {
  const engine = new SqliteEngine(new Database(':memory:'));
  return { engine, close: () => engine.close() };
}

engineCases('sqlite', sqlite).run();
dialectCases('sqlite', sqlite).run();

const skipped = postgresSkipped();
if (skipped) {
  console.log(`engine tests on PostgreSQL skipped: ${skipped}`);
} else {
  engineCases('postgres', freshPostgres).run();
  dialectCases('postgres', freshPostgres).run();
}
