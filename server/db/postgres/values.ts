import pg from 'pg';
import type { CustomTypesConfig, DatabaseError } from 'pg';
import { UniqueViolation } from '../engine.ts';

// How PostgreSQL's answers are read so that they look like SQLite's: numbers as numbers, errors as the engine's types.

const INT8 = 20;
const NUMERIC = 1700;

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

/** The type readers of the engine's connections: pg's own, but for the two above (other pg users are untouched). */
export const TYPE_READERS: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
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

/** The engine's error for what pg threw: a unique violation typed, anything else as it came. */
export function engineError(error: unknown): unknown {
  const database = error as Partial<DatabaseError> | null;
  if (database?.code === '23505') {
    return new UniqueViolation(database.table ?? '', keyColumns(database.detail), database.constraint ?? '', { cause: error });
  }
  return error;
}
