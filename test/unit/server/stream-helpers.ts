import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadImage } from '@napi-rs/canvas';
import { WebSocket } from 'ws';
import { FRAME_KIND } from '../../../src/contract/stream-protocol.ts';
import { createStreamServer } from '../../../server/stream/stream-server.ts';
import type { StreamServer, StreamServerOptions } from '../../../server/stream/stream-server.ts';
import { VirtualScreen } from '../../../server/stream/virtual-screen.ts';
import type { Rect } from '../../../server/stream/virtual-screen.ts';
import { PHONE, demo } from './device-helpers.ts';
import { DEMO_MOBILE } from './helpers.ts';

// Shared by the stream tests (API.md "Streaming"): a real HTTP server on 127.0.0.1 with the stream attached,
// and a `ws` client whose messages are awaited one by one. Every wait is bounded.

export const WAIT_MS = 5000;

export async function start(options: Partial<StreamServerOptions> = {}) {
  // As in main.ts, revoked sessions make the stream re-check its sockets.
  const late: { stream?: StreamServer } = {};
  const ctx = await demo(1, DEMO_MOBILE, { accessRevoked: () => late.stream?.revalidate() });
  const stream = createStreamServer({ db: ctx.db, now: ctx.now, logError: (line) => ctx.errors.push(line), ...options });
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

export type Incoming = { kind: 'json'; value: any } | { kind: 'binary'; tag: number; jpeg: Buffer };

/** A `ws` client whose messages are awaited one by one. */
export function client(port: number, token: string, userPhoneId: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/stream/ws?token=${encodeURIComponent(token)}&userPhoneId=${userPhoneId}`);
  const queue: Incoming[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    queue.push(isBinary ? { kind: 'binary', tag: data[0]!, jpeg: data.subarray(1) } : { kind: 'json', value: JSON.parse(data.toString()) });
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
  const frame = async () => (await next((m) => m.kind === 'binary' && m.tag === FRAME_KIND, 'a frame')) as Extract<Incoming, { kind: 'binary' }>;
  const json = async (type: string) => ((await next((m) => m.kind === 'json' && m.value.type === type, type)) as { value: any }).value;
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  async function closedWithin(): Promise<{ code: number; reason: string }> {
    return Promise.race([closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket not closed')), WAIT_MS))]);
  }
  return { socket, frame, json, send, next, closed: closedWithin, queue };
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
