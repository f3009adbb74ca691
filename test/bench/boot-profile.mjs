// The slow-phone profile of the boot benchmark (test/bench/load.mjs) and what it records of one page load:
// every request of the navigation from the DevTools protocol, the moment the screen becomes usable, first
// contentful paint, and the figures derived from them (requests, sequential rounds, bytes, JS+CSS files).
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Slow 3G as the benchmark defines it: 400 ms round trip, 50,000 bytes a second each way. */
export const NETWORK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
export const CPU_SLOWDOWN = 4;

/**
 * Whether this machine has a Chinese font. Phones ship one (Android: Noto Sans CJK); a server image often does not,
 * and then the first layout of Chinese text spends tens of milliseconds at 4x CPU searching for glyphs, so zh-CN
 * figures from such a machine are pessimistic and not comparable with figures from one that has the font.
 */
export function chineseFont() {
  try {
    const families = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim();
    return families ? 'a Chinese font installed' : 'no Chinese font (zh-CN layout slower than on a phone)';
  } catch {
    return 'fonts unknown';
  }
}
/**
 * The machine, in a few words (CPU model and cores). The 4x CPU slowdown is relative to it: the same build measured
 * here gave login usable 1,973 ms on one machine and 1,731 ms on a faster one, with the same bytes and rounds.
 */
export function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() || 'unknown CPU'}, ${cpus.length} cores`;
}
/** A mid-size phone; touch and mobile so the app takes its phone paths (viewport meta, touch handlers). */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Throttles the page's network and CPU (the CDP session must belong to the page that navigates). */
export async function throttle(cdp) {
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** yyyy-MM-dd in local time, the format of the app's lastExpireTipDate key. */
export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Listens on a page's CDP session (Network must be enabled) and keeps the requests of the next navigation after
 * `arm()`: the document request and everything with its loaderId. Filtering by loaderId keeps late requests of the
 * previous page (the unthrottled warm-up visit) out. Times are CDP monotonic seconds until `settle()` converts them.
 */
export function recordRequests(cdp) {
  let armed = false;
  let loaderId;
  let byId = new Map();
  const mine = (event) => armed && loaderId !== undefined && event.loaderId === loaderId;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!armed || !/^https?:/.test(event.request.url)) return; // data: and blob: never touch the network
    if (loaderId === undefined && event.type === 'Document') loaderId = event.loaderId;
    if (!mine(event) || byId.has(event.requestId)) return; // a redirect keeps its first start
    const { requestId, request, type, timestamp, wallTime } = event;
    byId.set(requestId, { url: request.url, type, start: timestamp, wallTime, end: undefined, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = byId.get(event.requestId);
    if (!request) return;
    request.fromServiceWorker = Boolean(event.response.fromServiceWorker);
    request.fromCache = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = byId.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = byId.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp;
    request.bytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = byId.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp;
    request.failed = event.errorText || 'failed';
  });
  return {
    /** Starts recording: the next Document request defines the navigation. */
    arm() {
      armed = true;
      loaderId = undefined;
      byId = new Map();
    },
    /**
     * Stops recording and returns the requests with start/end in page milliseconds (performance.now() of the new
     * document), sorted by start. CDP gives monotonic seconds; the document request also carries wall time, and the
     * page's performance.timeOrigin is wall time, so the two clocks meet there (a few ms of slack at most).
     */
    settle(timeOrigin) {
      armed = false;
      const all = [...byId.values()].sort((a, b) => a.start - b.start);
      const document = all.find((r) => r.type === 'Document') ?? all[0];
      if (!document) return [];
      const offset = document.wallTime * 1000 - timeOrigin;
      const ms = (t) => (t === undefined ? undefined : (t - document.start) * 1000 + offset);
      return all.map((r) => ({ ...r, start: ms(r.start), end: ms(r.end) }));
    },
  };
}

/**
 * Watches, from the start of every document the page loads, for `selector` to show (in the layout, not hidden): the
 * start of the next animation frame after it does is kept as `window.__bootUsableAt` (the frame that first has the
 * element still has to paint it; taking that one put "usable" before first contentful paint). A few lines in the
 * page's own world, added as an init script. Playwright's waitForFunction would do the same through its injected
 * script, whose evaluation (about 100 ms of main thread at 4x CPU) then runs in the very frames being measured, just
 * before the first layout: no real visitor pays that.
 */
export async function watchUsable(page, selector) {
  await page.addInitScript((sel) => {
    let looking = false;
    const look = () => {
      const element = document.querySelector(sel);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      // In the document but not laid out yet (its styles still loading): look again each frame until it shows.
      if (!box.width || !box.height || getComputedStyle(element).visibility === 'hidden') {
        if (!looking) {
          looking = true;
          requestAnimationFrame(function again() {
            if (!look()) requestAnimationFrame(again);
          });
        }
        return false;
      }
      observer.disconnect();
      if (window.__bootUsableAt === undefined && !window.__bootSeen) {
        window.__bootSeen = true;
        requestAnimationFrame(() => (window.__bootUsableAt = performance.now()));
      }
      return true;
    };
    // Looked at when the document changes: no frames are asked for before the element is there, which would change
    // what is measured.
    const observer = new MutationObserver(() => void look());
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  }, selector);
}

/**
 * The moment `watchUsable` kept in the document that started after `since` (Date.now() before the navigation), read
 * over the DevTools protocol every 50 ms: nothing else is evaluated in the page.
 */
export async function usableAt(cdp, since, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  const expression = `performance.timeOrigin >= ${since} ? window.__bootUsableAt : undefined`;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (typeof result.value === 'number') return result.value;
    if (Date.now() > deadline) throw new Error(`not usable within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * First contentful paint and the page's time origin (to place the CDP request times on the page's clock). The paint
 * entry is queued when the compositor reports the frame presented, which can come after the page looks usable to
 * the check above, so it is waited for; a page that never paints text gets NaN.
 */
