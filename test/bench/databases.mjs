// The reference server on SQLite and on PostgreSQL, side by side (part of `npm run bench`, 60-100 s): one server on a
// throwaway SQLite file and one on a throwaway PostgreSQL cluster (test/pg-cluster.mjs, over TCP), both up, driven in
// turn over HTTP on loopback with a fixed number of requests in flight (docs/benchmarks.md "SQLite and PostgreSQL").
// Three operations:
// - password logins of the demo account (Argon2id checks the password: the hash, not the database, sets the pace);
// - pages of 200 phones of the 1,000-phone account, pages 1-5 in turn (reads);
// - orders: a buy of one Standard phone, created and paid with the mock method (a write transaction each, which
//   takes stock from one shared row and creates a phone), spread over users registered by SMS code.
// Every reply is checked (HTTP 200 and code 0); a refused one is counted and shown, never counted as done. The
// figures are per second of wall time from the first request to the last reply; p50/p95 are per operation (an order
// is its two calls). The load generator runs on the same machine as the server and the database.
// Run: node test/bench/databases.mjs [--seconds N] [--orders N] [--concurrency N]. Exits non-zero only when the bench
// cannot run (a server that does not start, a set-up call refused, an operation with no reply accepted).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensurePostgres, startCluster } from '../pg-cluster.mjs';
import { startServer } from '../start-server.mjs';
import { machine } from './boot-profile.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
/** Seconds each of logins and list pages is driven for, after its warm-up. */
const SECONDS = option('--seconds', 8);
/** Orders measured per engine: a count, as each takes a phone from the seeded Standard stock. */
const ORDERS = option('--orders', 400);
const CONCURRENCY = option('--concurrency', 8);
/** Unmeasured operations first, so both servers are compared warm (compiled code, caches, pool connections). */
const WARM_UP = 16;
/** Measured runs of each operation on each engine, alternating: see benchAll. */
const ROUNDS = 4;
if (!(ORDERS % ROUNDS === 0 && SECONDS > 0 && CONCURRENCY >= 1)) {
  throw new Error(`--orders must be a multiple of ${ROUNDS}, --seconds and --concurrency positive`);
}
const ORDERS_OPERATION = 'orders (create + pay)';
const TENANT = '1';
const SMS_CODE = '246810';
const STANDARD = 1;

// Everything comes from 127.0.0.1, so the per-address limits are raised out of the way. Concurrent logins of one
// account count as failures while their passwords are being checked (API.md "Throttling"), so with the default 5 a
// burst of 8 would wait: the login allowances are raised too. No limit caps successful logins or orders as such.
const SERVER_ENV = {
  SMS_FIXED_CODE: SMS_CODE,
  LOGIN_ACCOUNT_MAX_FAILURES: '100000',
  LOGIN_ADDRESS_MAX_FAILURES: '100000',
  SMS_ADDRESS_LIMIT_PER_HOUR: '100000',
  SMS_ADDRESS_GROUP_LIMIT_PER_HOUR: '100000',
  SMS_PREFIX_LIMIT_PER_HOUR: '100000',
  SMS_GLOBAL_LIMIT_PER_HOUR: '100000',
  // Production does not check its own replies against the contract; the browser tests' server does.
  CHECK_REPLIES: '0',
};

