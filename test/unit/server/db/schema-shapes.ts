import type { SqliteFile } from '../../../../server/db/index.ts';
import type { Queryable } from '../../../../server/db/engine.ts';
import { postgresKeyName } from '../../../../server/db/sqlite-engine.ts';
import { flag } from '../../../../server/db/dialect.ts';

// A schema read back from each engine's catalogue into one shape, so the two can be compared line by line.

export interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** A generated id: SQLite's INTEGER PRIMARY KEY named id, PostgreSQL's identity column. */
  generated: boolean;
  nocase: boolean;
}

export interface IndexShape {
  name: string;
  unique: boolean;
  columns: string;
  predicate: string | null;
}

export interface TableShape {
  columns: ColumnShape[];
  primaryKey: string[];
  indexes: IndexShape[];
  foreignKeys: string[];
  /** How many CHECK constraints (SQLite's 0/1 checks excepted: on PostgreSQL the BOOLEAN type is that check). */
  checks: number;
}

export type SchemaShape = Record<string, TableShape>;

const ON_DELETE: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** A partial index's condition with parentheses, casts and case left out, so the two engines' texts compare. */
export function plainPredicate(text: string | null): string | null {
  if (text === null) return null;
  return text.replace(/::[a-z ]+/g, '').replace(/[()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function sqliteTable(db: SqliteFile, table: string, sql: string): TableShape {
  const info = db.pragma(`table_info("${table}")`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
  const primaryKey = info.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name);
  const rowidAlias = primaryKey.length === 1 && info.find((column) => column.name === primaryKey[0])!.type === 'INTEGER';
  const columns = info.map((column) => ({
    name: column.name,
    type: column.type,
    // A key column is never NULL on PostgreSQL; on SQLite only a rowid key is sure not to be.
    notNull: column.notnull === 1 || column.pk > 0,
    default: column.dflt_value,
    generated: rowidAlias && column.name === 'id' && column.pk === 1,
    nocase: new RegExp(`^\\s*"?${column.name}"? [^\\n]*COLLATE NOCASE`, 'mi').test(sql),
  }));
  const indexes: IndexShape[] = [];
  for (const index of db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string; partial: number }[]) {
    const keyed = (db.pragma(`index_xinfo("${index.name}")`) as { name: string; coll: string; key: number }[]).filter((column) => column.key === 1);
    const names = keyed.map((column) => column.name);
    const definition = db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(index.name) as string | null;
    indexes.push({
      name: index.origin === 'c' ? index.name : postgresKeyName(table, names, index.origin === 'pk'),
      unique: index.unique === 1,
      columns: keyed.map((column) => `${column.name}${column.coll === 'NOCASE' ? ' nocase' : ''}`).join(', '),
      predicate: plainPredicate(index.partial && definition ? definition.slice(definition.search(/ WHERE /i) + 7) : null),
    });
  }
  // A rowid key is no index of its own on SQLite; on PostgreSQL it is <table>_pkey.
  if (rowidAlias) indexes.push({ name: postgresKeyName(table, primaryKey, true), unique: true, columns: primaryKey.join(', '), predicate: null });
  const references = db.pragma(`foreign_key_list("${table}")`) as { id: number; table: string; from: string; to: string; on_delete: string }[];
  const byId = new Map<number, typeof references>();
  for (const reference of references) byId.set(reference.id, [...(byId.get(reference.id) ?? []), reference]);
  const foreignKeys = [...byId.values()].map((parts) => {
    const head = parts[0]!;
    return `(${parts.map((part) => part.from).join(', ')}) -> ${head.table}(${parts.map((part) => part.to).join(', ')}) on delete ${head.on_delete}`;
  });
  const checks = (sql.match(/\bCHECK \(/g) ?? []).length - (sql.match(/\bCHECK \(\w+ IN \(0, 1\)\)/g) ?? []).length;
  return { columns, primaryKey, indexes: indexes.sort((a, b) => a.name.localeCompare(b.name)), foreignKeys: foreignKeys.sort(), checks };
}

/** The SQLite schema, read with pragmas from the raw connection (an engine's `.db`). */
export function sqliteShape(db: SqliteFile): SchemaShape {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
  return Object.fromEntries(tables.map((table) => [table.name, sqliteTable(db, table.name, table.sql)]));
}

const PG_COLUMNS = `SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name, is_identity
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`;

const PG_INDEXES = `SELECT c.relname AS table_name, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
    pg_get_expr(x.indpred, x.indrelid) AS predicate,
    ARRAY(SELECT a.attname || CASE WHEN co.collname = 'nocase' THEN ' nocase' ELSE '' END
      FROM unnest(x.indkey::int2[], x.indcollation::oid[]) WITH ORDINALITY AS k(attnum, coll, n)
      JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
      LEFT JOIN pg_collation co ON co.oid = k.coll ORDER BY k.n)::text[] AS columns
  FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
  WHERE c.relnamespace = 'public'::regnamespace`;

const PG_FOREIGN_KEYS = `SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS target, c.confdeltype AS on_delete,
    ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
    ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS target_columns
  FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`;

const PG_CHECKS = `SELECT conrelid::regclass::text AS table_name, COUNT(*) AS checks FROM pg_constraint
  WHERE contype = 'c' AND connamespace = 'public'::regnamespace GROUP BY conrelid`;

interface PgColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
  collation_name: string | null;
  is_identity: string;
}

/** A PostgreSQL default as SQLite writes it: no cast, booleans as 1 and 0. */
function plainDefault(text: string | null): string | null {
  if (text === null) return null;
  const bare = text.replace(/::[a-z ]+$/, '');
  return bare === 'true' ? '1' : bare === 'false' ? '0' : bare;
}

export async function postgresShape(db: Queryable): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const table = (name: string) => (shape[name] ??= { columns: [], primaryKey: [], indexes: [], foreignKeys: [], checks: 0 });
  for (const column of await db.all<PgColumn>(PG_COLUMNS)) {
    table(column.table_name).columns.push({
      name: column.column_name,
      type: column.data_type,
      notNull: column.is_nullable === 'NO',
      default: plainDefault(column.column_default),
      generated: column.is_identity === 'YES',
      nocase: column.collation_name === 'nocase',
    });
  }
  const indexes = await db.all<{ table_name: string; name: string; unique: number; primary: number; predicate: string | null; columns: string[] }>(PG_INDEXES);
  for (const index of indexes) {
    if (index.primary) table(index.table_name).primaryKey = index.columns.map((column) => column.replace(/ nocase$/, ''));
    table(index.table_name).indexes.push({ name: index.name, unique: flag(index.unique), columns: index.columns.join(', '), predicate: plainPredicate(index.predicate) });
  }
  const keys = await db.all<{ table_name: string; target: string; on_delete: string; columns: string[]; target_columns: string[] }>(PG_FOREIGN_KEYS);
  for (const key of keys) {
    const description = `(${key.columns.join(', ')}) -> ${key.target}(${key.target_columns.join(', ')}) on delete ${ON_DELETE[key.on_delete]}`;
    table(key.table_name).foreignKeys.push(description);
  }
  for (const { table_name, checks } of await db.all<{ table_name: string; checks: number }>(PG_CHECKS)) table(table_name).checks = checks;
  for (const each of Object.values(shape)) {
    each.indexes.sort((a, b) => a.name.localeCompare(b.name));
    each.foreignKeys.sort();
  }
  return shape;
}
