import pg from 'pg';
import type { Pool, PoolClient, PoolConfig, QueryResult } from 'pg';
import { postgresDialect } from './dialect.ts';
import {
  assertOutsideTransaction,
  checkedParams,
  insideTransaction,
  isNamed,
  pause,
  retryPause,
  RETRY_LIMITS,
  TransactionConflict,
} from './engine.ts';
import type { Engine, EngineOptions, Queryable, Row, RunResult, SqlParams, TransactionOptions } from './engine.ts';
import { renumbered } from './postgres/placeholders.ts';
import { engineError, isConflict, TYPE_READERS } from './postgres/values.ts';

/**
 * The engine over PostgreSQL (node-postgres, a pool of connections). A transaction runs at SERIALIZABLE and is run
 * again, after a short random pause, when PostgreSQL reports a serialisation failure (40001) or a deadlock (40P01),
 * up to RETRY_LIMITS.attempts times (then TransactionConflict).
 *
 * Chosen over row locks (READ COMMITTED with SELECT … FOR UPDATE) because it keeps, without touching their SQL, the
 * guarantee SQLite's single writer gives every transaction that reads then writes: row locks need a FOR UPDATE, which
 * SQLite does not parse, added by hand to each read a decision rests on, and cannot lock a row that is not there yet
 * ("no coupon from this code yet, so insert one"); a forgotten one is a silent double spend. The price, measured by
 * test/bench/postgres-transactions.ts (2 cores, pool of 10): both keep 20 concurrent redeems of one code to one coupon
 * and 80 buyers of a stock of 50 to 50 sales; SERIALIZABLE is 2-4 times slower on that one hot row (about 300 ms
 * against 90 ms, retried up to 14 times) and, on a small table whose pages are full, retries unrelated transactions
 * too (400 on separate rows: about 650 against 1,600 a second); a fill factor of 70 on that table removes those
 * retries and the gap. Details in docs/postgresql.md.
 */

export interface PostgresEngineOptions extends EngineOptions {
  /** Settings of the connection pool (size, timeouts); the URL and the type readers are the engine's. */
  pool?: Omit<PoolConfig, 'connectionString' | 'types'>;
}

type Runner = Pool | PoolClient;

/** A transaction queue (TransactionOptions.queue) is a session advisory lock on a 64-bit hash of its name. */
const QUEUE_LOCK = 'SELECT pg_advisory_lock(hashtextextended($1, 0))';
const QUEUE_UNLOCK = 'SELECT pg_advisory_unlock(hashtextextended($1, 0))';

function values(sql: string, params: SqlParams): { text: string; values: unknown[] } {
  const { text, names, positional } = renumbered(sql);
  checkedParams(params);
  if (isNamed(params)) {
    if (positional > 0) throw new TypeError('SQL with ? placeholders was given named values');
    const named = params[0];
    return {
      text,
      values: names.map((name) => {
        if (!(name in named)) throw new TypeError(`no value for @${name}`);
        return named[name];
      }),
    };
  }
  if (names.length > 0) throw new TypeError('SQL with @name placeholders needs one object of values');
  if (params.length !== positional) throw new RangeError(`SQL has ${positional} placeholders but ${params.length} values were given`);
  return { text, values: params };
}

async function query(runner: Runner, sql: string, params: SqlParams, rowMode?: 'array'): Promise<QueryResult> {
  const prepared = values(sql, params);
  try {
    return rowMode ? await runner.query({ ...prepared, rowMode }) : await runner.query(prepared);
  } catch (error) {
    throw engineError(error, prepared.text);
  }
}

function runResult(result: QueryResult): RunResult {
  const last = result.rows.at(-1) as Row | undefined;
  const lastId = last && typeof last.id === 'number' ? last.id : undefined;
  return lastId === undefined ? { changes: result.rowCount ?? 0 } : { changes: result.rowCount ?? 0, lastId };
}

/** The statements of one transaction attempt, on the connection it holds. */
class PostgresTransaction implements Queryable {
  readonly dialect = postgresDialect;
  /** A conflict one of its statements met: the attempt is lost even if `fn` caught the error. */
  conflict: unknown;
  /** Set when the attempt has ended: its connection may already serve someone else. */
  finished = false;
  private savepoints = 0;

  constructor(private readonly client: PoolClient) {}

  private open(): void {
    if (this.finished) throw new Error('a transaction handle was used after its transaction ended');
  }

