// How transactions that read then write keep their guarantee on PostgreSQL, measured three ways on one throwaway
// cluster (test/pg-cluster.mjs), pool of 10 connections each:
//   serializable: the engine's way (postgres-engine.ts): SERIALIZABLE, a conflict retried after a random pause;
//   row locks: READ COMMITTED with SELECT … FOR UPDATE on the row the decision rests on;
//   unguarded: READ COMMITTED as the SQLite code is written today, to show what the other two prevent.
// Scenarios: 20 concurrent redeems of one code (ROUNDS rounds: coupons granted per round must be 1); 80 concurrent
// buyers of a stock of 50 on one row (successes must be 50, the stock 0); 400 transactions on 400 separate rows, 10
// at a time (no real conflict: what each way costs when nothing collides).
// Run: node --import tsx test/bench/postgres-transactions.ts [--rounds N] [--fillfactor N] (the last for the 400 rows'
// table: free room in its pages lets an update stay off the index, which is what SERIALIZABLE's false conflicts
// between unrelated rows come from).
import pg from 'pg';
import type { PoolClient } from 'pg';
import { startCluster } from '../pg-cluster.mjs';
import { openPostgres } from '../../server/db/postgres-engine.ts';
import type { Queryable } from '../../server/db/engine.ts';

const argv = process.argv.slice(2);
const roundsArg = argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(argv[roundsArg + 1]) : 20;
const fillArg = argv.indexOf('--fillfactor');
const FILL = fillArg >= 0 ? ` WITH (fillfactor = ${Number(argv[fillArg + 1])})` : '';

type Way = 'serializable' | 'row locks' | 'unguarded';
const WAYS: Way[] = ['serializable', 'row locks', 'unguarded'];

const cluster = await startCluster({ database: 'bench' });
let retries = 0;
let mostAttempts = 1;
const onRetry = (attempt: number) => {
  retries++;
  mostAttempts = Math.max(mostAttempts, attempt + 1);
};
const engine = openPostgres(cluster.socketUrl, { onRetry, pool: { max: 10 } });
const raw = new pg.Pool({ connectionString: cluster.socketUrl, max: 10 });

/** `fn` in a transaction the way `way` runs it; the raw ways use `?` too, through a small adapter. */
async function transaction<T>(way: Way, fn: (tx: Pick<Queryable, 'get' | 'run'>, lock: string) => Promise<T>): Promise<T | 'given up'> {
  if (way === 'serializable') return engine.transaction((tx) => fn(tx, '')).catch(() => 'given up' as const);
  const client: PoolClient = await raw.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const tx = {
    get: async (sql: string, ...params: unknown[]) => (await client.query(numbered(sql), params)).rows[0],
    run: async (sql: string, ...params: unknown[]) => ({ changes: (await client.query(numbered(sql), params)).rowCount ?? 0 }),
  } as Pick<Queryable, 'get' | 'run'>;
  try {
    await client.query('BEGIN');
    const result = await fn(tx, way === 'row locks' ? ' FOR UPDATE' : '');
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

await engine.exec(`
  CREATE TABLE codes (id BIGINT PRIMARY KEY, used_by BIGINT);
  CREATE TABLE coupons (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, code_id BIGINT NOT NULL, user_id BIGINT NOT NULL);
  CREATE TABLE stock (id BIGINT PRIMARY KEY, left_over BIGINT NOT NULL);
  CREATE TABLE sales (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, buyer BIGINT NOT NULL);
  CREATE TABLE accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)${FILL};`);

const redeem = (way: Way, user: number) =>
  transaction(way, async (tx, lock) => {
    const code = await tx.get<{ used_by: number | null }>(`SELECT used_by FROM codes WHERE id = 1${lock}`);
    if (code?.used_by !== null) return 'used';
    await tx.run('UPDATE codes SET used_by = ? WHERE id = 1', user);
    await tx.run('INSERT INTO coupons (code_id, user_id) VALUES (1, ?)', user);
    return 'granted';
  });

const buy = (way: Way, buyer: number) =>
  transaction(way, async (tx, lock) => {
    const row = await tx.get<{ left_over: number }>(`SELECT left_over FROM stock WHERE id = 1${lock}`);
    if (!row || row.left_over < 1) return 'sold out';
    await tx.run('UPDATE stock SET left_over = ? WHERE id = 1', row.left_over - 1);
    await tx.run('INSERT INTO sales (buyer) VALUES (?)', buyer);
    return 'bought';
  });

const deposit = (way: Way, id: number) =>
  transaction(way, async (tx, lock) => {
    const row = await tx.get<{ balance: number }>(`SELECT balance FROM accounts WHERE id = ?${lock}`, id);
    await tx.run('UPDATE accounts SET balance = ? WHERE id = ?', (row?.balance ?? 0) + 1, id);
    return 'ok';
  });

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const lines: string[] = [];
const row = (...cells: (string | number)[]) => lines.push(cells.map((cell, i) => String(cell).padEnd(i === 0 ? 14 : i === 4 ? 28 : i === 6 ? 24 : 20)).join(''));
row('way', 'redeem: ms / round', 'wrong rounds', 'stock: ms', 'stock: sold of 50', 'disjoint: tx/s', 'retries (3 scenarios)', 'most attempts');

for (const way of WAYS) {
  retries = 0;
  mostAttempts = 1;
  let wrong = 0;
  let redeemMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await engine.exec('DELETE FROM coupons; DELETE FROM codes; INSERT INTO codes (id, used_by) VALUES (1, NULL)');
    const [, ms] = await timed(() => Promise.all(Array.from({ length: 20 }, (_, user) => redeem(way, user + 1))));
    redeemMs += ms;
    if ((await engine.value('SELECT COUNT(*) FROM coupons')) !== 1) wrong++;
  }
  const redeemRetries = retries;
  await engine.exec('DELETE FROM sales; DELETE FROM stock; INSERT INTO stock (id, left_over) VALUES (1, 50)');
  const [bought, stockMs] = await timed(() => Promise.all(Array.from({ length: 80 }, (_, buyer) => buy(way, buyer))));
  const sold = await engine.value<number>('SELECT COUNT(*) FROM sales');
  const left = await engine.value<number>('SELECT left_over FROM stock');
  const gaveUp = bought.filter((outcome) => outcome === 'given up').length;
  const stockRetries = retries - redeemRetries;
  await engine.exec('DELETE FROM accounts; INSERT INTO accounts (id, balance) SELECT n, 0 FROM generate_series(1, 400) n');
  const [, disjointMs] = await timed(async () => {
    let next = 1;
    await Promise.all(Array.from({ length: 10 }, async () => {
      for (let id = next++; id <= 400; id = next++) await deposit(way, id);
    }));
  });
  row(way, (redeemMs / ROUNDS).toFixed(1), `${wrong} of ${ROUNDS}`, stockMs.toFixed(0), `${sold}, ${left} left, ${gaveUp} gave up`, (400 / (disjointMs / 1000)).toFixed(0), `${redeemRetries} / ${stockRetries} / ${retries - redeemRetries - stockRetries}`, mostAttempts);
}

console.log(`\nread-then-write transactions on PostgreSQL (${ROUNDS} redeem rounds, pool of 10${FILL})\n${lines.join('\n')}`);
await engine.close();
await raw.end();
await cluster.stop();
