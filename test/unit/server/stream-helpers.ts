import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import { WebSocket } from 'ws';
import { FRAME_HEADER_BYTES, FRAME_KIND, PATCH_HEADER_BYTES, PATCH_KIND, PATCH_REGION_BYTES, SCREENSHOT_KIND } from '../../../shared/contract/stream-protocol.ts';
import type { SocketJoin } from '../../../shared/contract/stream-protocol.ts';
import { createStreamServer } from '../../../server/stream/stream-server.ts';
import type { StreamServer, StreamServerOptions } from '../../../server/stream/stream-server.ts';
import { VirtualScreen } from '../../../server/stream/virtual-screen.ts';
import type { Rect } from '../../../server/stream/phone-layout.ts';
import { PHONE, demo } from './device-helpers.ts';
import { DEMO_MOBILE } from './helpers.ts';

// Shared by the stream tests (API.md "Streaming"): a real HTTP server on 127.0.0.1 with the stream attached,
// and a `ws` client whose messages are awaited one by one. Every wait is bounded.

export const WAIT_MS = 5000;

/**
 * `promise`, or a rejection naming `what` after `ms`. The timer is cleared once either settles: a bare race with
 * setTimeout leaves it running, and it keeps the test file's process alive that long after the last test.
 */
export function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function start(options: Partial<StreamServerOptions> = {}) {
  // As in main.ts, revoked sessions make the stream re-check its sockets.
  const late: { stream?: StreamServer } = {};
  const ctx = await demo(1, DEMO_MOBILE, { accessRevoked: () => late.stream?.revalidate() });
  const stream = createStreamServer({ db: ctx.db, now: ctx.now, logError: (line) => (ctx.errors.push(line), process.env.SHOW_ERRORS && console.error(line)), ...options });
  const http: Server = createServer((_req, res) => res.end('not here'));
  stream.attach(http);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;

  async function securityToken(id: number, validTime = 86400, call = ctx.call): Promise<string> {
    const reply = await call(`${PHONE}/security-token?userPhoneId=${id}&validTime=${validTime}`, { method: 'POST' });
    if (reply.code !== 0) throw new Error(`security-token: ${reply.code} ${reply.msg}`);
    return reply.data.token as string;
  }

  async function stop() {
    await stream.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }

  late.stream = stream;
  return { ctx, stream, port, securityToken, stop };
}

/**
 * A message as the test client saw it. Binary: a whole picture (FRAME_KIND, `jpeg` and `seq`), a patch (PATCH_KIND,
 * `seq`, the whole message's `bytes`), or a screenshot (`jpeg`).
 */
export type Incoming = { kind: 'json'; value: any } | { kind: 'binary'; tag: number; jpeg: Buffer; seq: number; bytes: number };

function readBinary(data: Buffer): Incoming {
  const tag = data[0]!;
  if (tag === SCREENSHOT_KIND) return { kind: 'binary', tag, jpeg: data.subarray(1), seq: 0, bytes: data.length };
  const seq = tag === FRAME_KIND || tag === PATCH_KIND ? data.readUInt32BE(1) : 0;
  return { kind: 'binary', tag, jpeg: tag === FRAME_KIND ? data.subarray(FRAME_HEADER_BYTES) : Buffer.alloc(0), seq, bytes: data.length };
}

/**
 * A `ws` client whose messages are awaited one by one. Like the app's client it acknowledges the hello and every
 * picture on arrival, unless `acks.hold` is set (then `acks.release()` sends the newest one). `auth`: the token goes
 * as the first message instead of in the address, with `rejoin` when set.
 */
