import { once } from 'node:events';
import { connect } from 'node:net';
import { WebSocket } from 'ws';
import { GRID_SOCKET_PATH, GRID_TICKET_PATH, THUMB_HEADER_BYTES, THUMB_KIND } from '../../../shared/contract/grid-protocol.ts';
import { WAIT_MS, within } from './stream-helpers.ts';

// Shared by the live-grid tests (API.md "Live grid"): the ticket call and a grid socket whose messages are awaited
// one by one, every wait bounded.

export type GridIncoming = { kind: 'json'; value: any } | { kind: 'thumb'; id: number; seq: number; jpeg: Buffer; at: number };

type Call = (path: string, options?: { method?: string; token?: string }) => Promise<{ code: number; msg: string; data: any }>;

export async function gridTicket(call: Call): Promise<string> {
  const reply = await call(GRID_TICKET_PATH, { method: 'POST' });
  if (reply.code !== 0) throw new Error(`grid-ticket: ${reply.code} ${reply.msg}`);
  return reply.data.ticket as string;
}

/** A grid socket that acknowledges every thumbnail on arrival, as the app's grid does. */
export function gridClient(port: number, ticket: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/stream/grid?ticket=${encodeURIComponent(ticket)}`);
  const queue: GridIncoming[] = [];
  /** Every message so far, kept (the queue is consumed by next()). */
  const all: GridIncoming[] = [];
  const waiters: Array<() => void> = [];
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const message: GridIncoming = isBinary
      ? { kind: 'thumb', id: data.readUInt32BE(1), seq: data.readUInt32BE(5), jpeg: data.subarray(THUMB_HEADER_BYTES), at: Date.now() }
      : { kind: 'json', value: JSON.parse(data.toString()) };
    if (isBinary && data[0] !== THUMB_KIND) throw new Error(`unexpected binary kind ${data[0]}`);
    if (message.kind === 'thumb') socket.send(JSON.stringify({ type: 'ack', seq: message.seq }));
    queue.push(message);
    all.push(message);
    wakeAll();
  });
  const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      wakeAll();
    });
  });
  socket.on('error', () => {});

  /** The next message matching `match` (earlier non-matching ones are dropped). */
  async function next(match: (m: GridIncoming) => boolean, what: string, ms = WAIT_MS): Promise<GridIncoming> {
    const deadline = Date.now() + ms;
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
  const thumb = async (id?: number) =>
    (await next((m) => m.kind === 'thumb' && (id === undefined || m.id === id), `a thumbnail${id ? ` of ${id}` : ''}`)) as Extract<GridIncoming, { kind: 'thumb' }>;
  const json = async (type: string) => ((await next((m) => m.kind === 'json' && m.value.type === type, type)) as { value: any }).value;
  const send = async (message: unknown) => {
    await opened;
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  };
  const watch = (ids: number[]) => send({ type: 'watch', userPhoneIds: ids });
  const closedWithin = () => within(closed, 'socket not closed');
  const thumbsOf = (id: number) => all.filter((m): m is Extract<GridIncoming, { kind: 'thumb' }> => m.kind === 'thumb' && m.id === id);
  return { socket, opened, next, thumb, json, send, watch, closed: closedWithin, all, thumbsOf };
}

/** A client frame with an empty payload: fin, `opcode`, masked (a client must mask), the mask itself. */
const emptyFrame = (opcode: number) => Buffer.from([0x80 | opcode, 0x80, 1, 2, 3, 4]);

/**
 * A grid socket left closing, as a renewal leaves the old one when the next arrives: it has sent its close frame and
 * the server has answered it (so the server holds it as CLOSING), but its connection is kept half open, so the server
 * has not seen it close.
 */
export async function closingGridSocket(port: number, ticket: string) {
  const raw = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  raw.on('error', () => {});
  // Every byte is kept as it arrives; each wait looks at all of them.
  let seen = Buffer.alloc(0);
  let wake = () => {};
  raw.on('data', (chunk: Buffer) => {
    seen = Buffer.concat([seen, chunk]);
    wake();
  });
  const arrived = (test: (bytes: Buffer) => boolean, what: string) =>
    within(
      new Promise<void>((resolve) => {
        wake = () => test(seen) && resolve();
        wake();
      }),
      what,
    );
  await once(raw, 'connect');
  raw.write(
    `GET ${GRID_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n` +
      'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  // ws runs the server's connection handler as it answers 101: the socket is counted from here.
  await arrived((bytes) => bytes.includes('\r\n\r\n'), 'the upgrade answered');
  if (!seen.toString('latin1').startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${seen.toString('latin1')}`);
  const afterHeader = seen.indexOf('\r\n\r\n') + 4;
  raw.write(emptyFrame(0x8));
  // The server's close frame (opcode 8, unmasked) after the header: it took the close, so the socket is closing.
  await arrived((bytes) => bytes.subarray(afterHeader).includes(0x88), "the server's close frame");
  return { destroy: () => raw.destroy() };
}
