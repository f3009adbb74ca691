import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDialect } from './dialect.ts';
import {
  assertOutsideTransaction,
  checkedParams,
  insideTransaction,
  isNamed,
  pause,
  retryPause,
  RETRY_LIMITS,
  TransactionConflict,
  UniqueViolation,
} from './engine.ts';
import type { Engine, EngineOptions, Queryable, Row, RunResult, SqlParams, SqlValue } from './engine.ts';

/**
 * The engine over one better-sqlite3 connection (the embedded default). Statements run synchronously underneath;
 * while a transaction is open (between its BEGIN IMMEDIATE and COMMIT, across the awaits of its function), statements
 * from elsewhere wait for it, and transactions run one after another. BEGIN IMMEDIATE takes the write lock first, so
 * what a transaction reads cannot change before it writes. Another process writing the same file makes BEGIN fail as
 * busy: that attempt is run again like a conflict on PostgreSQL.
 *
 * Values: a boolean parameter is bound as 1 or 0 and an array as JSON text (for `Dialect.inList`); booleans come
 * back as 1 or 0 (read them with `flag()`).
 */

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

function bound(value: SqlValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value);
  return value;
}

function boundParams(params: SqlParams): unknown[] {
  checkedParams(params);
  if (isNamed(params)) return [Object.fromEntries(Object.entries(params[0]).map(([key, value]) => [key, bound(value)]))];
  return params.map(bound);
}

/**
 * The name PostgreSQL gives a key declared in a table (the baseline leaves them unnamed), so a unique violation names
 * the same constraint on both engines.
 */
export function postgresKeyName(table: string, columns: readonly string[], primary: boolean): string {
  return primary ? `${table}_pkey` : `${table}_${columns.join('_')}_key`;
}

interface IndexListRow {
  name: string;
  unique: number;
  origin: 'c' | 'u' | 'pk';
}

export class SqliteEngine implements Engine {
  readonly kind = 'sqlite';
  readonly dialect = sqliteDialect;
  private readonly statements = new Map<string, Statement>();
  /** Settles when the open transaction ends; undefined while none is open. */
  private open: Promise<void> | undefined;
  /** The last transaction queued: the next one starts after it. */
  private queue: Promise<void> = Promise.resolve();
  private savepoints = 0;

  constructor(
    readonly db: BetterSqlite3.Database,
    private readonly options: EngineOptions = {},
  ) {
  }

  /** The statements of one transaction: run at once, since only it can run while it is open; refused after it. */
  private handleFor(state: { finished: boolean }): Queryable {
    const open = () => {
      if (state.finished) throw new Error('a transaction handle was used after its transaction ended');
    };
    const handle: Queryable = {
      dialect: sqliteDialect,
      get: async <T>(sql: string, ...params: SqlParams) => (open(), this.read(sql, params, 'get') as T | undefined),
      all: async <T>(sql: string, ...params: SqlParams) => (open(), this.read(sql, params, 'all') as T[]),
      value: async <T>(sql: string, ...params: SqlParams) => (open(), this.read(sql, params, 'value') as T | undefined),
      column: async <T>(sql: string, ...params: SqlParams) => (open(), this.read(sql, params, 'column') as T[]),
      run: async (sql: string, ...params: SqlParams) => (open(), this.write(sql, params)),
      exec: async (sql: string) => (open(), this.execute(sql)),
      transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => (open(), this.savepoint(handle, fn)),
    };
    return handle;
  }

  private statement(sql: string): Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Waits while a transaction this call is not part of is open. */
  private async turn(): Promise<void> {
    assertOutsideTransaction(this);
    while (this.open) await this.open;
  }

  private read(sql: string, params: SqlParams, mode: 'get' | 'all' | 'value' | 'column'): unknown {
    try {
      const statement = this.statement(sql);
      const values = boundParams(params);
      if (!statement.reader) {
        statement.run(...values);
        return mode === 'all' || mode === 'column' ? [] : undefined;
      }
      if (mode === 'all' || mode === 'column') return statement.pluck(mode === 'column').all(...values);
      return statement.pluck(mode === 'value').get(...values);
    } catch (error) {
      throw this.engineError(error);
    }
  }

