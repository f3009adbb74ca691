/**
 * One line's measurement (spec §1 "network check"): pings spaced apart, each lost when no pong comes within its
 * timeout, then one download, all over a line socket (server/API.md "Network check"). Pure but for the socket and
 * the timers, both of which a test can give: `open` makes the socket, `now` reads the clock.
 */
import type { LineClientMessage, LineServerMessage } from '../contract/line-check-words.ts';

/** A line socket as the measurement sees it: the page wraps a WebSocket (socket.ts), a test gives a fake. */
export interface LineSocket {
  /** Resolves once the socket is open; rejects when it cannot open or closes first. */
  opened: Promise<void>;
  send(message: LineClientMessage): void;
  /** Adds a listener, which gets every message from then on: the server's, or the size of a download chunk. */
  onMessage(listener: (message: LineServerMessage | { type: 'chunk'; bytes: number }) => void): void;
  /** Called once when the socket closes, whoever closed it, with the close code and reason. */
  onClose(listener: (code: number, reason: string) => void): void;
  close(): void;
}

export interface LineFigures {
  /** Median round trip of the answered pings, ms; null when none was answered. */
  rttMs: number | null;
  /** Mean absolute difference of consecutive round trips, ms; null with fewer than two answered. */
  jitterMs: number | null;
  /** Pings not answered within the timeout, in percent. */
  lossPercent: number;
  /** The download's throughput, kbps; null when it did not finish in time. */
  downloadKbps: number | null;
}

export type MeasurePhase = 'connecting' | 'ping' | 'download' | 'done';

export interface MeasureOptions {
  pings?: number;
  spacingMs?: number;
  /** A ping with no pong within this long is lost. */
  timeoutMs?: number;
  downloadBytes?: number;
  downloadTimeoutMs?: number;
  openTimeoutMs?: number;
  now?: () => number;
  /** Progress: the phase and, for pings, how many have been answered or given up on. */
  onProgress?: (phase: MeasurePhase, done: number, total: number) => void;
}

type Settings = Required<Omit<MeasureOptions, 'now' | 'onProgress'>>;

export const MEASURE_DEFAULTS: Settings = {
  pings: 10,
  spacingMs: 100,
  timeoutMs: 1000,
  // A quarter of a megabyte: a second or two on a poor mobile link, still enough to see a fast one's rate.
  downloadBytes: 256 * 1024,
  downloadTimeoutMs: 10_000,
  openTimeoutMs: 5000,
};

/**
 * The line socket closed before the measurement ended (a refusal such as too many sockets, a policy close, a server
 * going down): the line was not measured, which is not the same as a line that lost every ping.
 */
export class LineClosedError extends Error {
  constructor(
    readonly code: number,
    /** The server's `msg` from the close reason (`{code, msg}`, API.md "Streaming"), or the raw reason. */
    readonly serverMessage: string,
  ) {
    super(`line socket closed (${code}${serverMessage ? `: ${serverMessage}` : ''})`);
    this.name = 'LineClosedError';
  }
}

