/**
 * The stream under a viewer that cannot keep up (server/API.md "Streaming"): the server skips frames for a socket
 * with a backlog instead of queueing them, so one slow phone on a bad network cannot grow the server's memory.
 * Measured through the server's own figures (STREAM_STATS=1, test/start-server.mjs).
 */
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { callApi, userWithPhones } from './stream-helpers.ts';

interface Stats {
  sockets: number;
  maxBufferedBytes: number;
  encodes: number;
  memory: { rss: number };
}

async function serverStats(): Promise<Stats> {
  const reply = (await (await fetch(`${process.env.E2E_BASE_URL}/stream/api/stats`)).json()) as { code: number; data: Stats };
  expect(reply.code).toBe(0);
  return reply.data;
}

/** The server skips a socket's frames while more than this is queued on it (stream-server.ts highWaterMark). */
const HIGH_WATER_BYTES = 1024 * 1024;
/** A frame at the largest definition and bitrate is well under this. */
const LARGEST_FRAME_BYTES = 1024 * 1024;
const WARM_UP_MS = 1500;
const DRIVE_MS = 6000;

function streamSocket(pageUrl: string, userPhoneId: number, token: string): WebSocket {
  const { host } = new URL(pageUrl);
  return new WebSocket(`ws://${host}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${userPhoneId}`);
}

function nextMessage(socket: WebSocket, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(String(data));
      if (message.type !== type) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

test('a viewer that stops reading gets no growing queue: its backlog stays under a bound while the phone keeps changing', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Busy phone' }]);
  const token = ((await callApi(page, 'POST', `/api/device/user/phone/security-token?userPhoneId=${id}`)).data as { token: string }).token;

  // The slow viewer asks for the biggest pictures, then stops reading its socket (as a stalled phone network would).
  const slow = streamSocket(page.url(), id!, token);
  await nextMessage(slow, 'hello');
  slow.send(JSON.stringify({ type: 'definition', width: 1080, height: 1920, fps: 60, bitrate: 8192 }));
  expect(await nextMessage(slow, 'definition')).toMatchObject({ ok: true });
  slow.pause();

  // Someone else drives the phone: every finger move draws its dot somewhere new, so every frame is a new picture.
  const driver = streamSocket(page.url(), id!, token);
  await nextMessage(driver, 'hello');
  let step = 0;
  let maxBacklog = 0;
  /** Moves the finger every 16 ms for `ms`, reading the server's backlog figure every 25 moves. */
  const drive = (ms: number) =>
    new Promise<void>((resolve) => {
      const until = Date.now() + ms;
      const timer = setInterval(() => {
        step++;
        driver.send(JSON.stringify({ type: 'touch', action: step === 1 ? 'down' : 'move', pointers: [{ id: 0, x: 100 + (step % 50) * 10, y: 600 + (step % 7) * 40 }] }));
        if (step % 25 === 0) void serverStats().then((stats) => (maxBacklog = Math.max(maxBacklog, stats.maxBufferedBytes)));
        if (Date.now() < until) return;
        clearInterval(timer);
        resolve();
      }, 16);
    });
  // The first large pictures make the renderer's buffers once: memory is compared after that.
  await drive(WARM_UP_MS);
  const before = await serverStats();
  await drive(DRIVE_MS);
  driver.send(JSON.stringify({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 100, y: 600 }] }));
  const after = await serverStats();
  maxBacklog = Math.max(maxBacklog, after.maxBufferedBytes);

  // The phone really changed many times while the viewer was stalled...
  expect(after.encodes - before.encodes).toBeGreaterThan(60);
  // ...and the server held at most its bound plus the frame that crossed it for the stalled socket (without the
  // bound it held 6 MB after these 6 s, and kept growing).
  expect(maxBacklog).toBeLessThanOrEqual(HIGH_WATER_BYTES + LARGEST_FRAME_BYTES);
  // Loose, because other tests share this server; the renderer's own memory is flat once warm (about 270 MB here).
  expect(after.memory.rss - before.memory.rss).toBeLessThan(48 * 1024 * 1024);

  // Reading again, the viewer is brought up to the newest picture: it gets frames again.
  let frames = 0;
  slow.on('message', (_data, isBinary) => {
    if (isBinary) frames++;
  });
  slow.resume();
  driver.send(JSON.stringify({ type: 'key', key: 'recents' }));
  await expect.poll(() => frames).toBeGreaterThan(0);
  slow.close();
  driver.close();
});
