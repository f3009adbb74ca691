// Share-link benchmark: a viewer opening a screen-share link (share-screen-control) in a cold browser (no cache, no
// service worker, nothing stored but the language), on slow 3G (400 ms round trip, 50 kB/s each way) at 4x CPU
// (`--cpu=1`: the phone's own speed),
// over the browser's emulation and through test/throttle-proxy.mjs (`--link=emulated,proxy`, default both). Per link
// and run it prints:
// - returning viewer: this browser joined the link before (its name and viewer key kept), so the page joins as it
//   loads: from navigation start to the phone's first picture drawn;
// - first visit: nothing kept, so the page's early start makes a viewer key and its socket joins as it opens: from
//   navigation start to the first picture drawn;
// - older link (no `phone=` in it): the name form first, then from tapping Join to the first picture.
// The spec's target is the first picture within 2.5 s of opening the link (docs/benchmarks.md "Share link").
// Usage: node test/bench/share-link.mjs [--no-build] [--runs=3] [--link=emulated,proxy] [--cpu=4]
import { benchSetup, median } from './setup.mjs';
import { CPU_SLOWDOWN, NETWORK, PHONE } from './boot-profile.mjs';
import { startThrottleProxy } from '../throttle-proxy.mjs';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Number(runsArg.slice('--runs='.length)) : 3;
const linkArg = process.argv.find((arg) => arg.startsWith('--link='));
const LINKS = linkArg ? linkArg.slice('--link='.length).split(',') : ['emulated', 'proxy'];
const cpuArg = process.argv.find((arg) => arg.startsWith('--cpu='));
const CPU = cpuArg ? Number(cpuArg.slice('--cpu='.length)) : CPU_SLOWDOWN;

const { server, browser, close } = await benchSetup();

async function call(path, body, token) {
  const headers = { 'content-type': 'application/json', 'tenant-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const reply = await (await fetch(`${server.baseURL}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body && JSON.stringify(body) })).json();
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** The page's tag of a token (src/share/state.ts tokenTag): where its kept viewer key is found. */
function tokenTag(token) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Init script: English, and the time (ms from navigation start) the stage draws its first picture. */
function pageInit(kept) {
  localStorage.setItem('language', JSON.stringify('en-US'));
  if (kept) localStorage.setItem('shareViewer', JSON.stringify(kept));
  // The stage may be inserted with its first picture already drawn (a returning viewer's stream starts before the
  // page renders): any change of the document looks at it.
  new MutationObserver(() => {
    if (window.__firstFrameAt !== undefined) return;
    const stage = document.querySelector('[data-testid="stream-stage"]');
    if (Number(stage?.getAttribute('data-frames')) >= 1) window.__firstFrameAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-frames'] });
}

async function viewerPage(link, kept) {
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2, serviceWorkers: 'block' });
  await context.addInitScript(pageInit, kept);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (link === 'emulated') await cdp.send('Network.emulateNetworkConditions', NETWORK);
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  return { page, context };
}

const firstFrame = (page) => page.waitForFunction(() => window.__firstFrameAt, null, { timeout: 30_000, polling: 50 }).then((handle) => handle.jsonValue());

const login = await call('/api/merchant/auth/login', { mobile: '13800138000', password: 'demo1234' });
const phones = await call('/api/device/user/phone/list?pageSize=50', undefined, login.accessToken);
const phone = phones.list.find((entry) => entry.name === 'Shop assistant');
const results = {};
try {
  for (const link of LINKS) {
    const { port } = new URL(server.baseURL);
    const proxy = link === 'proxy' ? await startThrottleProxy({ target: { host: '127.0.0.1', port: Number(port) }, latencyMs: NETWORK.latency, bytesPerSecond: NETWORK.downloadThroughput }) : null;
    const base = proxy?.url ?? server.baseURL;
    const returning = [];
    const firstVisit = [];
    const form = [];
    const joinToPicture = [];
    for (let run = 0; run < RUNS; run++) {
      const share = await call('/api/device/share/create', { userPhoneId: phone.userPhoneId, permission: 'view', validityHours: 1 }, login.accessToken);
      const url = `${base}/app/share-screen-control/demo?token=${share.token}&phone=${phone.userPhoneId}`;
      // First visit: straight in.
      const fresh = await viewerPage(link, null);
      await fresh.page.goto(url);
      firstVisit.push(await firstFrame(fresh.page));
      await fresh.page.getByTestId('share-leave').click();
      await fresh.context.close();
      // An older link, without its phone: the form, then Join.
      const first = await viewerPage(link, null);
      await first.page.goto(`${base}/app/share-screen-control/demo?token=${share.token}`);
      await first.page.getByTestId('share-join-form').waitFor({ timeout: 30_000 });
      form.push(await first.page.evaluate(() => performance.now()));
      await first.page.locator('#share-display-name').fill('Bench');
      const tapAt = await first.page.evaluate(() => performance.now());
      await first.page.getByTestId('share-join').click();
      joinToPicture.push((await firstFrame(first.page)) - tapAt);
      const kept = await first.page.evaluate(() => JSON.parse(localStorage.getItem('shareViewer')));
      await first.page.getByTestId('share-leave').click();
      await first.context.close();
      // Returning: the same name and key, in a cold browser.
      const again = await viewerPage(link, kept);
      await again.page.goto(url);
      returning.push(await firstFrame(again.page));
      await again.context.close();
    }
    await proxy?.stop();
    results[link] = { returning, firstVisit, form, joinToPicture };
  }
} finally {
  await close();
}

const ms = (values) => `${Math.round(median(values)).toLocaleString('en-US')} ms (runs: ${values.map((v) => Math.round(v)).join(', ')})`;
console.log(`Share link on slow 3G (${NETWORK.latency} ms, ${NETWORK.downloadThroughput / 1000} kB/s), ${CPU}x CPU, cold browser, medians of ${RUNS}:`);
for (const [link, r] of Object.entries(results)) {
  console.log(`  ${link === 'proxy' ? 'throttling proxy' : "browser's emulation"}:`);
  console.log(`    returning viewer, open link -> first picture: ${ms(r.returning)}`);
  console.log(`    first visit, open link -> first picture:      ${ms(r.firstVisit)}`);
  console.log(`    older link, open -> name form:                ${ms(r.form)}`);
  console.log(`    older link, tap Join -> first picture:        ${ms(r.joinToPicture)}`);
}
