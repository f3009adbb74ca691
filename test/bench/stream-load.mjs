// Stream load benchmark (part of `npm run bench`): what many screens cost the reference server, from raw stream
// sockets (no browser), on the scale account (13800138001, 1,000 phones). Prints:
// - a room of six viewers on one phone (the owner and five): encodes per second against frames each viewer gets,
//   which shows whether one encode serves them all;
// - one full stream at 30 fps, its finger-down-to-frame latency over 200 taps, while 16 other phones change four
//   times a second each and are shown live on a 16-card grid (one grid socket, 180x320 at up to 3 fps each): the
//   grid's pictures per card per second, the server's event-loop delay (p50/p99/max), its CPU share and memory (the
//   server's own figures, STREAM_STATS=1).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer } from '../start-server.mjs';

const MOBILE = '13800138001';
const PASSWORD = 'demo1234';
const ROOM_SECONDS = 5;
const TAPS = 200;
const BACKGROUND_PHONES = 16;
const BACKGROUND_CHANGE_MS = 250;
const FRAME_TIMEOUT_MS = 2000;

const server = await startServer();
const started = Date.now();

async function call(path, { token, body } = {}) {
  const headers = { 'content-type': 'application/json', 'tenant-id': '1' };
  if (token) headers.authorization = `Bearer ${token}`;
  const reply = await fetch(`${server.baseURL}${path}`, { method: body === undefined && !path.includes('security-token') ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await reply.json();
  if (json.code !== 0) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

async function stats() {
  return call('/stream/api/stats');
}

/** Online phones of the account with a day or more left, read from the server's database. */
async function streamablePhones(count) {
  const db = new Database(join(server.dataDir, 'cloud-phone.db'), { readonly: true });
  try {
    return await db
      .column("SELECT p.id FROM phones p JOIN users u ON u.id = p.user_id WHERE u.mobile = ? AND u.tenant_id = 1 AND p.status = 'online' AND p.expire_time > ? ORDER BY p.id LIMIT ?", MOBILE, Date.now() + 24 * 3600 * 1000, count);
  } finally {
    db.close();
  }
}

/** The live grid's socket watching `ids`; counts the pictures each phone gets. */
async function liveGrid(token, ids) {
  const { ticket } = await call('/stream/api/grid-ticket', { token, body: {} });
  const { host } = new URL(server.baseURL);
  const socket = new WebSocket(`ws://${host}/stream/grid?ticket=${encodeURIComponent(ticket)}`);
  const pictures = new Map(ids.map((id) => [id, 0]));
  socket.on('message', (data, isBinary) => {
    if (!isBinary || data[0] !== 3) return;
    const id = data.readUInt32BE(1);
    pictures.set(id, (pictures.get(id) ?? 0) + 1);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'watch', userPhoneIds: ids }));
  return { socket, pictures: () => [...pictures.values()] };
}

/** A stream socket that counts its frames and can wait for the next one. */
async function viewer(token, userPhoneId, definition) {
  const { host } = new URL(server.baseURL);
  const token_ = await call(`/api/device/user/phone/security-token?userPhoneId=${userPhoneId}`, { token });
  const socket = new WebSocket(`ws://${host}/stream/ws?token=${encodeURIComponent(token_.token)}&userPhoneId=${userPhoneId}`);
  let frames = 0;
  let waiters = [];
  socket.on('message', (data, isBinary) => {
    if (!isBinary || data[0] !== 1) return;
    frames++;
    const now = performance.now();
    for (const wake of waiters.splice(0)) wake(now);
  });
  await new Promise((resolve, reject) => {
    socket.once('message', resolve);
    socket.once('error', reject);
  });
  if (definition) socket.send(JSON.stringify({ type: 'definition', ...definition }));
  return {
    socket,
    frames: () => frames,
    send: (message) => socket.send(JSON.stringify(message)),
    /** The time the next frame arrived, or null after the timeout. */
    nextFrame: (ms = FRAME_TIMEOUT_MS) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), ms);
        waiters.push((at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  const { accessToken } = await call('/api/merchant/auth/login', { body: { mobile: MOBILE, password: PASSWORD } });
  const [roomPhone, fullPhone, ...others] = await streamablePhones(BACKGROUND_PHONES + 2);

  // A room of six on one phone: the owner drives (a finger moving every 16 ms), five watch.
  const room = await Promise.all(Array.from({ length: 6 }, () => viewer(accessToken, roomPhone)));
  await sleep(500);
  const roomBefore = await stats();
  const framesBefore = room.map((v) => v.frames());
  const until = Date.now() + ROOM_SECONDS * 1000;
  for (let step = 0; Date.now() < until; step++) {
    room[0].send({ type: 'touch', action: step === 0 ? 'down' : 'move', pointers: [{ id: 0, x: 100 + (step % 50) * 10, y: 700 }] });
    await sleep(16);
  }
  room[0].send({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 100, y: 700 }] });
  const roomAfter = await stats();
  const seconds = (roomAfter.uptimeMs - roomBefore.uptimeMs) / 1000;
  const encodesPerSecond = (roomAfter.encodes - roomBefore.encodes) / seconds;
  const perViewer = room.map((v, i) => (v.frames() - framesBefore[i]) / seconds);
  for (const v of room) v.socket.close();

  // The load: 16 phones changing four times a second, all shown on a live 16-card grid, while one full stream
  // (720x1280, 30 fps) is tapped on its status bar 200 times. Each phone is changed through a stream socket of its
  // own that asks for the smallest pictures once a second, so the grid's pictures are most of the background work.
  const background = await Promise.all(others.map((id) => viewer(accessToken, id, { width: 360, height: 640, fps: 1, bitrate: 256 })));
  const grid = await liveGrid(accessToken, others);
  let running = true;
  const changes = background.map(async (v, index) => {
    await sleep((index * BACKGROUND_CHANGE_MS) / background.length);
    for (let step = 0; running; step++) {
      v.send({ type: 'touch', action: step % 2 ? 'up' : 'down', pointers: [{ id: 0, x: 200 + (step % 9) * 30, y: 24 }] });
      await sleep(BACKGROUND_CHANGE_MS);
    }
  });
  const full = await viewer(accessToken, fullPhone);
  await sleep(1000);
  const loadBefore = await stats();
  const gridBefore = grid.pictures();
  const latencies = [];
  let missed = 0;
  for (let i = 0; i < TAPS; i++) {
    const shown = full.nextFrame();
    const t0 = performance.now();
    full.send({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 150, y: 24 }] });
    const at = await shown;
    if (at === null) missed++;
    else latencies.push(at - t0);
    const lifted = full.nextFrame();
    full.send({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 150, y: 24 }] });
    await lifted;
    await sleep(1000 / 30 + 5);
  }
  const loadAfter = await stats();
  running = false;
  await Promise.all(changes);
  const wall = loadAfter.uptimeMs - loadBefore.uptimeMs;
  const gridFps = grid.pictures().map((count, i) => (count - gridBefore[i]) / (wall / 1000));
  for (const v of [...background, full, grid]) v.socket.close();

  console.log(`stream load, reference server, raw sockets on loopback, ${MOBILE}:`);
  console.log(
    `  room of 6 on one phone:  ${encodesPerSecond.toFixed(1)} encodes/s for ${Math.min(...perViewer).toFixed(1)}-${Math.max(...perViewer).toFixed(1)} frames/s to each viewer ` +
      `(${(encodesPerSecond / (perViewer.reduce((a, b) => a + b, 0) / perViewer.length)).toFixed(2)} encodes per frame shown; six separate encodes would be 6)`,
  );
  console.log(
    `  full stream under load:  input → frame p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
      `max ${Math.max(...latencies).toFixed(1)} ms over ${TAPS} taps, ${missed} missed`,
  );
  console.log(
    `  live 16-card grid:       ${gridFps.length} phones changing every ${BACKGROUND_CHANGE_MS} ms: ` +
      `${Math.min(...gridFps).toFixed(1)}-${Math.max(...gridFps).toFixed(1)} pictures/s per card`,
  );
  console.log(
    `  server meanwhile:        event-loop delay p50 ${loadAfter.eventLoopDelay.p50} ms, p99 ${loadAfter.eventLoopDelay.p99} ms, max ${loadAfter.eventLoopDelay.max} ms; ` +
      `CPU ${(((loadAfter.cpuMs - loadBefore.cpuMs) / wall) * 100).toFixed(0)}% of one core over ${(wall / 1000).toFixed(1)} s; ` +
      `${((loadAfter.encodes - loadBefore.encodes) / (wall / 1000)).toFixed(0)} encodes/s; memory ${mb(loadAfter.memory.rss)} RSS, ${mb(loadAfter.memory.heapUsed)} heap`,
  );
  console.log(`  (bench ran ${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await server.stop();
}
