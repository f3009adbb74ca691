// `npm run bench`, first step: how the app boots on a slow phone — slow 3G (400 ms latency, 50,000 B/s each way),
// 4x CPU slowdown, 390x844 touch screen — in three situations, median of RUNS runs each:
//   1. login, cold: a first visit to the login screen, no HTTP cache, no service worker;
//   2. home, returning user: tokens and the client data in localStorage from an earlier visit, but the HTTP cache
//      gone (the worst case a returning visitor meets) and no service worker;
//   3. offline launch: the service worker installed on an earlier (online) visit, the phone now offline.
// For each: first contentful paint, usable, requests / sequential rounds / bytes / JS+CSS files before usable (see
// boot-profile.mjs for the definitions), and for the offline launch what still went for the network.
// The medians are compared with test/bench/boot-last.json, then written there with the commit (unless --no-record).
// Flags: --runs N, --waterfall (request timeline of each scenario's median run), --no-record, --no-build, --only KEY
// (one scenario: loginCold, homeReturning or offlineLaunch; a partial run is not recorded).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { benchSetup, median } from './setup.mjs';
import { chineseFont, machine, CPU_SLOWDOWN, NETWORK, PHONE, figures, pageTimes, recordRequests, throttle, today, usableAt, watchUsable, waterfall } from './boot-profile.mjs';

const RUNS = 3;
const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const runs = runsArg >= 0 ? Number(argv[runsArg + 1]) : RUNS;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a positive whole number, got ${argv[runsArg + 1]}`);
const showWaterfall = argv.includes('--waterfall');
const onlyArg = argv.indexOf('--only');
const only = onlyArg >= 0 ? argv[onlyArg + 1] : undefined;
const record = !argv.includes('--no-record') && !only;
const RECORD_FILE = new URL('./boot-last.json', import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;

// The prerendered page (index.html) is inert until the app takes over: only the app's own button counts as usable.
const LOGIN_READY = '#app:not([inert]) [data-testid="login-submit"]:not([disabled])';
const HOME_READY = '#app:not([inert]) [data-testid="phone-card"]';

const { server, browser, close } = await benchSetup();
const base = server.baseURL;

/** Navigates the (already throttled) page and measures until `selector` is usable. */
async function measure(page, cdp, recorder, url, selector) {
  await watchUsable(page, selector);
  recorder.arm();
  const since = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const seen = await usableAt(cdp, since);
  const { fcp, timeOrigin } = await pageTimes(page);
  // Nothing is on screen before the first contentful paint; when the element arrives in that very frame, the frame
  // after it (usableAt) can start before the compositor reports the paint presented.
  const usable = Number.isNaN(fcp) ? seen : Math.max(seen, fcp);
  const requests = recorder.settle(timeOrigin);
  return { figures: figures(requests, { fcp, usable }), requests, timeOrigin };
}

/** A fresh phone-sized context and a page with its CDP session, Network events on and recorded. */
async function openPage(serviceWorkers) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { context, page, cdp, recorder: recordRequests(cdp) };
}

async function loginCold() {
  const { context, page, cdp, recorder } = await openPage('block');
  try {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await throttle(cdp);
    return await measure(page, cdp, recorder, `${base}/app/login/demo`, LOGIN_READY);
  } finally {
    await context.close();
  }
}

/** Tokens of the ordinary demo user (a handful of phones), as the login form would get them. */
async function demoTokens() {
  const response = await fetch(`${base}/api/merchant/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '1' },
    body: JSON.stringify({ mobile: '13800138000', password: 'demo1234' }),
  });
  const { data } = await response.json();
  if (!data?.accessToken) throw new Error(`demo login failed: HTTP ${response.status}`);
  return data;
}

async function homeReturning() {
  const tokens = await demoTokens();
  const { context, page, cdp, recorder } = await openPage('block');
  try {
    // The earlier visit, unthrottled: the login screen stores the client's data (theme, functions, ids) itself.
    await page.goto(`${base}/app/login/demo`);
    await page.locator(LOGIN_READY).waitFor();
    // Signed in since; today's expiry reminder already seen, so no dialog covers the list.
    await page.evaluate(({ accessToken, refreshToken, day }) => {
      for (const [key, value] of Object.entries({ token: accessToken, refreshToken, lastExpireTipDate: day })) {
        localStorage.setItem(key, JSON.stringify(value));
      }
    }, { ...tokens, day: today() });
    // localStorage kept, HTTP cache gone: the worst case for a returning visitor without the service worker.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await throttle(cdp);
    return await measure(page, cdp, recorder, `${base}/app/demo`, HOME_READY);
  } finally {
    await context.close();
  }
}