  private async query(sql: string, params: SqlParams, rowMode?: 'array'): Promise<QueryResult> {
    this.open();
    try {
      return await query(this.client, sql, params, rowMode);
    } catch (error) {
      if (isConflict(error)) this.conflict ??= error;
      throw error;
    }
  }

  async get<T = Row>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    return (await this.query(sql, params)).rows[0] as T | undefined;
  }

  async all<T = Row>(sql: string, ...params: SqlParams): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  async value<T = unknown>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    return ((await this.query(sql, params, 'array')).rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  }

  async column<T = unknown>(sql: string, ...params: SqlParams): Promise<T[]> {
    return (await this.query(sql, params, 'array')).rows.map((row: unknown[]) => row[0] as T);
  }

  async run(sql: string, ...params: SqlParams): Promise<RunResult> {
    return runResult(await this.query(sql, params));
  }

  async exec(sql: string): Promise<void> {
    this.open();
    try {
      await this.client.query(sql);
    } catch (error) {
      if (isConflict(error)) this.conflict ??= error;
      throw engineError(error, sql);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const name = `step_${++this.savepoints}`;
    await this.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn(this);
      await this.exec(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // After a conflict the whole attempt is run again; undoing the step alone would not save it.
      if (this.conflict === undefined) await this.exec(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }
}

export class PostgresEngine implements Engine {
  readonly kind = 'postgres';
  readonly dialect = postgresDialect;

  constructor(
    readonly pool: Pool,
    private readonly options: EngineOptions = {},
  ) {
    // A connection that drops while idle is replaced on its next use; unheard, the error would end the process.
    pool.on('error', () => {});
  }

  async get<T = Row>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    assertOutsideTransaction(this);
    return (await query(this.pool, sql, params)).rows[0] as T | undefined;
  }

  async all<T = Row>(sql: string, ...params: SqlParams): Promise<T[]> {
    assertOutsideTransaction(this);
    return (await query(this.pool, sql, params)).rows as T[];
  }

  async value<T = unknown>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    assertOutsideTransaction(this);
    return ((await query(this.pool, sql, params, 'array')).rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  }

  async column<T = unknown>(sql: string, ...params: SqlParams): Promise<T[]> {
    assertOutsideTransaction(this);
    return (await query(this.pool, sql, params, 'array')).rows.map((row: unknown[]) => row[0] as T);
  }

  async run(sql: string, ...params: SqlParams): Promise<RunResult> {
    assertOutsideTransaction(this);
    return runResult(await query(this.pool, sql, params));
  }

  async exec(sql: string): Promise<void> {
    assertOutsideTransaction(this);
    try {
      await this.pool.query(sql);
    } catch (error) {
      throw engineError(error, sql);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    assertOutsideTransaction(this);
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      const tx = new PostgresTransaction(client);
      let failure: unknown;
      let broken = false;
      let queued = false;
      try {
        // Taken before BEGIN, so the snapshot is made once the turn has come and sees what the one before committed.
        if (options.queue !== undefined) {
          await client.query(QUEUE_LOCK, [options.queue]);
          queued = true;
        }
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        // COMMIT inside the mark: work the transaction asked for (afterTransaction) reads what it committed.
        return await insideTransaction(this, async () => {
          const result = await fn(tx);
          if (tx.conflict !== undefined) throw tx.conflict;
          await client.query('COMMIT');
          return result;
        });
      } catch (error) {
        failure = tx.conflict ?? error;
        await client.query('ROLLBACK').catch(() => (broken = true));
      } finally {
        // A connection that cannot say so is closed, which ends its lock too.
        if (queued && !broken) await client.query(QUEUE_UNLOCK, [options.queue]).catch(() => (broken = true));
        tx.finished = true;
        // A connection whose ROLLBACK failed is closed rather than handed to the next caller mid-transaction.
        client.release(broken);
      }
      if (!isConflict(failure)) throw engineError(failure, 'COMMIT');
      if (attempt >= RETRY_LIMITS.attempts) throw new TransactionConflict(attempt, { cause: failure });
      this.options.onRetry?.(attempt, failure);
      await pause(retryPause(attempt));
    }
  }

  private closing: Promise<void> | undefined;

  /** Ends the pool once; a second call waits for the first. */
  async close(): Promise<void> {
    await (this.closing ??= this.pool.end());
  }
}

/** An engine on the database at `url` (postgres://user@host:port/name, or ?host=/socket/dir for a unix socket). */
export function openPostgres(url: string, options: PostgresEngineOptions = {}): PostgresEngine {
  const pool = new pg.Pool({ ...options.pool, connectionString: url, types: TYPE_READERS });
  return new PostgresEngine(pool, options);
}
