import pg from 'pg';
import type { CustomTypesConfig, DatabaseError } from 'pg';
import { UniqueViolation } from '../engine.ts';

// How PostgreSQL's answers are read so that they look like SQLite's: numbers as numbers, errors as the engine's types.

const BOOL = 16;
const INT8 = 20;
const NUMERIC = 1700;

/** A boolean column reads as SQLite's 1 or 0, so rows look alike on both engines (the row types say `number`). */
const parseBoolean = (text: string): number => (text === 't' ? 1 : 0);

/** BIGINT and COUNT(*) arrive as text; as numbers they must stay exact, or the read fails rather than round. */
function parseInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer ${text} is beyond JavaScript's exact range`);
  return value;
}

/** NUMERIC is what SUM over BIGINT and AVG answer: a whole number read exactly, a fraction as the nearest double. */
function parseNumeric(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || (!/[.eE]/.test(text) && !Number.isSafeInteger(value))) {
    throw new RangeError(`number ${text} is beyond JavaScript's exact range`);
  }
  return value;
}

/** The type readers of the engine's connections: pg's own, but for the three above (other pg users are untouched). */
export const TYPE_READERS: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === BOOL) return parseBoolean;
    if (format !== 'binary' && oid === INT8) return parseInteger;
    if (format !== 'binary' && oid === NUMERIC) return parseNumeric;
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as CustomTypesConfig['getTypeParser'],
};

const CONFLICT_CODES = new Set(['40001', '40P01']);

/** A serialisation failure or a deadlock: the transaction is sound, it only met another one, and may run again. */
export function isConflict(error: unknown): boolean {
  return CONFLICT_CODES.has((error as { code?: unknown } | null)?.code as string);
}

/** The columns of a unique violation's detail, "Key (tenant_id, code)=(1, A) already exists.". */
function keyColumns(detail: string | undefined): string[] {
  const key = /^Key \((.*?)\)=/.exec(detail ?? '');
  return key ? key[1]!.split(', ').map((column) => column.replace(/^"|"$/g, '')) : [];
}

/** How much of a failed statement an error message quotes. */
const QUOTED_SQL = 300;
/** Errors already given their statement (one thrown inside a transaction passes here again as the transaction's). */
const named = new WeakSet<Error>();

/**
 * The engine's error for what pg threw while running `sql`: a unique violation typed; any other error PostgreSQL
 * answered names the statement in its message (the logged line of a failure says which one; pg's says only what).
 */
export function engineError(error: unknown, sql: string): unknown {
  const database = error as Partial<DatabaseError> | null;
  if (database?.code === '23505') {
    return new UniqueViolation(database.table ?? '', keyColumns(database.detail), database.constraint ?? '', { cause: error });
  }
  if (error instanceof Error && typeof database?.severity === 'string' && !isConflict(error) && !named.has(error)) {
    named.add(error);
    const statement = sql.replace(/\s+/g, ' ').trim();
    error.message += ` (in: ${statement.length > QUOTED_SQL ? `${statement.slice(0, QUOTED_SQL)}…` : statement})`;
  }
  return error;
}
