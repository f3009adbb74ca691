import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import {
  LINE_CHUNK_BYTES,
  LINE_DOWNLOAD_MAX_BYTES,
  LINE_DOWNLOAD_TOTAL_BYTES,
  LINE_MESSAGES,
  LINE_MESSAGES_PER_SECOND,
  LINE_SOCKET_MAX_MS,
  LINE_SOCKETS_PER_ADDRESS,
  LINES,
} from '../../shared/contract/line-check-words.ts';
import type { LineClientMessage, LineNumber, LineServerMessage } from '../../shared/contract/line-check-words.ts';
import { LineClientMessages } from '../../shared/contract/line-check-messages.ts';
import { CLOSE_POLICY, CLOSE_SHUTDOWN, STREAM_MESSAGES } from '../../shared/contract/stream-protocol.ts';
import { claimLineSocket, releaseInstanceLineSockets, releaseLineSocket } from '../data/line-sockets.ts';
import type { LineSocketOutcome } from '../data/line-sockets.ts';
import { describeError } from '../lib/background.ts';
import { addressGroupKey } from '../lib/client-address.ts';
import type { Db } from '../lib/types.ts';
import { OpenCounts } from './open-counts.ts';
import { closeReason, readMessage } from './socket-messages.ts';

// The network check's line endpoints (API.md "Network check"): a WebSocket per line on the stream's port, answering
// pings at once and sending a bounded download, so the page measures the same transport the phone stream uses. No
// login (the check runs before a phone is opened), so the abuse rules are the socket's own: sockets per address, per
// address group and in all, messages per second, bytes per download and per socket, and a lifetime. A request refused for its line or
// its count gets a plain HTTP answer before any handshake, so a refusal costs no WebSocket. The counts per address
// and per group are the database's (data/line-sockets.ts), so they hold across every instance on it; the count in all
// is this instance's, as what it protects is this instance's memory.

export interface LineCheckOptions {
  /** Where the open line sockets of every instance are counted. */
  db: Db;
  /** The time the database's rows expire by (the app's clock). */
  now?: () => number;
  logError?: (line: string) => void;
  /** The address key of an upgrade request (lib/client-address.ts), for the per-address socket count. */
  addressOf: (req: IncomingMessage) => string;
  clock?: () => number;
  socketsPerAddress?: number;
  /** Line sockets open at once from one address group, an IPv4 /24 or an IPv6 /64 (LINE_SOCKETS_PER_GROUP). */
  socketsPerGroup?: number;
  /** Line sockets open at once from all addresses (LINE_SOCKETS_TOTAL). */
  socketsInAll?: number;
  messagesPerSecond?: number;
  maxAgeMs?: number;
}

export interface LineCheckService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  close(): Promise<void>;
}

const ZEROS = Buffer.alloc(LINE_CHUNK_BYTES);

/**
 * Line sockets the server holds at once, whoever opened them: each may be queueing a download's megabyte, so many
 * addresses together (a proxy's, a botnet's) must not add up to the server's memory. Per instance: each instance has
 * its own memory to keep, so the cap is counted in it, never in the database.
 */
export const LINE_SOCKETS_TOTAL = 200;

/**
 * Line sockets one address group (lib/client-address.ts addressGroupKey: an IPv4 /24; an IPv6 address is counted by
 * its /64 already) holds at once: a sender owning a block of neighbouring addresses could otherwise take the whole
 * server's share, LINE_SOCKETS_PER_ADDRESS at a time. Two addresses' worth: an office or a carrier's block of
 * neighbours running checks at the same moment is rare, and a refused check is only a check to run again.
 */
export const LINE_SOCKETS_PER_GROUP = 8;

/** How long a socket told its time is up may take to close before it is cut. */
const CLOSE_GRACE_MS = 5_000;

/**
 * How long past its socket's longest life a row counts still: the close's grace, and some slack between the clocks
 * of the instance that wrote it and of the one that reads it.
 */