/** One API call; answers the envelope's data, or throws with what refused it. */
async function call(baseURL, path, { body, token, method = body === undefined ? 'GET' : 'POST' } = {}) {
  const headers = { 'tenant-id': TENANT, language: 'en-US' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const response = await fetch(`${baseURL}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let reply;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new Error(`${path}: HTTP ${response.status}, not JSON`);
  }
  if (response.status !== 200 || reply.code !== 0) {
    throw new Error(`${path}: HTTP ${response.status}, code ${reply.code} ${reply.msg}`);
  }
  return reply.data;
}

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted, share) =>
  (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : NaN);

/**
 * Runs `operation(n)` with CONCURRENCY in flight, until `seconds` have passed (no new one starts after) or `count`
 * have started. Answers the latencies of the accepted ones, the refusals by reason, and the seconds it took.
 */
async function drive(operation, { seconds, count }) {
  const latencies = [];
  const refusals = new Map();
  let started = 0;
  const begin = performance.now();
  const deadline = seconds === undefined ? Infinity : begin + seconds * 1000;
  const more = () => (count === undefined || started < count) && performance.now() < deadline;
  const worker = async () => {
    while (more()) {
      const n = started++;
      const t0 = performance.now();
      try {
        await operation(n);
        latencies.push(performance.now() - t0);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latencies, refusals, elapsed: (performance.now() - begin) / 1000 };
}

/** Registers `count` users by SMS code (an unknown mobile is registered by sms-login); answers their access tokens. */
async function registerUsers(baseURL, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const mobile = `1390000${String(i).padStart(4, '0')}`;
    await call(baseURL, '/api/merchant/auth/send-sms-code', { body: { mobile, scene: 1 } });
    const pair = await call(baseURL, '/api/merchant/auth/sms-login', { body: { mobile, code: SMS_CODE } });
    tokens.push(pair.accessToken);
  }
  return tokens;
}

/** Logs in, registers the buyers and finds the package: answers the three operations against one server. */
async function prepare(baseURL) {
  const login = (mobile) => () =>
    call(baseURL, '/api/merchant/auth/login', { body: { mobile, password: 'demo1234' } });
  const scale = (await login('13800138001')()).accessToken;
  const listPage = async (n) => {
    const query = `pageNo=${(n % 5) + 1}&pageSize=200&sort=default`;
    const page = await call(baseURL, `/api/device/user/phone/list?${query}`, { token: scale });
    if (page.total !== 1000 || page.list.length !== 200) {
      throw new Error(`list: ${page.list.length} of ${page.total} phones`);
    }
  };
  const goods = await call(baseURL, '/api/product/goods/list', { token: scale });
  const standard = goods.find((grade) => grade.gradeId === STANDARD);
  const packageId = standard?.packages.find((pkg) => pkg.days === 7)?.packageId;
  if (!packageId) throw new Error('no 7-day Standard package in the goods list');
  if (standard.stock < ORDERS + WARM_UP) {
    throw new Error(`Standard stock ${standard.stock} is short of ${ORDERS + WARM_UP} orders`);
  }
  const buyers = await registerUsers(baseURL, CONCURRENCY);
  let keys = 0;
  const order = async (n) => {
    const token = buyers[n % buyers.length];
    const created = await call(baseURL, '/api/trade/order/create', {
      token, body: { type: 'buy', packageId, quantity: 1 },
    });
    const idempotencyKey = `bench-${process.pid}-${++keys}`;
    const paid = await call(baseURL, '/api/pay/order/submit', {
      token, body: { orderId: created.orderId, method: 'mock', idempotencyKey },
    });
    if (paid.status !== 'success') throw new Error(`submit: status ${paid.status}`);
  };
  return {
    logins: [login('13800138000'), { seconds: SECONDS / ROUNDS }],
    'list pages (200 phones)': [listPage, { seconds: SECONDS / ROUNDS }],
    [ORDERS_OPERATION]: [order, { count: ORDERS / ROUNDS }],
  };
}

/**
 * The measured runs of one operation as one: accepted per second over their summed time, latencies pooled; the
 * refusals of the warm-up are counted too, its time and latencies are not.
 */
function merge(warm, measured) {
  const latencies = measured.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const elapsed = measured.reduce((sum, run) => sum + run.elapsed, 0);
  const refusals = new Map();
  for (const run of [warm, ...measured]) {
    for (const [reason, n] of run.refusals) refusals.set(reason, (refusals.get(reason) ?? 0) + n);
  }
  return { perSecond: latencies.length / elapsed, done: latencies.length, elapsed, refusals,
    refused: [...refusals.values()].reduce((sum, n) => sum + n, 0),
    p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

/**
 * Each operation on each engine in turn, in ROUNDS rounds that alternate the engines, so a change in the machine's
 * other load during the run falls on both; each engine's first round of an operation follows its warm-up.
 * `before(operation)` runs before each operation's warm-up.
 */
async function benchAll(engines, before) {
  const results = Object.fromEntries(engines.map(({ name }) => [name, {}]));
  for (const operation of Object.keys(engines[0].operations)) {
    await before(operation);
    const runs = Object.fromEntries(engines.map(({ name }) => [name, []]));
    for (const { name, operations } of engines) {
      runs[name].push(await drive(operations[operation][0], { count: WARM_UP }));
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const { name, operations } of engines) runs[name].push(await drive(...operations[operation]));
    }
    for (const { name } of engines) {
      const [warm, ...measured] = runs[name];
      const result = merge(warm, measured);
      const seconds = result.elapsed.toFixed(1);
      console.log(`${name} ${operation}: ${result.done} accepted, ${result.refused} refused in ${seconds} s`);
      for (const [reason, n] of result.refusals) console.log(`  refused ${n}x: ${reason}`);
      results[name][operation] = result;
    }
  }
  return results;
}

/** Starts a server with `env` (stopped by the caller) and says how long it took, seeding included. */
async function startTimed(name, env, servers) {
  const startedAt = performance.now();
  const server = await startServer({ ...SERVER_ENV, ...env });
  servers.push(server);
  console.log(`${name}: server up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (seeded)`);
  return { name, server, operations: await prepare(server.baseURL) };
}

/** What a server logged for the requests it failed (HTTP 500): how many, and the first one's head. */
function serverErrors({ name, server }) {
  const blocks = server.output().split(/^(?=\[error\] )/m).filter((block) => block.startsWith('[error] '));
  if (blocks.length === 0) return;
  console.log(`${name} logged ${blocks.length} failed request(s); the first:`);
  console.log(blocks[0].split('\n').slice(0, 4).map((line) => `  ${line}`).join('\n'));
}

const cell = (result) => (result ? result.perSecond.toFixed(1) : 'skipped');
const latency = (result) => (result ? `${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}` : '-');

function printTable(sqlite, postgres) {
  const rows = [['operation', 'SQLite per s', 'PostgreSQL per s', 'SQLite p50/p95 ms', 'PostgreSQL p50/p95 ms',
    'refused']];
  for (const name of Object.keys(sqlite)) {
    const [lite, pg] = [sqlite[name], postgres?.[name]];
    rows.push([name, cell(lite), cell(pg), latency(lite), latency(pg), `${lite.refused} / ${pg ? pg.refused : '-'}`]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(rows[0]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
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
  const results = await benchAll(engines, async (operation) => {
    if (operation === ORDERS_OPERATION && cluster) rollbacksBefore = await rollbacks(cluster);
  });
  engines.forEach(serverErrors);
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
  printTable(results.SQLite, results.PostgreSQL);
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
