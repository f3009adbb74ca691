import { WebSocket } from 'ws';
import { GRID_TICKET_PATH, THUMB_HEADER_BYTES, THUMB_KIND } from '../../../src/contract/grid-protocol.ts';
import { WAIT_MS } from './stream-helpers.ts';

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
  async function closedWithin(): Promise<{ code: number; reason: string }> {
    return Promise.race([closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket not closed')), WAIT_MS))]);
  }
  const thumbsOf = (id: number) => all.filter((m): m is Extract<GridIncoming, { kind: 'thumb' }> => m.kind === 'thumb' && m.id === id);
  return { socket, opened, next, thumb, json, send, watch, closed: closedWithin, all, thumbsOf };
}
