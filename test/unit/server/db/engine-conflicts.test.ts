import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RETRY_LIMITS, TransactionConflict } from '../../../../server/db/engine.ts';
import type { Engine } from '../../../../server/db/engine.ts';
import { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import { freshPostgres, postgresSkipped } from './postgres-databases.ts';

// A transaction that meets another is run again: a serialisation failure or a deadlock on PostgreSQL, a file another
// connection holds on SQLite. Each conflict is forced, in order, by holding one transaction until the other has moved.

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function codesOf(errors: unknown[]): unknown[] {
  return errors.map((error) => (error as { code?: unknown }).code);
}

const sqlite = suite('conflicts (sqlite)');

sqlite('a transaction meeting a file another connection is writing is run again once it is free', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'engine-busy-'));
  const file = join(dir, 'busy.db');
  const held = gate();
  const retry = gate();
  const retried: unknown[] = [];
  const holder = new SqliteEngine(new Database(file));
  // No busy wait: the second connection meets the lock at once, and its retry hook lets the holder finish.
  const onRetry = (_attempt: number, error: unknown) => {
    retried.push(error);
    retry.open();
  };
  const second = new SqliteEngine(new Database(file, { timeout: 0 }), { onRetry });
  try {
    await holder.exec('PRAGMA journal_mode = WAL; CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0)');
    const first = holder.transaction(async (tx) => {
      await tx.run('UPDATE counter SET n = n + 1');
      held.open();
      await retry.opened;
    });
    await held.opened;
    await second.transaction((tx) => tx.run('UPDATE counter SET n = n + 10'));
    await first;
    assert.is(await holder.value('SELECT n FROM counter'), 11);
    assert.ok(retried.length >= 1);
    assert.equal([...new Set(codesOf(retried))], ['SQLITE_BUSY']);
  } finally {
    await holder.close();
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

sqlite.run();

const skipped = postgresSkipped();
if (skipped) console.log(`conflict tests on PostgreSQL skipped: ${skipped}`);
else {
  const postgres = suite<{ db: Engine; close: () => Promise<void>; retried: unknown[] }>('conflicts (postgres)', {
    db: undefined as never,
    close: async () => {},
    retried: [],
  });
  postgres.before.each(async (context) => {
    context.retried = [];
    // A short deadlock timeout, so the deadlock case is found in a tenth of a second rather than a second.
    const opened = await freshPostgres({ onRetry: (_, error) => context.retried.push(error), pool: { options: '-c deadlock_timeout=100ms' } });
    context.db = opened.engine;
    context.close = opened.close;
    await context.db.exec('CREATE TABLE counters (id BIGINT PRIMARY KEY, n BIGINT NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0)');
  });
  postgres.after.each(async (context) => {
    await context.close();
  });

  postgres('a serialisation failure: the transaction that read first is run again and sees the other write', async ({ db, retried }) => {
    const read = gate();
    const written = gate();
    let attempts = 0;
    const slow = db.transaction(async (tx) => {
      attempts++;
      const n = (await tx.value<number>('SELECT n FROM counters WHERE id = 1'))!;
      read.open();
      await written.opened;
      await tx.run('UPDATE counters SET n = ? WHERE id = 1', n + 1);
      return n;
    });
    await read.opened;
    await db.transaction(async (tx) => {
      const n = (await tx.value<number>('SELECT n FROM counters WHERE id = 1'))!;
      await tx.run('UPDATE counters SET n = ? WHERE id = 1', n + 1);
    });
    written.open();
    assert.is(await slow, 1, 'the retried attempt read the committed 1');
    assert.is(attempts, 2);
    assert.is(await db.value('SELECT n FROM counters WHERE id = 1'), 2);
    assert.equal(codesOf(retried), ['40001']);
  });

  postgres('transactions of one queue wait their turn: 10 read-then-write at once, none run again, all counted', async ({ db, retried }) => {
    const increment = (queue?: string) =>
      db.transaction(async (tx) => {
        const n = (await tx.value<number>('SELECT n FROM counters WHERE id = 1'))!;
        await tx.run('UPDATE counters SET n = ? WHERE id = 1', n + 1);
      }, queue === undefined ? {} : { queue });
    await Promise.all(Array.from({ length: 10 }, () => increment('counter')));
    assert.is(await db.value('SELECT n FROM counters WHERE id = 1'), 10);
    assert.equal(retried, [], 'queued, none conflicted');
    // The same without the queue: as many, through conflicts run again.
    await Promise.all(Array.from({ length: 10 }, () => increment()));
    assert.is(await db.value('SELECT n FROM counters WHERE id = 1'), 20);
    assert.ok(retried.length > 0, 'without the queue they conflicted');
    // The queue's lock went with each transaction: no connection of the pool still holds it.
    assert.is(await db.value("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"), 0);
  });

  postgres('a deadlock: the transaction chosen to fail is run again, and both take effect', async ({ db, retried }) => {
    const firstHolds = gate();
    const secondHolds = gate();
    const across = (mine: number, theirs: number, holding: ReturnType<typeof gate>, waitFor: ReturnType<typeof gate>) =>
      db.transaction(async (tx) => {
        await tx.run('UPDATE counters SET n = n + 1 WHERE id = ?', mine);
        holding.open();
        await waitFor.opened;
        await tx.run('UPDATE counters SET n = n + 1 WHERE id = ?', theirs);
      });
    await Promise.all([across(1, 2, firstHolds, secondHolds), across(2, 1, secondHolds, firstHolds)]);
    assert.equal(await db.all('SELECT n FROM counters ORDER BY id'), [{ n: 2 }, { n: 2 }]);
    assert.ok(codesOf(retried).includes('40P01'), `retried for ${codesOf(retried).join(', ')}`);
  });

  postgres('a conflict the function caught still loses the attempt', async ({ db }) => {
    const read = gate();
    const written = gate();
    let attempts = 0;
    const outcome = db.transaction(async (tx) => {
      attempts++;
      await tx.value('SELECT n FROM counters WHERE id = 1');
      read.open();
      await written.opened;
      return tx.run('UPDATE counters SET n = 100 WHERE id = 1').then(
        () => 'written',
        () => 'failure swallowed',
      );
    });
    await read.opened;
    await db.run('UPDATE counters SET n = 5 WHERE id = 1');
    written.open();
    assert.is(await outcome, 'written');
    assert.is(attempts, 2);
    assert.is(await db.value('SELECT n FROM counters WHERE id = 1'), 100);
  });

  postgres('retries are bounded: a transaction that always conflicts is given up as TransactionConflict', async ({ db, retried }) => {
    let attempts = 0;
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    const thrown = await db
      .transaction(async () => {
        attempts++;
        throw conflict;
      })
      .catch((error: unknown) => error);
    assert.instance(thrown, TransactionConflict);
    assert.is((thrown as TransactionConflict).cause, conflict);
    assert.is(attempts, RETRY_LIMITS.attempts);
    assert.is(retried.length, RETRY_LIMITS.attempts - 1);
  });

  postgres('an integer beyond exact JavaScript numbers is refused rather than rounded', async ({ db }) => {
    const thrown = await db.value('SELECT 9007199254740993::bigint').catch((error: unknown) => error);
    assert.instance(thrown, RangeError);
    assert.is(await db.value('SELECT 9007199254740991::bigint'), Number.MAX_SAFE_INTEGER);
  });

  postgres.run();
}