function reasonMessage(reason: string): string {
  try {
    const value = JSON.parse(reason) as { msg?: unknown };
    return typeof value?.msg === 'string' ? value.msg : reason;
  } catch {
    return reason;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Mean absolute difference of consecutive values (RFC 3550's idea of jitter, without its smoothing). */
export function jitter(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  let sum = 0;
  for (let i = 1; i < values.length; i++) sum += Math.abs(values[i]! - values[i - 1]!);
  return sum / (values.length - 1);
}

/**
 * Measures one line over a socket `open` makes; the socket is closed when done. Rejects when it cannot open, and with
 * a LineClosedError when it closes before the download ends.
 */
export async function measureLine(open: () => LineSocket, options: MeasureOptions = {}): Promise<LineFigures> {
  const settings = { ...MEASURE_DEFAULTS, ...options };
  const now = options.now ?? (() => performance.now());
  const progress = options.onProgress ?? (() => {});
  progress('connecting', 0, settings.pings);
  const socket = open();
  let closed: LineClosedError | null = null;
  const closeWaiters: Array<() => void> = [];
  socket.onClose((code, reason) => {
    closed = new LineClosedError(code, reasonMessage(reason));
    closeWaiters.splice(0).forEach((wake) => wake());
  });
  const throwIfClosed = () => {
    if (closed) throw closed;
  };
  try {
    await withTimeout(socket.opened, settings.openTimeoutMs);
    const rtts = await pingAll(socket, settings, now, progress, closeWaiters, () => closed !== null);
    throwIfClosed();
    progress('download', 0, settings.downloadBytes);
    const downloadKbps = await download(socket, settings, now, progress, closeWaiters);
    throwIfClosed();
    const answered = rtts.filter((rtt): rtt is number => rtt !== null);
    const rtt = median(answered);
    const spread = jitter(answered);
    progress('done', settings.pings, settings.pings);
    return {
      rttMs: rtt === null ? null : Math.round(rtt),
      jitterMs: spread === null ? null : Math.round(spread),
      lossPercent: Math.round(((settings.pings - answered.length) / settings.pings) * 100),
      downloadKbps,
    };
  } finally {
    socket.close();
  }
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('line socket did not open')), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Round trips in the order sent, null for each ping lost. */
async function pingAll(
  socket: LineSocket,
  settings: Settings,
  now: () => number,
  progress: (phase: MeasurePhase, done: number, total: number) => void,
  closeWaiters: Array<() => void>,
  isClosed: () => boolean,
): Promise<Array<number | null>> {
  const total = settings.pings;
  const sentAt: number[] = [];
  const rtts: Array<number | null> = Array(total).fill(null);
  let settled = 0;
  let wakeAll: () => void = () => {};
  const allSettled = new Promise<void>((resolve) => (wakeAll = resolve));
  const settle = () => {
    settled++;
    progress('ping', settled, total);
    if (settled === total) wakeAll();
  };
  const given = new Set<number>();
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  socket.onMessage((message) => {
    if (message.type !== 'pong' || !Number.isInteger(message.seq) || given.has(message.seq) || sentAt[message.seq] === undefined) return;
    given.add(message.seq);
    rtts[message.seq] = Math.max(0, now() - sentAt[message.seq]!);
    settle();
  });
  closeWaiters.push(wakeAll);
  for (let seq = 0; seq < total && !isClosed(); seq++) {
    sentAt[seq] = now();
    socket.send({ type: 'ping', seq, t: sentAt[seq]! });
    timers.push(
      setTimeout(() => {
        if (given.has(seq)) return;
        given.add(seq);
        settle();
      }, settings.timeoutMs),
    );
    if (seq < total - 1) await sleep(settings.spacingMs);
  }
  if (!isClosed()) await allSettled;
  timers.forEach(clearTimeout);
  return rtts;
}

/** The download's rate in kbps (bits per millisecond), from the request to its `downloaded`; null if it failed. */
function download(
  socket: LineSocket,
  settings: Settings,
  now: () => number,
  progress: (phase: MeasurePhase, done: number, total: number) => void,
  closeWaiters: Array<() => void>,
): Promise<number | null> {
  return new Promise((resolve) => {
    let received = 0;
    const started = now();
    const finish = (kbps: number | null) => {
      clearTimeout(timer);
      resolve(kbps);
    };
    const timer = setTimeout(() => finish(null), settings.downloadTimeoutMs);
    closeWaiters.push(() => finish(null));
    socket.onMessage((message) => {
      if (message.type === 'chunk') {
        received += message.bytes;
        progress('download', received, settings.downloadBytes);
      } else if (message.type === 'downloaded') {
        if (received < message.bytes) return finish(null);
        // At least a millisecond: a local server can deliver it all within one tick of a coarse clock.
        finish(Math.round((received * 8) / Math.max(1, now() - started)));
      } else if (message.type === 'error') finish(null);
    });
    socket.send({ type: 'download', bytes: settings.downloadBytes });
  });
}
