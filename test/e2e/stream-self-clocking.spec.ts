/**
 * Self-clocking and small updates, seen from the page (server/API.md "Streaming"): the app's stream client
 * acknowledges each picture once drawn, and the server sends a new one only while at most two are unacknowledged,
 * so a page that stops acknowledging gets no queue of old pictures; a small change sends only its region.
 * An init script wraps the page's WebSocket to count the pictures that arrive and, when told, to hold the
 * acknowledgements back (as a stalled network would).
 */
import { expect, test, type Page } from '@playwright/test';
import { SPOTS, openPhoneView, pixelAt, stage, tapPhone, userWithPhones } from './stream-helpers.ts';

interface StreamLog {
  pictures: Array<{ kind: number; bytes: number }>;
  held: string[];
  hold: boolean;
}

declare global {
  interface Window {
    __stream: StreamLog;
  }
}

function recordPictures() {
  const Native = window.WebSocket;
  const log: StreamLog = { pictures: [], held: [], hold: false };
  window.__stream = log;
  let stream: WebSocket | null = null;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/stream/ws')) return;
      stream = this;
      this.addEventListener('message', (event: MessageEvent) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        const kind = new Uint8Array(event.data)[0]!;
        if (kind === 1 || kind === 4) log.pictures.push({ kind, bytes: event.data.byteLength });
      });
    }
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      if (log.hold && this === stream && typeof data === 'string' && data.includes('"ack"')) {
        log.held.push(data);
        return;
      }
      super.send(data);
    }
  };
  // Sends the newest held acknowledgement (they are cumulative) and acknowledges on arrival again.
  (window as unknown as { releaseAcks: () => void }).releaseAcks = () => {
    log.hold = false;
    const last = log.held.at(-1);
    log.held = [];
    if (last && stream) Native.prototype.send.call(stream, last);
  };
}

const pictures = (page: Page) => page.evaluate(() => window.__stream.pictures.length);

/** Waits until no picture has come for `quietMs`. */
async function quiet(page: Page, quietMs = 700): Promise<void> {
  let count = -1;
  await expect
    .poll(
      async () => {
        const now = await pictures(page);
        const settled = now === count;
        count = now;
        return settled;
      },
      { intervals: [quietMs], timeout: 15_000 },
    )
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordPictures);
});

test('a page that stops acknowledging gets at most two more pictures; acknowledging again brings the current screen', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Stalled' }]);
  await openPhoneView(page, id!);
  await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
  await quiet(page);
  const titleBar = { x: 360, y: 100 };
  const homeColour = await pixelAt(page, titleBar);

  await page.evaluate(() => (window.__stream.hold = true));
  const before = await pictures(page);
  for (let i = 0; i < 8; i++) await tapPhone(page, { x: 80 + i * 70, y: SPOTS.statusBar.y });
  await page.getByTestId('key-recents').click();
  await page.waitForFunction(() => window.__stream.held.length > 0);
  // Time for a queue to build, if the server kept sending: 8 taps and a new screen changed the picture many times.
  await expect.poll(() => page.evaluate(() => window.__stream.held.length), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
  await quiet(page);
  expect((await pictures(page)) - before).toBeLessThanOrEqual(2);

  const stalled = await pictures(page);
  await page.evaluate(() => (window as unknown as { releaseAcks: () => void }).releaseAcks());
  // The recents screen (dark where home shows its wallpaper), not the taps' dots one by one.
  await expect.poll(() => pixelAt(page, titleBar)).not.toEqual(homeColour);
  await quiet(page);
  expect((await pictures(page)) - stalled).toBeLessThanOrEqual(3);
  const [r, g, b] = await pixelAt(page, titleBar);
  expect(Math.max(r, g, b)).toBeLessThan(70);
});

test('a tap on the status bar sends its spot: less than a tenth of a whole picture', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Small update' }]);
  await openPhoneView(page, id!);
  await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
  await quiet(page);
  const whole = await page.evaluate(() => window.__stream.pictures.filter((p) => p.kind === 1).at(-1)!.bytes);
  // The status bar's clock turning to the next minute in the same picture would widen the patch to the whole bar
  // (the server's clock is this machine's).
  const toNextMinute = 60_000 - (Date.now() % 60_000);
  if (toNextMinute < 3000) await page.waitForTimeout(toNextMinute + 100);
  const before = await pictures(page);
  await tapPhone(page, SPOTS.statusBar);
  await expect.poll(() => pictures(page)).toBeGreaterThan(before);
  const tap = await page.evaluate((from) => window.__stream.pictures[from]!, before);
  expect(tap.kind).toBe(4);
  expect(tap.bytes).toBeLessThan(whole / 10);
});