  private write(sql: string, params: SqlParams): RunResult {
    try {
      const statement = this.statement(sql);
      const values = boundParams(params);
      if (!statement.reader) return { changes: statement.run(...values).changes };
      const rows = statement.pluck(false).all(...values) as Row[];
      const lastId = rows.at(-1)?.id;
      return typeof lastId === 'number' ? { changes: rows.length, lastId } : { changes: rows.length };
    } catch (error) {
      throw this.engineError(error);
    }
  }

  private execute(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      throw this.engineError(error);
    }
  }

  async get<T = Row>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    await this.turn();
    return this.read(sql, params, 'get') as T | undefined;
  }

  async all<T = Row>(sql: string, ...params: SqlParams): Promise<T[]> {
    await this.turn();
    return this.read(sql, params, 'all') as T[];
  }

  async value<T = unknown>(sql: string, ...params: SqlParams): Promise<T | undefined> {
    await this.turn();
    return this.read(sql, params, 'value') as T | undefined;
  }

  async column<T = unknown>(sql: string, ...params: SqlParams): Promise<T[]> {
    await this.turn();
    return this.read(sql, params, 'column') as T[];
  }

  async run(sql: string, ...params: SqlParams): Promise<RunResult> {
    await this.turn();
    return this.write(sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.turn();
    this.execute(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    assertOutsideTransaction(this);
    const previous = this.queue;
    let done!: () => void;
    this.queue = new Promise<void>((resolve) => (done = resolve));
    await previous;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          this.db.exec('BEGIN IMMEDIATE');
        } catch (error) {
          if (!BUSY.has((error as { code?: string }).code ?? '')) throw error;
          if (attempt >= RETRY_LIMITS.attempts) throw new TransactionConflict(attempt, { cause: error });
          this.options.onRetry?.(attempt, error);
          await pause(retryPause(attempt));
          continue;
        }
        return await this.inside(fn);
      }
    } finally {
      done();
    }
  }

  /** One transaction, begun: committed when `fn` settles, rolled back when it throws. */
  private async inside<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    let ended!: () => void;
    this.open = new Promise<void>((resolve) => (ended = resolve));
    const state = { finished: false };
    const handle = this.handleFor(state);
    try {
      const result = await insideTransaction(this, () => fn(handle));
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw this.engineError(error);
    } finally {
      state.finished = true;
      this.open = undefined;
      this.savepoints = 0;
      ended();
    }
  }

  private async savepoint<T>(handle: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const name = `step_${++this.savepoints}`;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn(handle);
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw error;
    }
  }

  /** A unique violation typed and named as PostgreSQL names it; anything else as it came. */
  private engineError(error: unknown): unknown {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return error;
    const message = (error as Error).message;
    const byIndex = /failed: index '([^']+)'/.exec(message);
    if (byIndex) {
      const table = this.db.prepare('SELECT tbl_name FROM sqlite_master WHERE name = ?').pluck().get(byIndex[1]) as string;
      return new UniqueViolation(table ?? '', [], byIndex[1]!, { cause: error });
    }
    const qualified = /failed: (.+)$/.exec(message)?.[1]?.split(', ') ?? [];
    const table = qualified[0]?.split('.')[0] ?? '';
    const columns = qualified.map((name) => name.slice(name.indexOf('.') + 1));
    return new UniqueViolation(table, columns, this.constraintOf(table, columns, code === 'SQLITE_CONSTRAINT_PRIMARYKEY'), { cause: error });
  }

  /** The unique index of `table` over exactly `columns`: its own name, or PostgreSQL's name for a declared key. */
  private constraintOf(table: string, columns: string[], primary: boolean): string {
    if (!primary) {
      for (const index of this.db.pragma(`index_list("${table}")`) as IndexListRow[]) {
        if (!index.unique || index.origin === 'pk') continue;
        const indexed = (this.db.pragma(`index_info("${index.name}")`) as { name: string }[]).map((column) => column.name);
        if (indexed.join(',') !== columns.join(',')) continue;
        return index.origin === 'c' ? index.name : postgresKeyName(table, columns, false);
      }
    }
    return postgresKeyName(table, columns, primary);
  }

  async close(): Promise<void> {
    await this.queue;
    this.db.close();
  }
}