const ROW_GRACE_MS = CLOSE_GRACE_MS + 10_000;

/** Answers an upgrade request with a plain HTTP status and its `{code, msg}`, then drops the connection. */
function refuseUpgrade(socket: Duplex, status: 400 | 429 | 503, msg: string): void {
  // A client gone meanwhile makes the write fail: that ends the connection, no more.
  socket.on('error', () => socket.destroy());
  const body = JSON.stringify({ code: status, msg });
  const text = { 400: 'Bad Request', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status];
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function lineOf(url: URL): LineNumber | null {
  const line = Number(url.searchParams.get('line'));
  return (LINES as readonly number[]).includes(line) ? (line as LineNumber) : null;
}

/** The message, or null when it is not one of the check's (the check's own client never sends such). */
function parse(data: RawData, isBinary: boolean): LineClientMessage | null {
  if (isBinary) return null;
  const message = readMessage(data.toString(), LineClientMessages);
  return 'error' in message ? null : message;
}

export function createLineCheck(options: LineCheckOptions): LineCheckService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const clock = options.clock ?? Date.now;
  const logError = options.logError ?? ((line) => console.error(line));
  const perAddress = options.socketsPerAddress ?? LINE_SOCKETS_PER_ADDRESS;
  const perGroup = options.socketsPerGroup ?? LINE_SOCKETS_PER_GROUP;
  const inAll = options.socketsInAll ?? LINE_SOCKETS_TOTAL;
  const perSecond = options.messagesPerSecond ?? LINE_MESSAGES_PER_SECOND;
  const maxAge = options.maxAgeMs ?? LINE_SOCKET_MAX_MS;
  /** This service's name on its rows, so a stop gives up all of them. */
  const instance = randomUUID();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const open = new Set<WebSocket>();
  // This instance's sockets, open or being admitted, per address and per group: a part of the database's counts,
  // so a request already at a cap here is refused without asking the database.
  const byAddress = new OpenCounts();
  const byGroup = new OpenCounts();
  let admitting = 0;
  let closing = false;
  /** Admissions and releases of rows under way, waited for by close(). */
  const work = new Set<Promise<void>>();

  function track(what: string, task: Promise<void>): void {
    const tracked = task.catch((error: unknown) => logError(`[line] ${what}: ${describeError(error)}`)).finally(() => work.delete(tracked));
    work.add(tracked);
  }

  const send = (socket: WebSocket, message: LineServerMessage) => socket.send(JSON.stringify(message));
  const policy = (socket: WebSocket, msg: string) => socket.close(CLOSE_POLICY, closeReason(CLOSE_POLICY, msg));

  function onConnection(socket: WebSocket, line: LineNumber, address: string, group: string, rowId: number): void {
    open.add(socket);
    const lifetime = setTimeout(() => {
      policy(socket, LINE_MESSAGES.timeUp);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    }, maxAge);
    lifetime.unref();
    let windowStart = clock();
    let inWindow = 0;
    let downloaded = 0;
    let downloading = false;

    socket.on('message', (data: RawData, isBinary: boolean) => {
      const at = clock();
      if (at - windowStart >= 1000) {
        windowStart = at;
        inWindow = 0;
      }
      if (++inWindow > perSecond) return policy(socket, LINE_MESSAGES.flood);
      const message = parse(data, isBinary);
      if (!message) return policy(socket, LINE_MESSAGES.malformed);
      if (message.type === 'ping') return send(socket, { type: 'pong', seq: message.seq, t: message.t });
      if (message.bytes > LINE_DOWNLOAD_MAX_BYTES || downloaded + message.bytes > LINE_DOWNLOAD_TOTAL_BYTES) {
        return policy(socket, LINE_MESSAGES.tooLarge);
      }
      if (downloading) return send(socket, { type: 'error', msg: LINE_MESSAGES.busy });
      downloading = true;
      downloaded += message.bytes;
      // All chunks are queued at once: the socket's buffer drains at the link's pace, which is what is measured.
      for (let left = message.bytes; left > 0; left -= LINE_CHUNK_BYTES) {
        socket.send(left >= LINE_CHUNK_BYTES ? ZEROS : ZEROS.subarray(0, left), { binary: true });
      }
      socket.send(JSON.stringify({ type: 'downloaded', bytes: message.bytes } satisfies LineServerMessage), () => {
        downloading = false;
      });
    });
    socket.on('close', () => {
      clearTimeout(lifetime);
      open.delete(socket);
      byAddress.closed(address);
      byGroup.closed(group);
      track('socket closed', releaseLineSocket(db, rowId));
    });
    socket.on('error', () => socket.terminate());
    send(socket, { type: 'hello', line });
  }

  /**
   * Takes a place in the database, then completes the handshake. The raw socket is not read meanwhile (what arrives
   * waits for the WebSocket's reader) and is read again whatever the outcome, so a refused one reads its end.
   */
  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, line: LineNumber, address: string, group: string): Promise<void> {
    let opened = false;
    admitting++;
    byAddress.opened(address);
    byGroup.opened(group);
    socket.pause();
    // Nobody listens to the raw socket's errors until ws does: one of a client gone meanwhile ends it, no more.
    const ended = () => socket.destroy();
    socket.on('error', ended);
    try {
      let claim: LineSocketOutcome;
      try {
        const at = now();
        claim = await claimLineSocket(db, { instance, address, addressGroup: group }, { perAddress, perGroup }, at, at + maxAge + ROW_GRACE_MS);
      } catch (error) {
        logError(`[line] admission: ${describeError(error)}`);
        return refuseUpgrade(socket, 503, LINE_MESSAGES.serverBusy);
      }
      if ('full' in claim) return refuseUpgrade(socket, 429, LINE_MESSAGES.tooManySockets);
      const rowId = claim.id;
      socket.off('error', ended);
      // ws completes the handshake within this call (no verifyClient), or drops the socket without calling back:
      // one gone meanwhile, a handshake that is none, a service closing. The row is given back then.
      wss.handleUpgrade(req, socket, head, (ws) => {
        opened = true;
        onConnection(ws, line, address, group, rowId);
      });
      if (!opened) track('socket not opened', releaseLineSocket(db, rowId));
    } finally {
      admitting--;
      if (!opened) {
        byAddress.closed(address);
        byGroup.closed(group);
      }
      socket.resume();
    }
  }

  return {
    handleUpgrade(req, socket, head, url) {
      const line = lineOf(url);
      if (line === null) return refuseUpgrade(socket, 400, LINE_MESSAGES.unknownLine);
      if (closing) return refuseUpgrade(socket, 503, LINE_MESSAGES.serverBusy);
      const address = options.addressOf(req);
      const group = addressGroupKey(address);
      if (byAddress.of(address) >= perAddress || byGroup.of(group) >= perGroup) return refuseUpgrade(socket, 429, LINE_MESSAGES.tooManySockets);
      // Those being admitted count too, so no more than the cap in all wait on the database at once.
      if (open.size + admitting >= inAll) return refuseUpgrade(socket, 503, LINE_MESSAGES.serverBusy);
      track('admission', admit(req, socket, head, line, address, group));
    },
    async close() {
      closing = true;
      for (const socket of open) socket.close(CLOSE_SHUTDOWN, closeReason(CLOSE_SHUTDOWN, STREAM_MESSAGES.shuttingDown));
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          for (const socket of open) socket.terminate();
        }, 1000);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          resolve();
        });
      });
      while (work.size) await Promise.all(work);
      // What a failed release left behind is given up here, and would expire in any case.
      await releaseInstanceLineSockets(db, instance).catch((error: unknown) => logError(`[line] stop: ${describeError(error)}`));
    },
  };
}
