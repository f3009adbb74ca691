// The reference server on SQLite and on PostgreSQL, side by side (part of `npm run bench`, 60-100 s): one server on a
// throwaway SQLite file and one on a throwaway PostgreSQL cluster (test/pg-cluster.mjs, over TCP), both up, driven in
// turn over HTTP on loopback with a fixed number of requests in flight (docs/benchmarks.md "SQLite and PostgreSQL").
// The three operations of test/bench/api-load.mjs: password logins, list pages of the 1,000-phone account, orders
// created and paid. Every reply is checked (HTTP 200 and code 0); a refused one is counted and shown, never counted
// as done. The figures are per second of wall time from the first request to the last reply; p50/p95 are per
// operation (an order is its two calls). The load generator runs on the same machine as the server and the database.
// Run: node test/bench/databases.mjs [--seconds N] [--orders N] [--concurrency N]. Exits non-zero only when the bench
// cannot run (a server that does not start, a set-up call refused, an operation with no reply accepted).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensurePostgres, startCluster } from '../pg-cluster.mjs';
import { startServer } from '../start-server.mjs';
import { LOAD_SERVER_ENV, ORDERS_OPERATION, ROUNDS, WARM_UP, benchAll, prepareOperations, printTable, serverErrors }
  from './api-load.mjs';
import { machine } from './boot-profile.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
/** Seconds each of logins and list pages is driven for, after its warm-up. */
const SECONDS = option('--seconds', 8);
/** Orders measured per engine: a count, as each takes a phone from the seeded Standard stock. */
const ORDERS = option('--orders', 400);
const CONCURRENCY = option('--concurrency', 8);
if (!(ORDERS % ROUNDS === 0 && SECONDS > 0 && CONCURRENCY >= 1)) {
  throw new Error(`--orders must be a multiple of ${ROUNDS}, --seconds and --concurrency positive`);
}

/** Starts a server with `env` (stopped by the caller) and says how long it took, seeding included. */
async function startTimed(name, env, servers) {
  const startedAt = performance.now();
  const server = await startServer({ ...LOAD_SERVER_ENV, ...env });
  servers.push(server);
  console.log(`${name}: server up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (seeded)`);
  const operations = await prepareOperations(server.baseURL, {
    seconds: SECONDS, orders: ORDERS, concurrency: CONCURRENCY, stockNeeded: ORDERS + WARM_UP,
  });
  return { name, server, operations };
}

/**
 * Transactions PostgreSQL rolled back in the bench's database: each conflict the engine ran again, each transaction
 * given up or failed. A server process reports its counts at most once a second while busy, and in full as it ends.
 */
async function rollbacks(cluster) {
  const { rows } = await cluster.admin.query("SELECT xact_rollback FROM pg_stat_database WHERE datname = 'bench'");
  return Number(rows[0].xact_rollback);
}

const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const loadBefore = load();
const servers = [];
let cluster;
let failed = false;
try {
  const engines = [await startTimed('SQLite', {}, servers)];
  const found = ensurePostgres();
  if (!found.bin) {
    console.log(`PostgreSQL skipped: ${found.skipped}`);
  } else {
    cluster = await startCluster({ database: 'bench' });
    engines.push(await startTimed('PostgreSQL', { DATABASE_URL: cluster.url }, servers));
  }
  // The orders come last: their rollbacks are counted from the moment they start to the PostgreSQL server's end.
  let rollbacksBefore = 0;
  const results = await benchAll(engines, {
    concurrency: CONCURRENCY,
    before: async (operation) => {
      if (operation === ORDERS_OPERATION && cluster) rollbacksBefore = await rollbacks(cluster);
    },
  });
  for (const { name, server } of engines) serverErrors(name, server);
  if (cluster) {
    await servers[1].stop();
    const rolledBack = (await rollbacks(cluster)) - rollbacksBefore;
    const orders = ORDERS + WARM_UP;
    console.log(`PostgreSQL rolled back ${rolledBack} transactions during the ${orders} orders (warm-up included): ` +
      `${(rolledBack / orders).toFixed(2)} an order, each a conflict run again or a failed statement`);
  }
  console.log(`${machine()}; load average ${loadBefore} at the start, ${load()} at the end (1, 5, 15 min)`);
  console.log(`reference server, ${CONCURRENCY} requests in flight over loopback; logins and list pages ${SECONDS} s, ` +
    `${ORDERS} orders, in ${ROUNDS} rounds alternating the engines (after ${WARM_UP} unmeasured); ` +
    'refused: SQLite / PostgreSQL');
  printTable(['SQLite', 'PostgreSQL'], results);
  for (const engine of Object.values(results)) {
    if (Object.values(engine).some((result) => result.done === 0)) failed = true;
  }
  if (failed) console.error('an operation had no reply accepted: the bench measured nothing there');
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  for (const server of servers) await server.stop().catch((error) => console.error(error));
  await cluster?.stop();
}
process.exit(failed ? 1 : 0);