export function client(port: number, token: string, userPhoneId: number, auth?: { rejoin?: true; join?: SocketJoin }) {
  const query = auth ? `userPhoneId=${userPhoneId}` : `token=${encodeURIComponent(token)}&userPhoneId=${userPhoneId}`;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/stream/ws?${query}`);
  if (auth) socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token, ...auth })));
  const queue: Incoming[] = [];
  const waiters: Array<() => void> = [];
  const acks = {
    hold: false,
    held: null as number | null,
    release() {
      acks.hold = false;
      if (acks.held !== null) socket.send(JSON.stringify({ type: 'ack', seq: acks.held }));
      acks.held = null;
    },
  };
  function ack(seq: number) {
    if (acks.hold) acks.held = seq;
    else socket.send(JSON.stringify({ type: 'ack', seq }));
  }
  // The picture as the client composes it: whole pictures replace it, patches are drawn over it, in order.
  let composed: Promise<Canvas | null> = Promise.resolve(null);
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const message: Incoming = isBinary ? readBinary(data) : { kind: 'json', value: JSON.parse(data.toString()) };
    if (message.kind === 'binary' && message.seq > 0) composed = composed.then((canvas) => compose(canvas, data));
    queue.push(message);
    if (message.kind === 'json' && message.value.type === 'hello') ack(0);
    else if (message.kind === 'binary' && message.seq > 0) ack(message.seq);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  socket.on('error', () => {});

  /** The next message matching `match` (earlier non-matching ones are dropped). */
  async function next(match: (m: Incoming) => boolean, what: string): Promise<Incoming> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      while (queue.length) {
        const m = queue.shift()!;
        if (match(m)) return m;
      }
      if (socket.readyState === WebSocket.CLOSED) throw new Error(`closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  /** The next whole picture (patches before it are skipped). */
  const frame = async () => (await next((m) => m.kind === 'binary' && m.tag === FRAME_KIND, 'a frame')) as Extract<Incoming, { kind: 'binary' }>;
  /** The next picture, whole or patch. */
  const picture = async () => (await next((m) => m.kind === 'binary' && (m.tag === FRAME_KIND || m.tag === PATCH_KIND), 'a picture')) as Extract<Incoming, { kind: 'binary' }>;
  /** The next whole picture of this size: automatic quality starts small and sharpens once the link is measured. */
  async function frameOf(width: number, height: number) {
    for (;;) {
      const whole = await frame();
      const [w, h] = await size(whole.jpeg);
      if (w === width && h === height) return whole;
    }
  }
  const json = async (type: string) => ((await next((m) => m.kind === 'json' && m.value.type === type, type)) as { value: any }).value;
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  const closedWithin = () => within(closed, 'socket not closed');
  /** The composed picture's pixels so far. */
  const screen = async () => {
    const canvas = await composed;
    if (!canvas) throw new Error('no picture yet');
    return { width: canvas.width, height: canvas.height, pixels: Buffer.from(canvas.data()) };
  };
  return { socket, frame, picture, frameOf, screen, json, send, next, closed: closedWithin, queue, acks };
}

/** Draws a picture message over `canvas`: a whole picture makes a new canvas, a patch's regions go over it. */
async function compose(canvas: Canvas | null, data: Buffer): Promise<Canvas | null> {
  if (data[0] === FRAME_KIND) {
    const image = await loadImage(data.subarray(FRAME_HEADER_BYTES));
    const next = createCanvas(image.width, image.height);
    next.getContext('2d').drawImage(image, 0, 0);
    return next;
  }
  if (!canvas || canvas.width !== data.readUInt16BE(5) || canvas.height !== data.readUInt16BE(7)) throw new Error('a patch for another picture');
  let offset = PATCH_HEADER_BYTES + data[9]! * PATCH_REGION_BYTES;
  for (let i = 0; i < data[9]!; i++) {
    const at = PATCH_HEADER_BYTES + i * PATCH_REGION_BYTES;
    const bytes = data.readUInt32BE(at + 4);
    const image = await loadImage(data.subarray(offset, offset + bytes));
    canvas.getContext('2d').drawImage(image, data.readUInt16BE(at), data.readUInt16BE(at + 2));
    offset += bytes;
  }
  return canvas;
}

/** A JPEG's width and height, as a decoder reads them. */
export async function size(bytes: Buffer): Promise<[number, number]> {
  const image = await loadImage(bytes);
  return [image.width, image.height];
}

/** A virtual phone on a clock of its own (1 Jan 2025, 16:00 phone time), with a tap at a layout rectangle. */
export function virtualPhone(id = 7) {
  let clock = Date.UTC(2025, 0, 1, 8, 0, 0);
  const model = new VirtualScreen({ id, name: `Phone ${id}` }, () => clock);
  function tap(r: Rect) {
    const p = model.toDevice(r);
    model.touch('down', [{ id: 0, ...p }]);
    clock += 50;
    model.touch('up', [{ id: 0, ...p }]);
  }
  return { model, tap, advance: (ms: number) => (clock += ms), now: () => clock };
}
