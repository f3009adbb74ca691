// One instance of the reference server against two behind haproxy, on one throwaway PostgreSQL database (part of
// `npm run bench`, 90-100 s; docs/benchmarks.md "One instance and two"). Both instances run throughout, started
// as docs/deployment.md says (INSTANCE_URL, UPLOAD_DIR, the three secrets, TRUST_PROXY), each in its own process; two
// balancers (test/haproxy.mjs, round robin) front them: "one instance" sends everything to the first, "two instances"
// to both. So the two sides differ only by the second instance, and every request crosses haproxy on both.
// - The API operations of test/bench/api-load.mjs (logins, list pages, orders), in rounds alternating the sides.
// - Phone streams (test/bench/phone-streams.mjs): one phone alone, N on one instance, 2N on one, N on each of two,
//   in rounds alternating the scenarios. Each owner's phones are rendered by the instance holding its lease
//   (docs/deployment.md "Phones"): in the two-instance case the first socket of one owner is opened on the first
//   instance and of the other on the second, so each renders N; the other sockets go through the balancer, and those
//   that reach the non-holder are piped on.
// The load generator, PostgreSQL, haproxy and both instances share the machine: where its CPU went is shown too
// (test/bench/cpu-shares.mjs). Everything started here is stopped at the end, on an error and on SIGINT, SIGTERM or
// SIGHUP.
// Run: node test/bench/instances.mjs [--seconds N] [--orders N] [--concurrency N] [--phones N]. Exits non-zero only
// when the bench cannot run; without PostgreSQL or haproxy (NO_POSTGRES=1, NO_HAPROXY=1) it says why and exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ensureHaproxy, startBalancer } from '../haproxy.mjs';
import { ensurePostgres, startCluster } from '../pg-cluster.mjs';
import { freePort, startServer } from '../start-server.mjs';
import { LOAD_SERVER_ENV, ROUNDS, WARM_UP, benchAll, call, prepareOperations, printRows, printTable, serverErrors }
  from './api-load.mjs';
import { machine } from './boot-profile.mjs';
import { cpuReading, cpuShares, postmasterOf } from './cpu-shares.mjs';
import { drivenStream, streamOwners } from './phone-streams.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
/** Seconds each of logins and list pages is driven for on each side, after its warm-up. */
const SECONDS = option('--seconds', 6);
/** Orders measured on each side: both take phones from the one seeded Standard stock (500). */
const ORDERS = option('--orders', 160);
const CONCURRENCY = option('--concurrency', 8);
/** Phones streamed per instance: one owner's, and an owner holds at most 16 stream sockets. */
const PHONES = option('--phones', 8);
if (!(ORDERS % ROUNDS === 0 && SECONDS > 0 && CONCURRENCY >= 1 && PHONES >= 1 && PHONES <= 16)) {
  throw new Error(`--orders must be a multiple of ${ROUNDS}, --seconds and --concurrency positive, --phones 1-16`);
}
const SIDES = ['one instance', 'two instances'];
/** Streams run this long before and while they are measured. */
const STREAM_WARM_MS = 1000;
const STREAM_MEASURE_MS = 3000;
const STREAM_ROUNDS = 2;
const SECRETS = { SCREENSHOT_LINK_SECRET: 's'.repeat(40), SMS_CODE_SECRET: 'm'.repeat(40), REFRESH_TOKEN_SECRET: 'r'.repeat(40) };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');

