// `npm run bench`: the login screen on a slow phone network — 400 ms latency, 50,000 B/s each way,
// 4x CPU slowdown — five cold runs (fresh context, no cache, no service worker). Prints each run and
// the medians of first paint and of "form usable" (the submit button is on screen and enabled).
import { benchSetup, median } from './setup.mjs';

const RUNS = 5;
const NETWORK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;

const { server, browser, close } = await benchSetup();

try {
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));

    await page.goto(`${server.baseURL}/app/login/demo`, { waitUntil: 'commit' });
    await page.locator('[data-testid="login-submit"]:not([disabled])').waitFor({ state: 'visible', timeout: 60_000 });
    const usable = await page.evaluate(() => performance.now());
    const paint = await page.evaluate(() => {
      const entries = performance.getEntriesByType('paint');
      return (entries.find((e) => e.name === 'first-contentful-paint') ?? entries[0])?.startTime ?? NaN;
    });
    results.push({ run, firstPaint: paint, usable, kb: bytes / 1024 });
    console.log(`run ${run}: first contentful paint ${paint.toFixed(0)} ms, form usable ${usable.toFixed(0)} ms, ${(bytes / 1024).toFixed(1)} KB transferred`);
    await context.close();
  }
  console.log(`login screen, ${RUNS} cold runs at ${NETWORK.latency} ms / ${NETWORK.downloadThroughput} B/s / ${CPU_SLOWDOWN}x CPU:`);
  console.log(`  median first contentful paint: ${median(results.map((r) => r.firstPaint)).toFixed(0)} ms`);
  console.log(`  median form usable:            ${median(results.map((r) => r.usable)).toFixed(0)} ms`);
  console.log(`  median transferred:            ${median(results.map((r) => r.kb)).toFixed(1)} KB`);
} finally {
  await close();
}
