/**
 * One line's measurement (spec §1 "network check"): pings spaced apart, each lost when no pong comes within its
 * timeout, then one download, all over a line socket (server/API.md "Network check"). Pure but for the socket and
 * the timers, both of which a test can give: `open` makes the socket, `now` reads the clock.
 */
import type { LineClientMessage, LineServerMessage } from '../../shared/contract/line-check-words.ts';

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
  /** Stops the measurement (the page closed, or a new run began): the socket closes and every timer is cleared. */
  signal?: AbortSignal;
}

type Settings = Required<Omit<MeasureOptions, 'now' | 'onProgress' | 'signal'>>;

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
 * Measures one line over a socket `open` makes; the socket is closed when done. Rejects when it cannot open, with a
 * LineClosedError when it closes before the download ends, and with the signal's reason when aborted.
 */
export async function measureLine(open: () => LineSocket, options: MeasureOptions = {}): Promise<LineFigures> {
  const settings = { ...MEASURE_DEFAULTS, ...options };
  const { signal } = options;
  signal?.throwIfAborted();
  const progress = options.onProgress ?? (() => {});
  progress('connecting', 0, settings.pings);
  const socket = open();
  let stopped: unknown = null;
  const enders: Array<() => void> = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const end = (why: unknown) => {
    stopped ??= why;
    enders.splice(0).forEach((wake) => wake());
  };
  const run: Run = {
    socket,
    settings,
    now: options.now ?? (() => performance.now()),
    progress,
    stopped: () => stopped !== null,
    onEnd: (wake) => void (stopped === null ? enders.push(wake) : wake()),
    later(action, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        action();
      }, ms);
      timers.add(timer);
    },
  };
  let isOpen = false;
  socket.opened.then(() => (isOpen = true), () => {});
  // A socket that never opened is unreachable (a browser hears nothing of a refused upgrade but code 1006).
  socket.onClose((code, reason) => end(isOpen ? new LineClosedError(code, reasonMessage(reason)) : new Error('line socket did not open')));
  const abort = () => {
    end(signal!.reason);
    socket.close();
  };
  signal?.addEventListener('abort', abort, { once: true });
  const throwIfStopped = () => {
    if (stopped !== null) throw stopped;
  };
  try {
    await opened(run);
    throwIfStopped();
    const rtts = await pingAll(run);
    throwIfStopped();
    progress('download', 0, settings.downloadBytes);
    const downloadKbps = await download(run);
    throwIfStopped();
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
    signal?.removeEventListener('abort', abort);
    timers.forEach(clearTimeout);
    socket.close();
  }
}

/** One measurement's socket, settings and clock, and its timers, which all end with it. */
interface Run {
  socket: LineSocket;
  settings: Settings;
  now: () => number;
  progress: (phase: MeasurePhase, done: number, total: number) => void;
  /** Whether the socket closed or the measurement was aborted. */
  stopped(): boolean;
  /** Calls `wake` once the measurement stops (at once if it has). */
  onEnd(wake: () => void): void;
  /** A timer cleared when the measurement ends, however it ends. */
  later(action: () => void, ms: number): void;
}

/** Resolves once the socket is open, or the measurement stopped; rejects when it does not open in time. */
function opened(run: Run): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    run.socket.opened.then(resolve, reject);
    run.later(() => reject(new Error('line socket did not open')), run.settings.openTimeoutMs);
    run.onEnd(resolve);
  });
}

const sleep = (run: Run, ms: number) =>
  new Promise<void>((resolve) => {
    run.later(resolve, ms);
    run.onEnd(resolve);
  });

/** Round trips in the order sent, null for each ping lost. */
async function pingAll(run: Run): Promise<Array<number | null>> {
  const { socket, settings, now, progress } = run;
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
  socket.onMessage((message) => {
    if (message.type !== 'pong' || !Number.isInteger(message.seq) || given.has(message.seq) || sentAt[message.seq] === undefined) return;
    given.add(message.seq);
    rtts[message.seq] = Math.max(0, now() - sentAt[message.seq]!);
    settle();
  });
  run.onEnd(wakeAll);
  for (let seq = 0; seq < total && !run.stopped(); seq++) {
    sentAt[seq] = now();
    socket.send({ type: 'ping', seq, t: sentAt[seq]! });
    run.later(() => {
      if (given.has(seq)) return;
      given.add(seq);
      settle();
    }, settings.timeoutMs);
    if (seq < total - 1) await sleep(run, settings.spacingMs);
  }
  if (!run.stopped()) await allSettled;
  return rtts;
}

/** The download's rate in kbps (bits per millisecond), from the request to its `downloaded`; null if it failed. */
function download(run: Run): Promise<number | null> {
  const { socket, settings, now, progress } = run;
  return new Promise((resolve) => {
    let received = 0;
    const started = now();
    let finished = false;
    const finish = (kbps: number | null) => {
      if (finished) return;
      finished = true;
      resolve(kbps);
    };
    run.later(() => finish(null), settings.downloadTimeoutMs);
    run.onEnd(() => finish(null));
    socket.onMessage((message) => {
      if (finished) return;
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