async function offlineLaunch() {
  const { context, page, cdp, recorder } = await openPage('allow');
  // The worker's own fetches (a precache miss, a stale-while-revalidate refresh) are not page requests; Playwright
  // reports them on the context with request.serviceWorker() set.
  const workerFetches = [];
  let counting = false;
  context.on('request', (request) => {
    if (counting && request.serviceWorker()) workerFetches.push({ request, seenAt: Date.now() });
  });
  try {
    await page.goto(`${base}/app/login/demo`);
    await page.locator(LOGIN_READY).waitFor();
    // The app registers /sw.js on load; install finishes the precache before the worker can become active, and the
    // worker claims the page. Bounded, so a build without a worker fails this scenario instead of hanging.
    const ready = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(resolve, 30_000, false))]),
    );
    if (!ready) throw new Error('no service worker became active within 30 s');
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
      await page.locator(LOGIN_READY).waitFor();
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.includes('precache'));
      return name ? (await (await caches.open(name)).keys()).length : 0;
    });
    if (!precached) throw new Error('the service worker is active but its precache is empty');

    await context.setOffline(true);
    await cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    counting = true;
    const result = await measure(page, cdp, recorder, `${base}/app/login/demo`, LOGIN_READY);
    counting = false;
    // Playwright's request start is wall-clock ms, like the page's timeOrigin; a failed request has none (0), so the
    // moment its event reached us stands in (a few ms late).
    const startOf = ({ request, seenAt }) => (request.timing().startTime || seenAt) - result.timeOrigin;
    const beforeUsable = workerFetches.filter((fetch) => startOf(fetch) <= result.figures.usable).map(({ request }) => request);
    result.figures.workerFetches = beforeUsable.length;
    result.workerFetches = await Promise.all(
      beforeUsable.map(async (request) => `${request.url().replace(base, '')} (${await outcome(request)})`),
    );
    result.precached = precached;
    return result;
  } finally {
    await context.close();
  }
}

/**
 * How a fetch of the service worker ended: the network error, or a status — which, offline (Playwright's setOffline
 * covers the worker too), can only have come from the HTTP cache (tenant files are cacheable for an hour). The
 * response's server address does not tell: Chromium keeps it with the cached entry. Bounded: one that never settles
 * must not hold up the benchmark.
 */
function outcome(request) {
  let timer;
  const pending = new Promise((resolve) => (timer = setTimeout(resolve, 5000, 'still pending after 5 s')));
  const settled = request
    .response()
    .then((response) => (response ? `HTTP ${response.status()}, from the HTTP cache` : (request.failure()?.errorText ?? 'failed')));
  return Promise.race([settled, pending]).finally(() => clearTimeout(timer));
}

const SCENARIOS = [
  { key: 'loginCold', title: 'login, cold', path: '/app/login/demo', run: loginCold },
  { key: 'homeReturning', title: 'home, returning user (localStorage kept, HTTP cache empty)', path: '/app/demo', run: homeReturning },
  { key: 'offlineLaunch', title: 'offline launch (service worker installed, phone offline)', path: '/app/login/demo', run: offlineLaunch },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);
const FIGURES = [
  { key: 'fcp', label: 'first contentful paint', show: (v) => `${v.toFixed(0)} ms`, delta: (d) => `${d.toFixed(0)} ms` },
  { key: 'usable', label: 'usable', show: (v) => `${v.toFixed(0)} ms`, delta: (d) => `${d.toFixed(0)} ms` },
  { key: 'requests', label: 'requests before usable', show: String, delta: String },
  { key: 'rounds', label: 'sequential rounds', show: String, delta: String },
  { key: 'lastByte', label: 'last byte before usable', show: (v) => `${v.toFixed(0)} ms`, delta: (d) => `${d.toFixed(0)} ms`, only: ['loginCold', 'homeReturning'] },
  { key: 'afterLastByte', label: 'main thread after it', show: (v) => `${v.toFixed(0)} ms`, delta: (d) => `${d.toFixed(0)} ms`, only: ['loginCold', 'homeReturning'] },
  { key: 'bytes', label: 'bytes on the wire', show: (v) => `${kb(v)} KB`, delta: (d) => `${kb(d)} KB` },
  { key: 'jsCss', label: 'JS+CSS files', show: String, delta: String },
  { key: 'network', label: 'network requests before usable', show: String, delta: String, only: ['offlineLaunch'] },
  { key: 'workerFetches', label: "service worker's own fetches", show: String, delta: String, only: ['offlineLaunch'] },
];

/** The build being measured: the commit, marked when files outside test/ differ from it (the build may too). */
function buildIdentity() {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--', '.', ':(exclude)test', ':(exclude)node_modules') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function readLast() {
  if (!existsSync(RECORD_FILE)) return undefined;
  try {
    return JSON.parse(readFileSync(RECORD_FILE, 'utf8'));
  } catch {
    console.log(`(ignoring ${RECORD_FILE.pathname}: not valid JSON)`);
    return undefined;
  }
}

