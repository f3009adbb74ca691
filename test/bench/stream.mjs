// Stream benchmark (part of `npm run bench`): the phone view of the demo user (13800138000) on a 390x844 touch
// profile, no throttling, against the reference stream server. Prints the time from tapping a phone card to the
// first picture drawn (median of five), the time from a finger down on the picture to the frame that shows its dot
// (200 taps on the status bar, which does nothing), and the size of the stream chunks, none of which the first
// screen may download.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { benchSetup, median } from './setup.mjs';
import { firstScreenFiles } from '../../scripts/first-screen.mjs';
import { readManifest } from '../../scripts/boot-plan.mjs';

const TAP_RUNS = 5;
const TAPS = 200;
const FRAME_TIMEOUT_MS = 2000;
/** The default ("auto") definition the phone view asks for; the server sends at most this many frames a second. */
const STREAM_FPS = 30;
const DIST = new URL('../../dist/', import.meta.url).pathname;

const { server, browser, close } = await benchSetup();
const started = Date.now();

/** Before any page script: skip the daily expiry reminder, and record when the stage draws its first picture after a tap. */
function recordFirstFrame() {
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  if (!localStorage.getItem('clientNo')) localStorage.setItem('clientNo', JSON.stringify('demo'));
  localStorage.setItem('lastExpireTipDate', JSON.stringify(today));
  // A new stage may be inserted still showing the last session's count; the session resets it to 0 before
  // connecting, so only an attribute change to >= 1 after the tap counts as the first picture.
  new MutationObserver((records) => {
    if (window.__tapAt === undefined || window.__firstFrameAt !== undefined) return;
    for (const record of records) {
      if (Number(record.target.getAttribute('data-frames')) >= 1) {
        window.__firstFrameAt = performance.now();
        return;
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-frames'] });
}

async function tapToFirstFrame(page) {
  const card = page.locator('[data-testid="phone-card"]').first();
  await card.waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    window.__tapAt = undefined;
    window.__firstFrameAt = undefined;
    document.addEventListener('click', () => (window.__tapAt = performance.now()), { capture: true, once: true });
  });
  await card.click();
  await page.waitForFunction(() => window.__firstFrameAt !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => window.__firstFrameAt - window.__tapAt);
}

/**
 * Finger down, wait for the frame with its dot (the measure), finger up, wait for that frame too. The next finger
 * goes down a frame interval later, so nothing is in flight or held back by the fps cap when it does. The dot is
 * still showing then (it fades 300 ms after the last touch), but every touch changes the picture, so each finger
 * down still gets its own frame; not waiting for the fade keeps 200 taps near a minute. A cycle slow enough for the
 * fade to come first waits for it, so a fade frame is never taken for a finger's.
 */
function tapLatencies(page) {
  return page.evaluate(
    async ({ taps, timeoutMs, frameMs }) => {
      const stage = document.querySelector('[data-testid="stream-stage"]');
      const frames = () => Number(stage.getAttribute('data-frames'));
      const nextFrame = (ms = timeoutMs) =>
        new Promise((resolve) => {
          const from = frames();
          const observer = new MutationObserver(() => {
            if (frames() !== from) done(performance.now());
          });
          const timer = setTimeout(() => done(null), ms);
          const done = (at) => {
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          };
          observer.observe(stage, { attributes: true, attributeFilter: ['data-frames'] });
        });
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const box = stage.getBoundingClientRect();
      // The status bar (top 48 of 1280 layout units): a tap there changes nothing but the dot.
      const point = { clientX: box.left + box.width * 0.2, clientY: box.top + box.height * 0.02 };
      const pointer = (type) =>
        new PointerEvent(type, { pointerId: 1, bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch', ...point });
      const latencies = [];
      let misses = 0;
      let fadesAwaited = 0;
      const startFrames = frames();
      for (let i = 0; i < taps; i++) {
        const shown = nextFrame();
        const t0 = performance.now();
        stage.dispatchEvent(pointer('pointerdown'));
        const at = await shown;
        if (at === null) misses++;
        else latencies.push(at - t0);
        const lifted = nextFrame();
        const upAt = performance.now();
        stage.dispatchEvent(pointer('pointerup'));
        const liftedAt = await lifted;
        if (liftedAt === null || performance.now() - upAt > 200) {
          fadesAwaited++;
          await nextFrame(1000);
        }
        await sleep(frameMs);
      }
      return { latencies, misses, fadesAwaited, frames: frames() - startFrames, state: stage.getAttribute('data-state') };
    },
    { taps: TAPS, timeoutMs: FRAME_TIMEOUT_MS, frameMs: 1000 / STREAM_FPS + 5 },
  );
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function chunkSizes() {
  const manifest = readManifest(DIST);
  const firstScreen = new Set(firstScreenFiles(DIST));
  const byName = (name) => Object.values(manifest).find((entry) => entry.name === name && entry.isDynamicEntry);
  const files = [];
  for (const name of ['stream-sdk', 'phone-view', 'stream-zh-CN', 'stream-en-US']) {
    const entry = byName(name);
    if (!entry) throw new Error(`no "${name}" chunk in the build manifest`);
    files.push(entry.file, ...(entry.css ?? []));
  }
  // Anything else named like a stream chunk (a split the manifest names differently) is listed too.
  for (const file of readdirSync(`${DIST}assets`)) {
    if (/^(stream-|phone-view-).*\.(js|css)$/.test(file) && !files.includes(`assets/${file}`)) files.push(`assets/${file}`);
  }
  return files.map((file) => {
    const raw = readFileSync(DIST + file);
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, inFirstScreen: firstScreen.has(file) };
  });
}

try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    serviceWorkers: 'block',
  });
  await context.addInitScript(recordFirstFrame);
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/app/login/demo`);
  await page.getByTestId('tab-password').click();
  await page.locator('#mobile').fill('13800138000');
  await page.locator('#password').fill('demo1234');
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/app\/demo$/);

  const firstFrames = [];
  for (let run = 1; run <= TAP_RUNS; run++) {
    if (run > 1) {
      await page.goBack();
      await page.waitForURL(/\/app\/demo$/);
    }
    const ms = await tapToFirstFrame(page);
    firstFrames.push(ms);
    console.log(`run ${run}: tap → first frame ${ms.toFixed(0)} ms${run === 1 ? ' (cold: phone-view and stream chunks not yet loaded)' : ''}`);
  }
  await page.locator('[data-testid="stream-stage"][data-state="playing"]').waitFor();
  const frameSize = await page.locator('[data-testid="stream-stage"]').evaluate((el) => `${el.dataset.frameWidth}x${el.dataset.frameHeight}`);

  const taps = await tapLatencies(page);
  await context.close();

  const sizes = chunkSizes();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const leaked = sizes.filter((s) => s.inFirstScreen);

  console.log(`stream, demo phone ${frameSize}, 390x844 touch profile, no throttling:`);
  console.log(`  tap → first frame:       ${median(firstFrames).toFixed(0)} ms (median of ${TAP_RUNS}; first run ${firstFrames[0].toFixed(0)} ms)`);
  if (taps.latencies.length) {
    console.log(
      `  input → frame latency:   p50 ${percentile(taps.latencies, 50).toFixed(1)} ms, p95 ${percentile(taps.latencies, 95).toFixed(1)} ms, ` +
        `max ${Math.max(...taps.latencies).toFixed(1)} ms over ${TAPS} taps, ${taps.misses} missed (no frame in ${FRAME_TIMEOUT_MS} ms); ` +
        `server caps frames at ${STREAM_FPS} fps${taps.fadesAwaited ? `; ${taps.fadesAwaited} slow cycles waited for the dot's fade` : ''}`,
    );
  } else console.log(`  input → frame latency:   no frame after any of ${TAPS} taps (stage ${taps.state})`);
  for (const s of sizes) console.log(`  ${s.file.replace('assets/', '').padEnd(30)} ${kb(s.raw).padStart(9)} raw, ${kb(s.gzip).padStart(8)} gzip`);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`  stream chunks total:     ${kb(total)} gzip`);
  console.log(
    leaked.length
      ? `  first screen: INCLUDES ${leaked.map((s) => s.file).join(', ')}`
      : `  first screen: none of these ${sizes.length} files is in the first-screen closure`,
  );
  console.log(`  (bench ran ${((Date.now() - started) / 1000).toFixed(1)} s after setup)`);
  if (leaked.length) process.exitCode = 1;
} finally {
  await close();
}
