import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { WebSocket as RawSocket } from 'ws';
import { serverDb } from './helpers.ts';
import { callApi, SPOTS, userWithPhones } from './stream-helpers.ts';

// The live grid (server/API.md "Live grid"): in the 16-grid the running phones on screen show their screens live over
// one socket, the watch follows the scroll, a hidden page gets nothing, and phones that are not running keep their
// still. Each test has a user of its own with 28 phones: the second is offline, the third being replaced.

const PHONES = Array.from({ length: 28 }, (_, i) => ({ name: `Live ${String(i + 1).padStart(2, '0')}` }));
const OFFLINE = 1;
const REPLACING = 2;

interface GridSocket {
  socket: WebSocket;
  watches: number[][];
  frames: number;
  closed: boolean;
}

/** Every live-grid socket the page opens, with the watches it sent and the pictures it got. */
function gridSockets(page: Page): GridSocket[] {
  const sockets: GridSocket[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/stream/grid')) return;
    const entry: GridSocket = { socket, watches: [], frames: 0, closed: false };
    socket.on('framesent', ({ payload }) => {
      const message = typeof payload === 'string' ? JSON.parse(payload) : null;
      if (message?.type === 'watch') entry.watches.push(message.userPhoneIds);
    });
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') entry.frames++;
    });
    socket.on('close', () => (entry.closed = true));
    sockets.push(entry);
  });
  return sockets;
}

const lastWatch = (sockets: GridSocket[]) => sockets.at(-1)?.watches.at(-1) ?? null;
const cardImage = (page: Page, id: number) => page.locator(`[data-testid="phone-card"][data-phone-id="${id}"] img`);
const cardSrc = (page: Page, id: number) => cardImage(page, id).getAttribute('src');

/** A user with PHONES, on home in the 16-grid, the live grid running (the first card shows a live picture). */
async function liveGrid(page: Page) {
  const ids = await userWithPhones(page, PHONES);
  const db = serverDb();
  try {
    db.prepare("UPDATE phones SET status = 'offline' WHERE id = ?").run(ids[OFFLINE]);
    db.prepare("UPDATE phones SET status = 'replacing' WHERE id = ?").run(ids[REPLACING]);
  } finally {
    db.close();
  }
  // The phones were planted after the login: the list is read again. Only the reloaded document's sockets count:
  // the page before it may have read the list after the planting and opened a grid socket of its own, and Playwright
  // reports no close for a socket that goes with its document. Listening from the commit on misses none of the new
  // document's sockets, which open only after the list, the lazy chunk and a ticket have come.
  await page.reload({ waitUntil: 'commit' });
  const sockets = gridSockets(page);
  await page.getByTestId('view-grid16').click();
  await expect(page.getByTestId('device-view-grid16')).toBeVisible();
  // The 4-grid shown first may have started the grid with its four cards: wait for the 16-grid's watch (3 rows of 4
  // cards on a 390x844 screen, less the two phones that are not running).
  await expect.poll(() => lastWatch(sockets)?.length ?? 0).toBeGreaterThanOrEqual(8);
  await expect(cardImage(page, ids[0]!)).toHaveAttribute('src', /^blob:/);
  return { ids, sockets };
}

