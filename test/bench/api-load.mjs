// The three API operations the server benches drive, and how they drive them (test/bench/databases.mjs: SQLite
// against PostgreSQL; test/bench/instances.mjs: one instance against two behind haproxy):
// - password logins of the demo account (Argon2id checks the password: the hash, not the database, sets the pace);
// - pages of 200 phones of the 1,000-phone account, pages 1-5 in turn (reads);
// - orders: a buy of one Standard phone, created and paid with the mock method (a write transaction each, which
//   takes stock from one shared row and creates a phone), spread over users registered by SMS code.
// Every reply is checked (HTTP 200 and code 0); a refused one is counted with its reason, never counted as done.
// A bench compares "engines" (servers, or sets of them behind one address): each operation on each engine in turn,
// WARM_UP unmeasured runs first, then ROUNDS measured runs alternating the engines.
import { performance } from 'node:perf_hooks';

/** Unmeasured operations first, so the engines are compared warm (compiled code, caches, pool connections). */
export const WARM_UP = 16;
/** Measured runs of each operation on each engine, alternating: see benchAll. */
export const ROUNDS = 4;
export const ORDERS_OPERATION = 'orders (create + pay)';
const TENANT = '1';
const SMS_CODE = '246810';
const STANDARD = 1;

// Everything comes from 127.0.0.1, so the per-address limits are raised out of the way. Concurrent logins of one
// account count as failures while their passwords are being checked (API.md "Throttling"), so with the default 5 a
// burst of 8 would wait: the login allowances are raised too. No limit caps successful logins or orders as such.
export const LOAD_SERVER_ENV = {
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
export async function call(baseURL, path, { body, token, method = body === undefined ? 'GET' : 'POST' } = {}) {
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
export const percentile = (sorted, share) =>
  (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] : NaN);

/**
 * Runs `operation(n)` with `concurrency` in flight, until `seconds` have passed (no new one starts after) or `count`
 * have started. Answers the latencies of the accepted ones, the refusals by reason, and the seconds it took.
 */
async function drive(operation, { seconds, count }, concurrency) {
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
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, refusals, elapsed: (performance.now() - begin) / 1000 };
}

/**
 * Registers `count` users by SMS code (an unknown mobile is registered by sms-login), their mobiles `prefix` (7
 * digits) and a 4-digit number; answers their access tokens. Engines on one database take prefixes of their own:
 * a number gets one code a minute.
 */
export async function registerUsers(baseURL, count, prefix = '1390000') {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const mobile = `${prefix}${String(i).padStart(4, '0')}`;
    await call(baseURL, '/api/merchant/auth/send-sms-code', { body: { mobile, scene: 1 } });
    const pair = await call(baseURL, '/api/merchant/auth/sms-login', { body: { mobile, code: SMS_CODE } });
    tokens.push(pair.accessToken);
  }
  return tokens;
}

/**
 * Logs in, registers the buyers and finds the package: answers the three operations against one engine, each as
 * [operation, its measured run's bounds]. `orders` are measured in all (ROUNDS runs of a quarter); `stockNeeded` is
 * what the Standard stock must hold for every engine's orders, warm-ups included.
 */
export async function prepareOperations(baseURL, { seconds, orders, concurrency, stockNeeded, buyerPrefix }) {
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
  if (standard.stock < stockNeeded) throw new Error(`Standard stock ${standard.stock} is short of ${stockNeeded} orders`);
  const buyers = await registerUsers(baseURL, concurrency, buyerPrefix);
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
    logins: [login('13800138000'), { seconds: seconds / ROUNDS }],
    'list pages (200 phones)': [listPage, { seconds: seconds / ROUNDS }],
    [ORDERS_OPERATION]: [order, { count: orders / ROUNDS }],
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
    p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), readings: measured.map((run) => run.reading) };
}

/**
 * Each operation on each engine (`{ name, operations }`) in turn, in ROUNDS rounds that alternate the engines, so
 * a change in the machine's other load during the run falls on all; each engine's first round of an operation
 * follows its warm-up. `before(operation)` runs before each operation's warm-up; `reading()`, when given, before and
 * after each measured run (its pairs are the result's `readings`). Answers results[engine][operation].
 */
export async function benchAll(engines, { concurrency, before = async () => {}, reading }) {
  const results = Object.fromEntries(engines.map(({ name }) => [name, {}]));
  for (const operation of Object.keys(engines[0].operations)) {
    await before(operation);
    const runs = Object.fromEntries(engines.map(({ name }) => [name, []]));
    for (const { name, operations } of engines) {
      runs[name].push(await drive(operations[operation][0], { count: WARM_UP }, concurrency));
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const { name, operations } of engines) {
        const first = await reading?.();
        const run = await drive(...operations[operation], concurrency);
        if (reading) run.reading = [first, await reading()];
        runs[name].push(run);
      }
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

/** What a server logged for the requests it failed (HTTP 500): how many, and the first one's head. */
export function serverErrors(name, server) {
  const blocks = server.output().split(/^(?=\[error\] )/m).filter((block) => block.startsWith('[error] '));
  if (blocks.length === 0) return;
  console.log(`${name} logged ${blocks.length} failed request(s); the first:`);
  console.log(blocks[0].split('\n').slice(0, 4).map((line) => `  ${line}`).join('\n'));
}

/** Rows as a Markdown table, each column as wide as its widest cell. */
export function printRows(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(rows[0]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

const cell = (result) => (result ? result.perSecond.toFixed(1) : 'skipped');
const latency = (result) => (result ? `${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}` : '-');

/** The two engines' results side by side, an operation a row; the second engine's may be missing (skipped). */
export function printTable([first, second], results) {
  const [a, b] = [results[first], results[second]];
  const rows = [['operation', `${first} per s`, `${second} per s`, `${first} p50/p95 ms`, `${second} p50/p95 ms`,
    'refused']];
  for (const name of Object.keys(a)) {
    const [one, two] = [a[name], b?.[name]];
    rows.push([name, cell(one), cell(two), latency(one), latency(two), `${one.refused} / ${two ? two.refused : '-'}`]);
  }
  printRows(rows);
}
