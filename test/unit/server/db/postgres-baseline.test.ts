import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase } from '../../../../server/db/index.ts';
import { UniqueViolation } from '../../../../server/db/engine.ts';
import { migrations } from '../../../../server/db/migrations/index.ts';
import { BASELINE_VERSION } from '../../../../server/db/postgres/baseline.ts';
import { freshPostgres, postgresSkipped } from './postgres-databases.ts';
import { postgresShape, sqliteShape } from './schema-shapes.ts';
import type { ColumnShape, SchemaShape } from './schema-shapes.ts';

// The PostgreSQL baseline (server/db/postgres/baseline.sql) against the schema the SQLite migrations build: every
// table's columns (in order, with type, NULL, default, generated id, NOCASE), primary key, unique keys and indexes (by
// name, columns and condition), foreign keys and number of checks must agree, but for the declared type mapping below.

/** The columns that hold only 0 or 1 on SQLite and are BOOLEAN on PostgreSQL. */
const BOOLEAN_COLUMNS = new Set([
  'advertisements.active',
  'ai_messages.fallback',
  'ai_messages.stopped',
  'client_functions.enable',
  'clone_templates.root',
  'orders.allocate_later',
  'phone_groups.is_default',
  'phones.root',
  'users.guest',
]);

/** SQLite's declared type → PostgreSQL's: every INTEGER a BIGINT (or a BOOLEAN above). */
const TYPES: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', REAL: 'double precision', BLOB: 'bytea' };

/** What a SQLite column becomes on PostgreSQL. */
function expectedColumn(table: string, column: ColumnShape): ColumnShape {
  const boolean = BOOLEAN_COLUMNS.has(`${table}.${column.name}`);
  return { ...column, type: boolean ? 'boolean' : (TYPES[column.type] ?? `no mapping for ${column.type}`) };
}

/** A partial index's condition on a boolean column, as PostgreSQL writes it: `x = 1` is `x`, `x = 0` is `not x`. */
function expectedPredicate(table: string, predicate: string | null): string | null {
  return predicate?.replace(/\b(\w+) = ([01])\b/g, (whole, column: string, value: string) =>
    BOOLEAN_COLUMNS.has(`${table}.${column}`) ? (value === '1' ? column : `not ${column}`) : whole,
  ) ?? null;
}

function differences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const found: string[] = [];
  const names = new Set([...Object.keys(sqlite), ...Object.keys(postgres)]);
  for (const table of [...names].sort()) {
    const want = sqlite[table];
    const got = postgres[table];
    if (!want || !got) {
      found.push(`${table}: only on ${want ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    const wantColumns = want.columns.map((column) => JSON.stringify(expectedColumn(table, column)));
    const gotColumns = got.columns.map((column) => JSON.stringify(column));
    for (let i = 0; i < Math.max(wantColumns.length, gotColumns.length); i++) {
      if (wantColumns[i] !== gotColumns[i]) found.push(`${table} column ${i + 1}: SQLite ${wantColumns[i]} / PostgreSQL ${gotColumns[i]}`);
    }
    if (want.primaryKey.join() !== got.primaryKey.join()) found.push(`${table} primary key: ${want.primaryKey} / ${got.primaryKey}`);
    if (want.checks !== got.checks) found.push(`${table} checks: ${want.checks} on SQLite / ${got.checks} on PostgreSQL`);
    const wantIndexes = want.indexes.map((index) => JSON.stringify({ ...index, predicate: expectedPredicate(table, index.predicate) }));
    const gotIndexes = got.indexes.map((index) => JSON.stringify(index));
    for (const index of wantIndexes.filter((each) => !gotIndexes.includes(each))) found.push(`${table} index only on SQLite: ${index}`);
    for (const index of gotIndexes.filter((each) => !wantIndexes.includes(each))) found.push(`${table} index only on PostgreSQL: ${index}`);
    for (const key of want.foreignKeys.filter((each) => !got.foreignKeys.includes(each))) found.push(`${table} foreign key only on SQLite: ${key}`);
    for (const key of got.foreignKeys.filter((each) => !want.foreignKeys.includes(each))) found.push(`${table} foreign key only on PostgreSQL: ${key}`);
  }
  return found;
}

const skipped = postgresSkipped();
if (skipped) console.log(`PostgreSQL baseline test skipped: ${skipped}`);
else {
  test('the PostgreSQL baseline has the migrated SQLite schema, but for the declared type mapping', async () => {
    const sqlite = openDatabase(':memory:');
    const postgres = await freshPostgres();
    try {
      const [want, got] = [sqliteShape(sqlite.db), await postgresShape(postgres.engine)];
      assert.ok(Object.keys(want).length > 50, 'the SQLite schema was read');
      assert.equal(differences(want, got), []);
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });

  test('the baseline and the steps after it record every migration, and each step after it has its PostgreSQL text', async () => {
    const postgres = await freshPostgres();
    try {
      const recorded = await postgres.engine.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
      assert.equal(recorded, migrations.map(({ version, name }) => ({ version, name })));
      const after = migrations.filter((migration) => migration.version > BASELINE_VERSION);
      for (const migration of after) assert.ok(migration.postgres, `migration ${migration.version} has its PostgreSQL text`);
    } finally {
      await postgres.close();
    }
  });

  test("SQLite's NOCASE and json_valid behave alike on PostgreSQL", async () => {
    const postgres = await freshPostgres();
    const db = postgres.engine;
    try {
      await db.run("INSERT INTO tenants (id, name) VALUES (1, 'demo')");
      const code = "INSERT INTO redeem_codes (tenant_id, code, coupon_type, value, order_types, valid_days, created_at) VALUES (1, ?, 'cash', 100, 'buy', 7, 0)";
      await db.run(code, 'WELCOME');
      const again = await db.run(code, 'welcome').catch((error: unknown) => error);
      assert.instance(again, UniqueViolation);
      assert.is((again as UniqueViolation).constraint, 'redeem_codes_tenant_id_code_key');
      assert.is(await db.value('SELECT code FROM redeem_codes WHERE tenant_id = 1 AND code = ?', 'Welcome'), 'WELCOME');
      assert.equal(await db.get("SELECT json_valid('[1, 2]') AS good, json_valid('[1,') AS bad, json_valid(NULL) AS none"), { good: 1, bad: 0, none: null });
    } finally {
      await postgres.close();
    }
  });

  test('declared boolean columns are the ones SQLite constrains to 0 and 1, and some more the code treats so', async () => {
    const sqlite = openDatabase(':memory:');
    const tables = await sqlite.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table'");
    const checked = tables.flatMap((table) => [...table.sql.matchAll(/CHECK \((\w+) IN \(0, 1\)\)/g)].map((match) => `${table.name}.${match[1]}`));
    await sqlite.close();
    assert.ok(checked.length >= 5);
    for (const column of checked) assert.ok(BOOLEAN_COLUMNS.has(column), `${column} is checked to 0 or 1 but not declared boolean`);
  });

  test.run();
}
