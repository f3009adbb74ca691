// What the stream bench (stream.mjs) does in the phone-view page. Everything here reads the page as a user sees it
// (the stage's data-frames count of pictures drawn, the pixels of its canvas, bytes arriving on WebSockets), never
// the stream's messages, so it measures any stream protocol the same way.

/** The status bar (top 48 of 1280 layout units, 720 wide): a tap there changes nothing but the touch dot. */
const STATUS_BAR_Y = 24 / 1280;
/**
 * Fresh x positions for successive taps, in layout units: clear of the clock (left) and the signal and battery
 * (right), and 70 apart, more than the dot's diameter (60), so a dot never covers the next tap's point.
 */
const TAP_XS = [140, 210, 280, 350, 420, 490];
/**
 * The dot is a white circle of radius 30 at 55% with a darker centre of radius 12: the pixel looked at is 21 to the
 * right of the finger, in the white ring, where the dot brightens the status bar most.
 */
const RING_OFFSET_X = 21;

/**
 * Init script, before any page script: skips the daily expiry reminder, records when the stage draws its first
 * picture after a tap, and counts what arrives on every WebSocket (bytes per path, sockets opened and closed).
 */
export function pageInit() {
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

  // Whatever the messages mean: a text message counts its length, a binary one its bytes.
  const sockets = (window.__sockets = { opened: {}, bytes: {}, closes: [] });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      const path = new URL(this.url).pathname;
      sockets.opened[path] = (sockets.opened[path] ?? 0) + 1;
      this.addEventListener('message', ({ data }) => {
        const size = typeof data === 'string' ? data.length : (data.byteLength ?? data.size ?? 0);
        sockets.bytes[path] = (sockets.bytes[path] ?? 0) + size;
      });
      this.addEventListener('close', ({ code }) => sockets.closes.push({ path, code, at: performance.now() }));
    }
  };
}

export async function logIn(page, baseURL) {
  await page.goto(`${baseURL}/app/login/demo`);
  await page.getByTestId('tab-password').click({ timeout: 60_000 });
  await page.locator('#mobile').fill('13800138000');
  await page.locator('#password').fill('demo1234');
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/app\/demo$/, { timeout: 60_000 });
}

/**
 * Taps the first phone card (from home) and returns the ms until the stage drew its first picture. With
 * `afterIdle`, the tap waits until the idle list has fetched the stream SDK ahead (as a user who looks at the list
 * for a moment gives it time to), or 30 s.
 */
export async function tapToFirstFrame(page, { timeout = 60_000, afterIdle = false } = {}) {
  const card = page.locator('[data-testid="phone-card"]').first();
  await card.waitFor({ timeout });
  if (afterIdle) {
    await page
      .waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/stream-sdk-[^/]*\.js$/.test(entry.name)), null, { timeout: 30_000 })
      .catch(() => {});
  }
  await page.evaluate(() => {
    window.__tapAt = undefined;
    window.__firstFrameAt = undefined;
    document.addEventListener('click', () => (window.__tapAt = performance.now()), { capture: true, once: true });
  });
  await card.click();
  await page.waitForFunction(() => window.__firstFrameAt !== undefined, null, { timeout });
  return page.evaluate(() => window.__firstFrameAt - window.__tapAt);
}

/**
 * Init script: `window.__stageTools()` gives the stage, its count of pictures drawn, the brightness around a point
 * of it (given as fractions of its width and height; mapped to canvas pixels proportionally, since the picture's
 * size may change), a wait for the first picture drawn that passes a test, and fingers as pointer events on it.
 * (Installed ahead rather than built in each evaluate: the app's CSP forbids eval.)
 */