/** A raw stream socket on one phone, opened with a security token asked for by the page's session. */
async function phoneStream(page: Page, id: number) {
  const reply = await callApi(page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${id}&validTime=600`);
  const token = (reply.data as { token: string }).token;
  const socket = new RawSocket(`${process.env.E2E_BASE_URL!.replace(/^http/, 'ws')}/stream/ws?token=${token}&userPhoneId=${id}`);
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer, binary: boolean) => {
    if (!binary) messages.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  async function json(type: string) {
    for (;;) {
      const found = messages.find((m) => m.type === type);
      if (found) return messages.splice(messages.indexOf(found), 1)[0]!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  const hello = (await json('hello')) as { width: number; height: number };
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  /** Sends, then waits for the pong that says the phone has applied everything before it. */
  async function applied(...list: unknown[]) {
    list.forEach(send);
    send({ type: 'ping', t: 1 });
    await json('pong');
  }
  return {
    /** A tap on the phone's first app icon: it opens that app. */
    tapFirstIcon: () => {
      const p = { id: 0, x: (SPOTS.firstIcon.x * hello.width) / 720, y: (SPOTS.firstIcon.y * hello.height) / 1280 };
      return applied({ type: 'touch', action: 'down', pointers: [p] }, { type: 'touch', action: 'up', pointers: [p] });
    },
    type: (text: string) => applied({ type: 'key', key: 'home' }, { type: 'text', text }),
    close: () => socket.close(),
  };
}

/** A grid socket of the test's own, on the same session: proof that a phone's picture did change. */
async function watcher(page: Page, id: number) {
  const reply = await callApi(page, 'POST', '/stream/api/grid-ticket');
  const ticket = (reply.data as { ticket: string }).ticket;
  const socket = new RawSocket(`${process.env.E2E_BASE_URL!.replace(/^http/, 'ws')}/stream/grid?ticket=${ticket}`);
  let pictures = 0;
  const waiters: Array<() => void> = [];
  socket.on('message', (_data: Buffer, binary: boolean) => {
    if (binary) pictures++;
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'watch', userPhoneIds: [id] }));
  return {
    /** Resolves once `count` pictures have arrived in all. */
    async pictures(count: number) {
      while (pictures < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => socket.close(),
  };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

test('16-grid: the cards on screen show their phones live; a tap on a phone changes its card', async ({ page }) => {
  const { ids, sockets } = await liveGrid(page);
  const watched = lastWatch(sockets)!;
  expect(watched).toContain(ids[0]);
  expect(watched.length).toBeLessThanOrEqual(16);
  for (const id of watched) await expect(cardImage(page, id)).toHaveAttribute('src', /^blob:/);
  const before = await cardSrc(page, ids[0]!);
  const phone = await phoneStream(page, ids[0]!);
  await phone.tapFirstIcon();
  await expect.poll(() => cardSrc(page, ids[0]!)).not.toBe(before);
  await expect(cardImage(page, ids[0]!)).toHaveAttribute('src', /^blob:/);
  phone.close();
  expect(sockets.filter((entry) => !entry.closed)).toHaveLength(1);
});

test('the watch follows the scroll: cards scrolled away are no longer named', async ({ page }) => {
  const { ids, sockets } = await liveGrid(page);
  const first = lastWatch(sockets)!;
  await page.getByTestId('device-view-grid16').evaluate((grid) => (grid.scrollTop = grid.scrollHeight));
  await expect.poll(() => lastWatch(sockets)).toContain(ids.at(-1));
  const now = lastWatch(sockets)!;
  expect(now.filter((id) => first.includes(id))).toEqual([]);
  await expect(cardImage(page, ids.at(-1)!)).toHaveAttribute('src', /^blob:/);
  expect(sockets).toHaveLength(1);
});

test('a hidden page gets no pictures; visible again, they come back', async ({ page }) => {
  const { ids, sockets } = await liveGrid(page);
  const socket = sockets.at(-1)!;
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => socket.closed).toBe(true);
  expect(socket.watches.at(-1)).toEqual([]);
  const framesWhenHidden = socket.frames;
  // The phone does change meanwhile: another grid socket sees it.
  const proof = await watcher(page, ids[0]!);
  await proof.pictures(1);
  const phone = await phoneStream(page, ids[0]!);
  await phone.type('while hidden');
  await proof.pictures(2);
  expect(socket.frames).toBe(framesWhenHidden);
  expect(sockets).toHaveLength(1);
  const hiddenSrc = await cardSrc(page, ids[0]!);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => sockets.length).toBe(2);
  await expect.poll(() => cardSrc(page, ids[0]!)).not.toBe(hiddenSrc);
  expect(sockets[1]!.watches[0]).toContain(ids[0]);
  phone.close();
  proof.close();
});

test('phones that are not running keep their still picture and are never watched', async ({ page }) => {
  const { ids, sockets } = await liveGrid(page);
  await expect(cardImage(page, ids[REPLACING]!)).toHaveAttribute('src', /\/api\/device\/screenshot\/\d+\.svg\?/);
  // Offline: no screenshot can be taken, so its card keeps the empty picture frame.
  const offline = page.locator(`[data-testid="phone-card"][data-phone-id="${ids[OFFLINE]}"]`);
  await expect(offline.locator('.phone-card__placeholder')).toBeVisible();
  await expect(offline.locator('img')).toHaveCount(0);
  for (const id of lastWatch(sockets)!) await expect(cardImage(page, id)).toHaveAttribute('src', /^blob:/);
  const named = sockets.flatMap((entry) => entry.watches.flat());
  expect(named).not.toContain(ids[OFFLINE]);
  expect(named).not.toContain(ids[REPLACING]);
  await expect(cardImage(page, ids[REPLACING]!)).toHaveAttribute('src', /\.svg\?/);
});