export async function pageTimes(page) {
  const fcp = await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, { timeout: 10_000 })
    .then((handle) => handle.jsonValue())
    .catch(() => NaN);
  return { fcp, timeOrigin: await page.evaluate(() => performance.timeOrigin) };
}

/**
 * Sequential rounds: how many times the page had to wait for something to arrive before it knew what to ask for
 * next (what makes a 400 ms network slow, more than bytes). The requests that finished before usable are taken in
 * order of start; the HTML document is round 1; a request opens a new round when it started after the earliest end
 * among the requests of the round before it (it could not have started until something of that round had arrived),
 * otherwise it joins that round. Taking requests in start order makes this well defined: a later member of a round
 * cannot end before an earlier member started. Only network requests are given (see figures()): answers from the
 * service worker or the HTTP cache take a few ms, so in start order each would look like a round of its own while
 * none of them waited on the network. Returns the round number of each request, in the order given.
 */
export function assignRounds(requests) {
  let round = 0;
  let earliestEnd = -Infinity;
  return requests.map((request) => {
    if (round === 0 || request.start > earliestEnd) {
      round++;
      earliestEnd = request.end;
    } else {
      earliestEnd = Math.min(earliestEnd, request.end);
    }
    return round;
  });
}

const onWire = (request) => !request.fromServiceWorker && !request.fromCache;
const finishedBy = (requests, usable) => requests.filter((r) => r.end !== undefined && r.end <= usable && !r.failed);
const isCode = (request) => request.type === 'Script' || request.type === 'Stylesheet' || /\.(m?js|css)(\?|$)/.test(new URL(request.url).pathname);

/**
 * The figures of one load. "Before usable" means finished (and not failed) by the time the screen became usable.
 * Bytes are what crossed the wire (encodedDataLength: headers and compressed body), so requests answered by the
 * service worker or the HTTP cache count in `requests` and `jsCss` but not in `rounds`, `bytes` or `network`.
 */
export function figures(requests, { fcp, usable }) {
  const done = finishedBy(requests, usable);
  const rounds = assignRounds(done.filter(onWire));
  // What the network left to the page: when the last byte it waited for arrived, and how long the main thread took
  // from there to a usable screen. The first is bandwidth and round trips, the second evaluation, render and layout.
  const lastByte = Math.max(0, ...done.filter(onWire).map((r) => r.end));
  return {
    fcp,
    usable,
    requests: done.length,
    rounds: rounds.length ? rounds[rounds.length - 1] : 0,
    bytes: done.filter(onWire).reduce((sum, r) => sum + r.bytes, 0),
    jsCss: done.filter(isCode).length,
    lastByte,
    afterLastByte: usable - lastByte,
    // Anything that went for the network before usable, even if it failed (offline) or is still on its way.
    network: requests.filter((r) => r.start <= usable && onWire(r)).length,
  };
}

/** One line per request started before usable: start, end, size, round, short URL, and how it was answered. */
export function waterfall(requests, usable, origin) {
  const done = finishedBy(requests, usable).filter(onWire);
  const rounds = new Map(assignRounds(done).map((round, i) => [done[i], round]));
  const lines = [`      start      end      size  rnd  url`];
  for (const r of requests.filter((request) => request.start <= usable)) {
    const url = r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url;
    const short = url.length > 60 ? `${url.slice(0, 57)}...` : url;
    const late = r.end === undefined || r.end > usable;
    const how = [r.fromServiceWorker ? 'service worker' : r.fromCache && 'cache', r.failed, late && 'after usable'].filter(Boolean).join(', ');
    const end = r.end === undefined ? '—' : r.end.toFixed(0);
    const size = `${(r.bytes / 1024).toFixed(1).padStart(6)} KB`;
    const round = String(rounds.get(r) ?? '').padStart(3);
    lines.push(`  ${r.start.toFixed(0).padStart(7)}  ${end.padStart(7)}  ${size}  ${round}  ${short}${how ? `  (${how})` : ''}`);
  }
  // This run's own figures: the block's medians are taken figure by figure, so they can differ by a request.
  const own = figures(requests, { fcp: NaN, usable });
  const kb = (own.bytes / 1024).toFixed(1);
  const lastByte = own.lastByte ? `, ${own.afterLastByte.toFixed(0)} ms after the last byte it waited for (${own.lastByte.toFixed(0)} ms)` : '';
  lines.push(`  usable at ${usable.toFixed(0)} ms${lastByte}; this run: ${own.requests} requests, ${own.rounds} rounds, ${kb} KB on the wire`);
  return lines;
}
