/**
 * The one place for what SQLite and PostgreSQL spell differently. Everything else is written once, in SQL both accept:
 * - `INSERT … ON CONFLICT DO NOTHING` (or `DO UPDATE SET … = excluded.…`), not `INSERT OR IGNORE` / `OR REPLACE`
 *   (an `INSERT … SELECT` needs `WHERE true` before `ON CONFLICT` on SQLite);
 * - `RETURNING id` to learn a new row's id (`RunResult.lastId`), not lastInsertRowid;
 * - `TRUE` / `FALSE` for booleans in SQL text (SQLite reads them as 1 / 0), a boolean parameter for a value;
 * - `CAST(? AS TEXT) IS NULL` (or BIGINT) where a parameter's type cannot be told from its use;
 * - `IS DISTINCT FROM ?` / `IS NOT DISTINCT FROM ?`, not `IS NOT ?` / `IS ?`;
 * - `COALESCE`, not `IFNULL`; `COLLATE NOCASE` (the PostgreSQL baseline creates a collation named `nocase`);
 * - lower-case aliases (`AS group_name`): PostgreSQL folds unquoted names to lower case;
 * - an ORDER BY on columns, never on `rowid`.
 */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /**
   * `column` is one of the values of a list parameter; pass the array itself (the SQLite engine sends it as JSON).
   * An empty list matches nothing on both.
   */
  inList(column: string, placeholder?: string): string;
  /** A column holding a JSON list (TEXT) has the number given as `placeholder` among its values. */
  jsonListHasNumber(column: string, placeholder?: string): string;
  /** The smallest / largest of the expressions (SQLite's scalar MIN and MAX, PostgreSQL's LEAST and GREATEST). */
  least(...expressions: string[]): string;
  greatest(...expressions: string[]): string;
  /**
   * `column` matches a LIKE pattern whatever the case of ASCII letters, with `\` escaping `%` and `_` (SQLite's LIKE
   * already ignores case, PostgreSQL's does not).
   */
  likeAnyCase(column: string, placeholder?: string): string;
  /** `column` matches a GLOB-style pattern written in the SQL (`*`, `?`, `[0-9]`): GLOB, or an anchored regex. */
  matchesGlob(column: string, pattern: string): string;
  /** Whether a table exists, as SQL answering one row with a true value when it does. */
  tableExists(table: string): string;
  /**
   * SQL to run after rows were inserted with explicit ids (seeds), so the next generated id comes after them; SQLite
   * needs none (it takes the largest id plus one).
   */
  afterExplicitIds(table: string): string | undefined;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function checkedName(table: string): string {
  if (!NAME.test(table)) throw new TypeError(`not a table name: ${table}`);
  return table;
}

function variadic(name: string, expressions: string[]): string {
  if (expressions.length < 2) throw new TypeError(`${name} needs at least two expressions`);
  return `${name}(${expressions.join(', ')})`;
}

/** A GLOB pattern as a POSIX regex anchored at both ends: `*` any run, `?` one character, `[…]` kept as a class. */
export function globToRegex(pattern: string): string {
  let regex = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*') regex += '.*';
    else if (char === '?') regex += '.';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new TypeError(`unclosed [ in GLOB pattern ${pattern}`);
      regex += pattern.slice(i, end + 1).replace(/^\[\^/, '[^').replace(/\\/g, '\\\\');
      i = end;
    } else regex += /[.+(){}|^$\\]/.test(char) ? `\\${char}` : char;
  }
  return `^${regex}$`;
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  inList: (column, placeholder = '?') => `${column} IN (SELECT value FROM json_each(${placeholder}))`,
  jsonListHasNumber: (column, placeholder = '?') => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value = ${placeholder})`,
  least: (...expressions) => variadic('MIN', expressions),
  greatest: (...expressions) => variadic('MAX', expressions),
  likeAnyCase: (column, placeholder = '?') => `${column} LIKE ${placeholder} ESCAPE '\\'`,
  matchesGlob: (column, pattern) => `${column} GLOB ${quoted(pattern)}`,
  tableExists: (table) => `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${quoted(checkedName(table))}`,
  afterExplicitIds: () => undefined,
};

export const postgresDialect: Dialect = {
  name: 'postgres',
  inList: (column, placeholder = '?') => `${column} = ANY(${placeholder})`,
  jsonListHasNumber: (column, placeholder = '?') => `CAST(${column} AS jsonb) @> to_jsonb(CAST(${placeholder} AS BIGINT))`,
  least: (...expressions) => variadic('LEAST', expressions),
  greatest: (...expressions) => variadic('GREATEST', expressions),
  likeAnyCase: (column, placeholder = '?') => `${column} ILIKE ${placeholder} ESCAPE '\\'`,
  matchesGlob: (column, pattern) => `${column} ~ ${quoted(globToRegex(pattern))}`,
  tableExists: (table) => `SELECT 1 WHERE to_regclass(${quoted(checkedName(table))}) IS NOT NULL`,
  afterExplicitIds: (table) => {
    const name = checkedName(table);
    return `SELECT setval(pg_get_serial_sequence('${name}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM ${name}`;
  },
};

/** A boolean column's value as either engine answers it (1/0; true/false from raw pg); NULL is false. */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === 1n;
}