/** Waits until no instance holds a phone lease: the sockets of a scenario are closed and given up. */
async function leasesGone(db) {
  for (const deadline = Date.now() + 10_000; ;) {
    const { rows } = await db.query('SELECT COUNT(*) AS n FROM stream_leases');
    if (Number(rows[0].n) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].n} phone leases still held 10 s after their sockets closed`);
    await sleep(100);
  }
}

/**
 * One run of a stream scenario: `phones` of each of `owners`, each owner's first socket opened at `first(index)` (the
 * instance that takes the owner's lease) and the others at `rest`; all driven, then measured. Answers the pictures
 * each phone got while measured, the span's readings and the sessions each instance rendered.
 */
async function streamRun({ owners, phones, first, rest }, reading, db) {
  const streams = [];
  try {
    for (const [index, owner] of owners.entries()) {
      streams.push(await drivenStream(first(index), owner.token, owner.phoneIds[0]));
      const others = owner.phoneIds.slice(1, phones);
      streams.push(...(await Promise.all(others.map((id) => drivenStream(rest, owner.token, id)))));
    }
    for (const stream of streams) stream.drive();
    await sleep(STREAM_WARM_MS);
    const pictures = () => streams.map((stream) => stream.state.pictures);
    const [before, countedBefore] = [await reading(), pictures()];
    await sleep(STREAM_MEASURE_MS);
    const [after, countedAfter] = [await reading(), pictures()];
    return { pictures: countedAfter.map((n, i) => n - countedBefore[i]), span: [before, after],
      sessions: after.instances.map((stats) => stats.sockets),
      closed: streams.filter((stream) => stream.state.closed !== null).length };
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
    await leasesGone(db);
  }
}

/**
 * Each stream scenario STREAM_ROUNDS times, the scenarios alternating, so a change in the machine's other load falls
 * on all; a scenario's runs pooled: each phone's pictures over their summed seconds.
 */
async function benchStreams(scenarios, reading, db) {
  const runs = scenarios.map(() => []);
  for (let round = 0; round < STREAM_ROUNDS; round++) {
    for (const [index, scenario] of scenarios.entries()) {
      const run = await streamRun(scenario, reading, db);
      const seconds = (run.span[1].at - run.span[0].at) / 1000;
      const mean = run.pictures.reduce((sum, n) => sum + n, 0) / run.pictures.length / seconds;
      console.log(`${scenario.name}, round ${round + 1}: ${mean.toFixed(1)} pictures/s a phone` +
        `${run.closed ? `, ${run.closed} socket(s) closed` : ''}`);
      runs[index].push({ ...run, seconds });
    }
  }
  return scenarios.map(({ name }, index) => {
    const seconds = runs[index].reduce((sum, run) => sum + run.seconds, 0);
    const rates = runs[index][0].pictures.map((_, phone) =>
      runs[index].reduce((sum, run) => sum + run.pictures[phone], 0) / seconds);
    return { name, phones: rates.length, rates, sessions: runs[index].at(-1).sessions,
      closed: runs[index].reduce((sum, run) => sum + run.closed, 0), ...cpuShares(runs[index].map((run) => run.span)) };
  });
}

const percent = (share) => `${(share * 100).toFixed(0)}%`;
const both = (values, format) => values.map(format).join(' / ');

/** Where the CPU went in each measured operation and stream scenario (cpu-shares.mjs), a row each. */
function printCpu(rows) {
  printRows([
    ['CPU, share of one core', 'instance 1', 'instance 2', 'haproxy', 'PostgreSQL', 'bench', 'rest of the machine',
      'machine busy'],
    ...rows.map(([name, shares]) => [name, ...shares.instances.map((i) => percent(i.cpu)), percent(shares.haproxy),
      percent(shares.postgres), percent(shares.bench), percent(shares.rest), percent(shares.machine)]),
  ]);
}

function printStreams(rows) {
  printRows([
    ['phone streams', 'phones', 'rendered on 1 / 2', 'pictures/s a phone: mean (least)', 'pictures/s in all',
      'encodes/s, 1 / 2'],
    ...rows.map((row) => {
      const mean = row.rates.reduce((sum, rate) => sum + rate, 0) / row.rates.length;
      return [row.name, String(row.phones), both(row.sessions, String),
        `${mean.toFixed(1)} (${Math.min(...row.rates).toFixed(1)})`, (mean * row.rates.length).toFixed(0),
        both(row.instances, (i) => i.encodes.toFixed(0))];
    }),
  ]);
  for (const row of rows) if (row.closed) console.log(`${row.name}: ${row.closed} socket(s) closed while measured`);
}

const servers = [];
const balancers = [];
let cluster;
let db;
/** The uploads directory both instances share (UPLOAD_DIR); the bench uploads nothing, but an instance needs one. */
let uploads;
let failed = false;
let stopping;
/** Stops everything started here, once, whichever of the end and a signal comes first. */
function stopEverything() {
  stopping ??= (async () => {
    await db?.end().catch(() => {});
    for (const balancer of balancers) await balancer.stop().catch((error) => console.error(error));
    for (const server of servers) await server.stop().catch((error) => console.error(error));
    await cluster?.stop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  })();
  return stopping;
}
// A signal ends the bench where it is, once everything is stopped. Installed before the cluster starts, whose own
// handler (test/pg-cluster.mjs) then removes the cluster and raises the signal again, which lands here, not on the
// default that would end the process before the servers and balancers are stopped.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) console.error(`${signal}: stopping the servers, the balancers and the database`);
    void stopEverything().finally(() => process.exit(1));
  });
}

const loadBefore = load();
const startedAt = performance.now();
try {
  const skipped = ensurePostgres().skipped ?? ensureHaproxy().skipped;
  if (skipped) {
    console.log(`instances bench skipped: ${skipped}`);
    process.exit(0);
  }
  cluster = await startCluster({ database: 'bench' });
  db = new pg.Pool({ connectionString: cluster.url, max: 1 });
  const ports = [await freePort(), await freePort()];
  uploads = mkdtempSync(join(os.tmpdir(), 'bench-uploads-'));
  // One after the other: the first makes the schema and the seed, the second finds them.
  for (const port of ports) {
    const began = performance.now();
    servers.push(await startServer({ ...LOAD_SERVER_ENV, ...SECRETS, PORT: String(port), DATABASE_URL: cluster.url,
      INSTANCE_URL: `http://127.0.0.1:${port}`, UPLOAD_DIR: uploads, TRUST_PROXY: '1' }));
    console.log(`instance ${servers.length} up in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  for (const backends of [ports.slice(0, 1), ports]) balancers.push(await startBalancer({ port: await freePort(), backends }));

  const sides = [];
  for (const [index, name] of SIDES.entries()) {
    const operations = await prepareOperations(balancers[index].url, { seconds: SECONDS, orders: ORDERS,
      concurrency: CONCURRENCY, stockNeeded: SIDES.length * (ORDERS + WARM_UP), buyerPrefix: `139000${index}` });
    sides.push({ name, operations });
  }
  const postmaster = postmasterOf(cluster);
  const reading = () => cpuReading(servers, postmaster);
  const results = await benchAll(sides, { concurrency: CONCURRENCY, reading });

  const owners = await streamOwners(balancers[1].url, { count: 2, phones: PHONES, prefix: '1391000' });
  const [one, two] = balancers.map((balancer) => balancer.url);
  // One phone alone first: the pace a phone gets when nothing else is streamed, against which the others are read.
  const streams = await benchStreams([
    { name: 'one instance, 1 phone', owners: owners.slice(0, 1), phones: 1, first: () => one, rest: one },
    { name: `one instance, ${PHONES} phones`, owners: owners.slice(0, 1), phones: PHONES, first: () => one, rest: one },
    { name: `one instance, ${2 * PHONES} phones`, owners, phones: PHONES, first: () => one, rest: one },
    { name: `two instances, ${PHONES} each`, owners, phones: PHONES, first: (index) => servers[index].baseURL,
      rest: two },
  ], reading, db);

  servers.forEach((server, index) => serverErrors(`instance ${index + 1}`, server));
  const took = ((performance.now() - startedAt) / 1000).toFixed(0);
  console.log(`${machine()}; load average ${loadBefore} at the start, ${load()} at the end (1, 5, 15 min); ${took} s`);
  console.log(`reference server on one PostgreSQL database behind haproxy, ${CONCURRENCY} requests in flight over ` +
    `loopback; logins and list pages ${SECONDS} s, ${ORDERS} orders a side, in ${ROUNDS} rounds alternating the sides ` +
    `(after ${WARM_UP} unmeasured); refused: one / two`);
  printTable(SIDES, results);
  console.log(`phone streams at the default definition (720x1280, 30 pictures/s, automatic), a finger moving on each, ` +
    `every picture acknowledged; ${STREAM_ROUNDS} rounds alternating the scenarios, each measured ` +
    `${STREAM_MEASURE_MS / 1000} s after ${STREAM_WARM_MS / 1000} s; "1 / 2": the first and second instance`);
  printStreams(streams);
  console.log('where the CPU went over the measured runs; machine busy: of all its cores; the rest of the machine: ' +
    'whatever else runs on it');
  printCpu([
    ...Object.keys(results[SIDES[0]]).flatMap((operation) =>
      SIDES.map((side) => [`${operation}, ${side}`, cpuShares(results[side][operation].readings)])),
    ...streams.map((row) => [`streams, ${row.name}`, row]),
  ]);
  for (const side of Object.values(results)) {
    if (Object.values(side).some((result) => result.done === 0)) failed = true;
  }
  if (streams.some((row) => row.rates.every((rate) => rate === 0))) failed = true;
  if (failed) console.error('an operation or a stream scenario had nothing accepted: the bench measured nothing there');
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await stopEverything();
}
process.exit(failed ? 1 : 0);