export function stageToolsInit() {
  window.__stageTools = () => {
    const stage = document.querySelector('[data-testid="stream-stage"]');
    const frames = () => Number(stage.getAttribute('data-frames'));
    const clientPoint = (fx, fy) => {
      const box = stage.getBoundingClientRect();
      return { clientX: box.left + box.width * fx, clientY: box.top + box.height * fy };
    };
    /** Mean of R, G and B over 3x3 canvas pixels at the client point of (fx, fy); null before any picture. */
    const brightness = (fx, fy) => {
      const canvas = stage.querySelector('canvas');
      if (!canvas?.width) return null;
      const { clientX, clientY } = clientPoint(fx, fy);
      const box = canvas.getBoundingClientRect();
      const x = Math.round(((clientX - box.left) / box.width) * canvas.width);
      const y = Math.round(((clientY - box.top) / box.height) * canvas.height);
      const data = canvas.getContext('2d').getImageData(x - 1, y - 1, 3, 3).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += data[i] + data[i + 1] + data[i + 2];
      return sum / (data.length / 4) / 3;
    };
    /**
     * Resolves with the time of the first picture drawn from now on for which `test()` holds, or null after `ms`. The
     * time is taken before the test: reading a canvas's pixels waits for the GPU, which no user waits for.
     */
    const pictureWhere = (test, ms) =>
      new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const at = performance.now();
          if (test()) done(at);
        });
        const timer = setTimeout(() => done(null), ms);
        const done = (at) => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(at);
        };
        observer.observe(stage, { attributes: true, attributeFilter: ['data-frames'] });
      });
    const finger = (type, fx, fy) =>
      stage.dispatchEvent(new PointerEvent(type, { pointerId: 1, bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch', ...clientPoint(fx, fy) }));
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    return { stage, frames, brightness, pictureWhere, finger, sleep };
  };
}

/** A quick tap: the finger lifts this long after it went down, as a real one does. */
const TAP_MS = 100;

/**
 * Finger down on the status bar at a fresh x each time, up 100 ms later; the latency is the time from the down to
 * the first picture drawn that shows the dot there (the ring's pixel brighter than before the tap). The next tap
 * waits for a picture with that pixel back as it was: the dot fades 300 ms after the last touch, here the up, so
 * nothing of this tap is still on its way when the next one starts. (Lifting the finger only once the dot showed
 * would, on a slow link, let the dot fade after the down and come back with the up: a fade that is not the last.)
 */
export function fingerToFrame(page, { taps, timeoutMs, fadeTimeoutMs }) {
  return page.evaluate(
    async ({ taps, timeoutMs, fadeTimeoutMs, xs, y, ringOffset, tapMs }) => {
      const { stage, frames, brightness, pictureWhere, finger, sleep } = window.__stageTools();
      const latencies = [];
      let misses = 0;
      let fadesMissed = 0;
      const startFrames = frames();
      for (let i = 0; i < taps; i++) {
        const fx = xs[i % xs.length] / 720;
        const ring = (xs[i % xs.length] + ringOffset) / 720;
        const before = brightness(ring, y);
        // The dot adds 55% white: expect about 0.55 * (255 - before); a third of that is surely the dot, not noise.
        const shown = pictureWhere(() => brightness(ring, y) - before > Math.max(12, 0.18 * (255 - before)), timeoutMs);
        const t0 = performance.now();
        finger('pointerdown', fx, y);
        const lifted = sleep(tapMs).then(() => finger('pointerup', fx, y));
        const at = await shown;
        await lifted;
        if (at === null) misses++;
        else latencies.push(at - t0);
        if ((await pictureWhere(() => Math.abs(brightness(ring, y) - before) < 8, fadeTimeoutMs)) === null) fadesMissed++;
        await sleep(40);
      }
      return { latencies, misses, fadesMissed, frames: frames() - startFrames, state: stage.getAttribute('data-state') };
    },
    { taps, timeoutMs, fadeTimeoutMs, xs: TAP_XS, y: STATUS_BAR_Y, ringOffset: RING_OFFSET_X, tapMs: TAP_MS },
  );
}

/**
 * A finger dragged for `dragMs` (a pointermove every `stepMs`, along loops across the middle of the screen), then
 * lifted; then waits until no picture has been drawn for `quietMs` (at most `capMs`). Returns pictures drawn and
 * bytes received on each WebSocket path during the drag, and when the last picture came after the finger lifted.
 */
export function drag(page, { dragMs, stepMs, quietMs, capMs }) {
  return page.evaluate(
    async ({ dragMs, stepMs, quietMs, capMs }) => {
      const { stage, frames, finger, sleep } = window.__stageTools();
      const bytes = () => ({ ...window.__sockets.bytes });
      const opened = () => Object.values(window.__sockets.opened).reduce((a, b) => a + b, 0);
      const at = (t) => [0.5 + (0.33 * Math.sin((2 * Math.PI * t) / 2000)), 0.5 + (0.15 * Math.sin((2 * Math.PI * t) / 3000))];
      let lastPictureAt = performance.now();
      const observer = new MutationObserver(() => (lastPictureAt = performance.now()));
      observer.observe(stage, { attributes: true, attributeFilter: ['data-frames'] });

      const socketsBefore = opened();
      const bytesBefore = bytes();
      const framesBefore = frames();
      const downAt = performance.now();
      finger('pointerdown', ...at(0));
      let moves = 0;
      for (let next = downAt + stepMs; next < downAt + dragMs; next += stepMs) {
        await sleep(Math.max(0, next - performance.now()));
        finger('pointermove', ...at(performance.now() - downAt));
        moves++;
      }
      const upAt = performance.now();
      finger('pointerup', ...at(upAt - downAt));
      const dragFrames = frames() - framesBefore;
      const bytesDuringDrag = bytes();
      const framesAtUp = frames();

      while (performance.now() - Math.max(lastPictureAt, upAt) < quietMs && performance.now() - upAt < capMs) await sleep(100);
      observer.disconnect();
      const bytesAfter = bytes();
      const delta = (to, from) => Object.fromEntries(Object.entries(to).map(([path, n]) => [path, n - (from[path] ?? 0)]).filter(([, n]) => n > 0));
      return {
        dragSeconds: (upAt - downAt) / 1000,
        moves,
        dragFrames,
        dragBytes: delta(bytesDuringDrag, bytesBefore),
        afterUpBytes: delta(bytesAfter, bytesDuringDrag),
        framesAfterUp: frames() - framesAtUp,
        upToLastPicture: lastPictureAt > upAt ? lastPictureAt - upAt : 0,
        stillDrawing: performance.now() - upAt >= capMs,
        socketsOpened: opened() - socketsBefore,
        closes: window.__sockets.closes.filter((close) => close.at > downAt).map(({ path, code, at }) => ({ path, code, afterUp: at - upAt })),
        state: stage.getAttribute('data-state'),
      };
    },
    { dragMs, stepMs, quietMs, capMs },
  );
}

/**
 * Taps on the status bar at a steady pace, whatever the pictures do (a user typing or playing does not wait for
 * the screen): a finger down every `paceMs`, up 100 ms later, at fresh x positions in turn, or with `sameSpot` always
 * at the first (a key tapped again: its dot has to fade in time to show again). Each tap's latency is
 * the time from its down to the first picture drawn that shows its dot, or a miss when none does within
 * `timeoutMs`. The brightness before any dot is read once per position, after the screen went quiet.
 */
export function tapPace(page, { taps, paceMs, timeoutMs, sameSpot = false }) {
  return page.evaluate(
    async ({ taps, paceMs, timeoutMs, xs, y, ringOffset, tapMs }) => {
      const { brightness, pictureWhere, finger, sleep } = window.__stageTools();
      const rings = xs.map((x) => (x + ringOffset) / 720);
      const base = rings.map((ring) => brightness(ring, y));
      const results = [];
      const startAt = performance.now();
      for (let i = 0; i < taps; i++) {
        await sleep(Math.max(0, startAt + i * paceMs - performance.now()));
        const k = i % xs.length;
        const shown = pictureWhere(() => brightness(rings[k], y) - base[k] > Math.max(12, 0.18 * (255 - base[k])), timeoutMs);
        const t0 = performance.now();
        finger('pointerdown', xs[k] / 720, y);
        void sleep(tapMs).then(() => finger('pointerup', xs[k] / 720, y));
        results.push(shown.then((at) => (at === null ? null : at - t0)));
      }
      const all = await Promise.all(results);
      return { latencies: all.filter((ms) => ms !== null), misses: all.filter((ms) => ms === null).length, sequence: all };
    },
    { taps, paceMs, timeoutMs, xs: sameSpot ? TAP_XS.slice(0, 1) : TAP_XS, y: STATUS_BAR_Y, ringOffset: RING_OFFSET_X, tapMs: TAP_MS },
  );
}