function printBlock(scenario, results, last) {
  const usables = results.map((r) => r.figures.usable.toFixed(0)).join(', ');
  console.log(`\n${scenario.title} — ${scenario.path}, ${results.length} run${results.length > 1 ? 's' : ''} (usable ${usables} ms)`);
  const medians = {};
  const previous = last?.scenarios?.[scenario.key];
  const lastFrom = previous?.from ? ` (last: build ${previous.from}, when this scenario last completed)` : '';
  const heads = previous ? ['last', 'change'] : ['', ''];
  console.log(`  ${''.padEnd(32)}${'median'.padStart(10)}${heads[0].padStart(11)}${heads[1].padStart(11)}${lastFrom}`);
  for (const figure of FIGURES) {
    if (figure.only && !figure.only.includes(scenario.key)) continue;
    const value = median(results.map((r) => r.figures[figure.key]));
    medians[figure.key] = Math.round(value); // whole ms and bytes: the noise is far larger
    let line = `  ${figure.label.padEnd(32)}${figure.show(value).padStart(10)}`;
    const before = previous?.[figure.key];
    if (typeof before === 'number') {
      const change = value - before;
      line += `${figure.show(before).padStart(11)}${`${change > 0 ? '+' : ''}${figure.delta(change)}`.padStart(11)}`;
    }
    console.log(line);
  }
  return medians;
}

const sortedUsable = (results) => [...results].sort((a, b) => a.figures.usable - b.figures.usable);

const last = readLast();
const current = {
  commit: buildIdentity(),
  date: new Date().toISOString(),
  runs,
  profile: { ...NETWORK, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE.viewport, fonts: chineseFont(), machine: machine() },
  scenarios: {},
};
console.log(
  `boot on slow 3G: ${NETWORK.latency} ms latency, ${NETWORK.downloadThroughput.toLocaleString('en')} B/s each way, ${CPU_SLOWDOWN}x CPU, ` +
    `${PHONE.viewport.width}x${PHONE.viewport.height} touch, ${current.profile.fonts}; ${current.profile.machine}; build ${current.commit}` +
    (last
      ? `; compared with ${last.commit} of ${last.date?.slice(0, 16).replace('T', ' ')} (${last.profile?.fonts ?? 'fonts not noted'}; ${last.profile?.machine ?? 'machine not noted'})`
      : '; no earlier figures'),
);
let failed = false;
try {
  const chosen = SCENARIOS.filter((scenario) => !only || scenario.key === only);
  if (!chosen.length) throw new Error(`--only wants one of ${SCENARIOS.map((scenario) => scenario.key).join(', ')}, got ${only}`);
  for (const scenario of chosen) {
    const results = [];
    for (let run = 1; run <= runs; run++) {
      try {
        results.push(await scenario.run());
      } catch (error) {
        console.log(`${scenario.title}, run ${run} failed: ${error.message.split('\n')[0]}`);
      }
    }
    if (!results.length) {
      failed = true;
      continue;
    }
    current.scenarios[scenario.key] = printBlock(scenario, results, last);
    const middle = sortedUsable(results)[Math.floor(results.length / 2)];
    if (middle.precached !== undefined) console.log(`  (precache held ${middle.precached} files before going offline)`);
    if (middle.workerFetches?.length) console.log(`  the service worker itself fetched: ${middle.workerFetches.join(', ')}`);
    const wentOut = middle.requests.filter((r) => r.start <= middle.figures.usable && !r.fromServiceWorker && !r.fromCache);
    if (scenario.key === 'offlineLaunch' && wentOut.length) {
      console.log(`  went for the network: ${wentOut.map((r) => `${r.url.replace(base, '')}${r.failed ? ` (${r.failed})` : ''}`).join(', ')}`);
    }
    if (showWaterfall) {
      console.log(`  waterfall of the median run (ms from navigation start):`);
      for (const line of waterfall(middle.requests, middle.figures.usable, base)) console.log(`  ${line}`);
    }
  }
} finally {
  await close();
}

if (record && Object.keys(current.scenarios).length) {
  // A scenario that failed this time keeps its last figures, marked with the build they came from, so the next
  // comparison still has something to go by.
  for (const [key, figures] of Object.entries(last?.scenarios ?? {})) {
    current.scenarios[key] ??= { ...figures, from: figures.from ?? last.commit };
  }
  writeFileSync(RECORD_FILE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`\nrecorded in test/bench/boot-last.json (build ${current.commit})`);
}
if (failed) process.exitCode = 1;
