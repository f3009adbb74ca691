import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { LINE_CHECK_PATH } from '../../../../shared/contract/line-check-words.ts';
import type { Db } from '../../../../server/lib/types.ts';
import { createLineCheck } from '../../../../server/stream/line-check.ts';
import type { LineCheckOptions } from '../../../../server/stream/line-check.ts';
import { eventually } from '../share-helpers.ts';
import { WAIT_MS, within } from '../stream-helpers.ts';

// Shared by the network check's tests (API.md "Network check"): a line client whose messages and refusal are awaited,
// a line-check service on an HTTP server of its own (an instance), and the places the database counts.

export type Seen = { kind: 'json'; value: any } | { kind: 'binary'; bytes: number };

/** `from`: the address the request names in X-Forwarded-For (for a server that reads it, as behind TRUST_PROXY). */
export function lineClient(port: number, line: string, from?: string) {
  const headers = from ? { 'x-forwarded-for': from } : undefined;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LINE_CHECK_PATH}?line=${line}`, { headers });
  const seen: Seen[] = [];
  const wakers: Array<() => void> = [];
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    seen.push(isBinary ? { kind: 'binary', bytes: data.length } : { kind: 'json', value: JSON.parse(data.toString()) });
    wakers.splice(0).forEach((wake) => wake());
  });
  /** The HTTP answer of a refused upgrade (no socket opened), with its JSON body. */
  const refusal = new Promise<{ status: number; body: any }>((resolve) => {
    socket.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      wakers.splice(0).forEach((wake) => wake());
    });
  });
  socket.on('error', () => {});
  /** Waits until `done` holds over what was seen so far. */
  async function until<T>(done: (all: Seen[]) => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const value = done(seen);
      if (value !== undefined) return value;
      if (socket.readyState === WebSocket.CLOSED) throw new Error(`closed while waiting for ${what}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        wakers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  const json = (type: string) => until((all) => all.find((m): m is Extract<Seen, { kind: 'json' }> => m.kind === 'json' && m.value.type === type)?.value, type);
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  const closedWithin = () => within(closed, 'socket not closed');
  const refused = () => within(refusal, 'upgrade not refused');
  /** Whether the upgrade opened a socket or was refused (with its answer), whichever comes first. */
  const outcome = () =>
    new Promise<'open' | { status: number; body: any }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('neither opened nor refused')), WAIT_MS);
      const settle = (value: 'open' | { status: number; body: any }) => {
        clearTimeout(timer);
        resolve(value);
      };
      socket.once('open', () => settle('open'));
      void refusal.then(settle);
    });
  return { socket, seen, json, send, closed: closedWithin, refused, outcome };
}


/** One line-check service on a port of its own, as an instance of the server would run it. */
export async function lineInstance(options: LineCheckOptions) {
  const service = createLineCheck(options);
  const http = createServer((_req, res) => res.end('not here'));
  http.on('upgrade', (req, socket, head) => service.handleUpgrade(req, socket, head, new URL(req.url ?? '/', 'http://localhost')));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;
  async function stop() {
    await service.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  }
  return { service, port, stop, open: (line = '1', from?: string) => lineClient(port, line, from) };
}

/** The line sockets the database counts, of one address or of all. */
export async function placesHeld(db: Db, address?: string): Promise<number> {
  const sql = `SELECT COUNT(*) FROM line_sockets${address === undefined ? '' : ' WHERE address = ?'}`;
  return (await db.value<number>(sql, ...(address === undefined ? [] : [address]))) ?? 0;
}

/** Waits until the database counts fewer than `places` line sockets (of the address, or of all). */
export async function placesBelow(db: Db, places: number, address?: string): Promise<void> {
  await eventually(async () => (await placesHeld(db, address)) < places, `still ${places} line sockets counted`, WAIT_MS);
}
