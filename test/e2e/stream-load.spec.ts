/**
 * The stream under a viewer that cannot keep up (server/API.md "Streaming"): the server sends a socket a new picture
 * only as its pictures are acknowledged, so a stalled viewer costs at most two pictures however long it stalls, and
 * one slow phone on a bad network cannot grow the server's memory. Measured through the server's own figures
 * (STREAM_STATS=1, test/start-server.mjs) and what the stalled socket receives.
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

/** A picture at the largest definition and bitrate is well under this. */
const LARGEST_FRAME_BYTES = 512 * 1024;
const WARM_UP_MS = 1500;
const DRIVE_MS = 6000;

function streamSocket(pageUrl: string, userPhoneId: number, token: string): WebSocket {
  const { host } = new URL(pageUrl);
  return new WebSocket(`ws://${host}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${userPhoneId}`);
}

/** Acknowledges every picture on arrival, as the app's client does once it drew it. */
function acknowledging(socket: WebSocket): WebSocket {
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary && (data[0] === 1 || data[0] === 4)) socket.send(JSON.stringify({ type: 'ack', seq: data.readUInt32BE(1) }));
  });
  return socket;
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
  const driver = acknowledging(streamSocket(page.url(), id!, token));
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
  // ...and the server held at most the two unacknowledged pictures for the stalled socket (sending whatever changed,
  // it held 6 MB after these 6 s, and kept growing).
  expect(maxBacklog).toBeLessThanOrEqual(2 * LARGEST_FRAME_BYTES);
  // Loose, because other tests share this server; the renderer's own memory is flat once warm (about 270 MB here).
  expect(after.memory.rss - before.memory.rss).toBeLessThan(48 * 1024 * 1024);

  // Reading again, the viewer finds at most the two pictures sent before it stalled acknowledging...
  const seqs: number[] = [];
  slow.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary && (data[0] === 1 || data[0] === 4)) seqs.push(data.readUInt32BE(1));
  });
  slow.resume();
  await expect.poll(() => seqs.length).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seqs.length).toBeLessThanOrEqual(2);
  // ...and its acknowledgement brings the picture of now (a new screen), numbered next: nothing was queued between.
  const received = seqs.length;
  driver.send(JSON.stringify({ type: 'key', key: 'recents' }));
  slow.send(JSON.stringify({ type: 'ack', seq: seqs.at(-1) }));
  await expect.poll(() => seqs.length).toBeGreaterThan(received);
  expect(seqs[received]).toBe(seqs[received - 1]! + 1);
  slow.close();
  driver.close();
});
