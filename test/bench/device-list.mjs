// Device-list benchmark (part of `npm run bench`): the home list of the 1,000-phone account
// (13800138001), a returning user, at 4x CPU slowdown. Prints, over three runs, the time until the first cards show,
// the time until all 1,000 phones are loaded, and the longest main-thread task while the list is
// scrolled end to end in the list and 4-grid views (with the worst frame gap).
import { benchSetup, median } from './setup.mjs';
import { chineseFont, usableAt, watchUsable } from './boot-profile.mjs';

const RUNS = 3;
const CPU_SLOWDOWN = 4;

const { server, browser, close } = await benchSetup();

async function login() {
  const response = await fetch(`${server.baseURL}/api/merchant/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '1' },
    body: JSON.stringify({ mobile: '13800138001', password: 'demo1234' }),
  });
  return (await response.json()).data;
}

/** Scrolls the visible device view from top to bottom in animation-frame steps; returns long tasks and frame gaps. */
async function scrollEndToEnd(page) {
  return page.evaluate(async () => {
    const scroller = document.querySelector('.vgrid');
    const longTasks = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    let worstFrame = 0;
    let last = performance.now();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += scroller.clientHeight * 0.8;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      worstFrame = Math.max(worstFrame, now - last);
      last = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    return { longest: longTasks.length ? Math.max(...longTasks) : 0, count: longTasks.length, worstFrame };
  });
}

try {
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    const tokens = await login();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    // A returning user: an earlier visit stored the client's data (ids, theme, functions), then signed in; today's
    // expiry reminder already seen. The HTTP cache is emptied, as in the boot benchmark.
    await page.goto(`${server.baseURL}/app/login/demo`);
    await page.locator('#app:not([inert]) [data-testid="login-submit"]').waitFor();
    await page.evaluate(({ accessToken, refreshToken }) => {
      const d = new Date();
      const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      for (const [key, value] of Object.entries({ token: accessToken, refreshToken, lastExpireTipDate: today })) {
        localStorage.setItem(key, JSON.stringify(value));
      }
    }, tokens);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The first frame after the first card shows, kept by the page itself (boot-profile.mjs watchUsable).
    await watchUsable(page, '[data-testid="phone-card"]');
    const since = Date.now();
    await page.goto(`${server.baseURL}/app/demo`, { waitUntil: 'commit' });
    const firstCards = await usableAt(cdp, since);
    await page.waitForFunction(() => performance.getEntriesByName('devices:loaded').length > 0, null, { timeout: 60_000 });
    const allLoaded = await page.evaluate(() => performance.getEntriesByName('devices:loaded')[0].startTime);
    const rendered = await page.locator('[data-testid="phone-card"]').count();
    await page.getByTestId('view-list').click();
    const list = await scrollEndToEnd(page);
    await page.getByTestId('view-grid4').click();
    const grid = await scrollEndToEnd(page);
    results.push({ firstCards, allLoaded, list, grid, rendered });
    console.log(
      `run ${run}: first cards ${firstCards.toFixed(0)} ms, 1,000 phones loaded ${allLoaded.toFixed(0)} ms (${rendered} cards in the DOM); ` +
        `scroll list: longest task ${list.longest.toFixed(0)} ms (${list.count} over 50 ms), worst frame ${list.worstFrame.toFixed(0)} ms; ` +
        `scroll 4-grid: longest task ${grid.longest.toFixed(0)} ms (${grid.count} over 50 ms), worst frame ${grid.worstFrame.toFixed(0)} ms`,
    );
    await context.close();
  }
  console.log(`device list, 1,000 phones, ${RUNS} runs at ${CPU_SLOWDOWN}x CPU, ${chineseFont()} (medians):`);
  console.log(`  first cards on screen:     ${median(results.map((r) => r.firstCards)).toFixed(0)} ms`);
  console.log(`  all 1,000 phones loaded:   ${median(results.map((r) => r.allLoaded)).toFixed(0)} ms`);
  console.log(`  longest task, list scroll: ${median(results.map((r) => r.list.longest)).toFixed(0)} ms (0 = none over 50 ms)`);
  console.log(`  longest task, grid scroll: ${median(results.map((r) => r.grid.longest)).toFixed(0)} ms (0 = none over 50 ms)`);
  console.log(`  worst frame, list / grid:  ${median(results.map((r) => r.list.worstFrame)).toFixed(0)} / ${median(results.map((r) => r.grid.worstFrame)).toFixed(0)} ms`);
} finally {
  await close();
}
