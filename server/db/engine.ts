import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dialect } from './dialect.ts';

/**
 * One asynchronous way to reach the database, the same over SQLite (better-sqlite3, the embedded default:
 * sqlite-engine.ts) and PostgreSQL (pg: postgres-engine.ts). SQL is written once with `?` placeholders (or `@name`
 * with one object of values); the PostgreSQL engine renumbers them to `$1…`. What the two dialects spell differently
 * comes from `dialect` (dialect.ts), never from a test of which engine runs.
 *
 * What comes back is the same on both: integers (BIGINT, COUNT(*), SUM) as numbers, never strings, and a BLOB/BYTEA
 * as a Buffer. Booleans differ: PostgreSQL answers a BOOLEAN column or a comparison with true/false, SQLite with 1/0;
 * read them with `flag()` (dialect.ts) or as truthy, never `=== 1`. Booleans may be passed as parameters to both.
 */

/** A value bound to a placeholder. An array is a list parameter: see `Dialect.inList`. */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array | readonly (string | number)[];

/** Positional values for `?`, or one object whose keys name the `@name` placeholders. */
export type SqlParams = SqlValue[] | [Readonly<Record<string, SqlValue>>];

export type Row = Record<string, unknown>;

export interface RunResult {
  /** Rows inserted, updated or deleted (rows returned, for a statement with RETURNING). */
  changes: number;
  /** The `id` of the last row the statement returned: asked for by ending an INSERT with `RETURNING id`. */
  lastId?: number;
}

/** What a data function needs: the engine itself, or a transaction's handle inside `transaction(fn)`. */
export interface Queryable {
  readonly dialect: Dialect;
  /** The first row, or undefined. */
  get<T = Row>(sql: string, ...params: SqlParams): Promise<T | undefined>;
  all<T = Row>(sql: string, ...params: SqlParams): Promise<T[]>;
  /** The first column of the first row, or undefined (counts, ids, single values). */
  value<T = unknown>(sql: string, ...params: SqlParams): Promise<T | undefined>;
  /** The first column of every row (lists of ids). */
  column<T = unknown>(sql: string, ...params: SqlParams): Promise<T[]>;
  run(sql: string, ...params: SqlParams): Promise<RunResult>;
  /** Several statements without parameters (schemas, seeds). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` atomically: everything it did is undone when it throws, and the error goes on to the caller. On the
   * engine, a transaction of its own (what it reads cannot change before it writes; see each engine's header for
   * how); on a transaction's handle, a savepoint inside that transaction. `fn` may run more than once (a conflict is
   * retried), so it does nothing outside the database and awaits nothing but its handle.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  /**
   * Transactions of one queue run one after another, across every instance on the database: for those that would
   * otherwise conflict nearly always (every payment takes the same stock and numbers new phones after the highest
   * one), so they wait their turn instead of being run again and again. PostgreSQL holds an advisory lock on the name
   * from before BEGIN to after the end; SQLite runs every transaction one after another anyway. A savepoint is in its
   * outer transaction's turn: the option is ignored there.
   */
  queue?: string;
}

/** The queue of transactions that settle orders and make phones (payments, free orders, activation codes). */
export const SETTLEMENT_QUEUE = 'settlement';

export interface Engine extends Queryable {
  readonly kind: 'sqlite' | 'postgres';
  /** Waits for running work and releases the connections. */
  close(): Promise<void>;
}

export interface EngineOptions {
  /** Told of each transaction attempt that failed on a conflict and is about to be run again. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * An INSERT or UPDATE hit a unique key. `constraint` is the same name on both engines: a named unique index keeps its
 * name, a key declared in a table is named as PostgreSQL names it (`<table>_pkey`, `<table>_<columns>_key`), so a
 * route answers the catalogue's code by comparing `constraint`.
 */
export class UniqueViolation extends Error {
  override readonly name = 'UniqueViolation';

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    readonly constraint: string,
    options: { cause: unknown },
  ) {
    super(`unique key ${constraint} (${table}: ${columns.join(', ')}) already holds this value`, options);
  }
}

/** A transaction kept meeting conflicts (serialisation failures, deadlocks, a busy file) and was given up. */
export class TransactionConflict extends Error {
  override readonly name = 'TransactionConflict';

  constructor(
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`transaction given up after ${attempts} attempts that met conflicts`, options);
  }
}

/**
 * The engine was called from inside one of its own transactions: on SQLite that waits for itself forever, on
 * PostgreSQL it runs outside the transaction. Pass the transaction's handle down instead.
 */
export class EngineUsedInsideTransaction extends Error {
  override readonly name = 'EngineUsedInsideTransaction';

  constructor() {
    super('the engine was called inside its own transaction: use the handle transaction(fn) gives fn');
  }
}

/**
 * How many times a transaction is tried before it is given up, and the longest pause between two attempts (ms): under
 * two seconds of pauses in all. 80 concurrent writers of one row took up to 14 attempts (test/bench/postgres-transactions.ts).
 */
export const RETRY_LIMITS = { attempts: 40, pauseMs: 50 };

/** The pause before attempt `attempt + 1`: random, growing, capped, so conflicting transactions spread out. */
export function retryPause(attempt: number): number {
  return Math.random() * Math.min(RETRY_LIMITS.pauseMs, 2 ** attempt);
}

/** The values of a call's parameters checked once for both engines: undefined is a mistake, not NULL. */
export function checkedParams(params: SqlParams): SqlParams {
  const values = isNamed(params) ? Object.entries(params[0]) : params.map((value, index) => [index + 1, value] as const);
  for (const [key, value] of values) {
    if (value === undefined) throw new TypeError(`SQL parameter ${key} is undefined (pass null for NULL)`);
  }
  return params;
}

/** One plain object as the only parameter: values for `@name` placeholders. */
export function isNamed(params: SqlParams): params is [Readonly<Record<string, SqlValue>>] {
  if (params.length !== 1) return false;
  const only = params[0];
  if (only === null || typeof only !== 'object' || Array.isArray(only) || ArrayBuffer.isView(only)) return false;
  const prototype = Object.getPrototypeOf(only);
  return prototype === Object.prototype || prototype === null;
}

/** The transaction the running code is inside of, so an engine can refuse to be called from its own transaction. */
const openTransaction = new AsyncLocalStorage<{ engine: object; finished: boolean; settled: Promise<void> }>();

/** Runs one attempt of `engine`'s transaction, marked as open for the code `fn` calls until it settles. */
export async function insideTransaction<T>(engine: object, fn: () => Promise<T>): Promise<T> {
  let settle!: () => void;
  const mark = { engine, finished: false, settled: new Promise<void>((resolve) => (settle = resolve)) };
  try {
    return await openTransaction.run(mark, fn);
  } finally {
    mark.finished = true;
    settle();
  }
}

/**
 * Runs `fn` once the transaction the caller is inside of (if any) has ended, outside of it: work a transaction asks
 * for that reads the database afresh (a re-check after a revocation), which the engine would refuse inside the
 * transaction. It reads what the transaction committed (SQLite's statements wait for the COMMIT; PostgreSQL's engine
 * commits before it lets them go). A transaction run again lets it go after the attempt that failed.
 */
export async function afterTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const open = openTransaction.getStore();
  if (open && !open.finished) await open.settled;
  return openTransaction.exit(fn);
}

export function assertOutsideTransaction(engine: object): void {
  const open = openTransaction.getStore();
  if (open && open.engine === engine && !open.finished) throw new EngineUsedInsideTransaction();
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
