import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jitter, LineClosedError, measureLine, median } from '../../../src/network-check/measure.ts';
import { failureReason } from '../../../src/network-check/state.ts';
import { CLOSE_POLICY, CLOSE_TOO_MANY_SOCKETS } from '../../../shared/contract/stream-protocol.ts';
import type { LineSocket, MeasurePhase } from '../../../src/network-check/measure.ts';
import type { LineClientMessage, LineServerMessage } from '../../../shared/contract/line-check-words.ts';

// One line's measurement over a fake socket on a fake clock: the pong of ping `seq` comes `delays[seq]` ms after it
// (never when null), and a download answers at `downloadMs`.

type Incoming = LineServerMessage | { type: 'chunk'; bytes: number };

interface FakeOptions {
  downloadMs?: number;
  fail?: 'open' | 'download';
  /** The server closes the socket with this code and reason: at once after opening, or when the download is asked. */
  serverClose?: { code: number; reason: string; when: 'opened' | 'download' };
}

function fakeLine(delays: Array<number | null>, options: FakeOptions = {}) {
  let clock = 1000;
  const listeners: Array<(message: Incoming) => void> = [];
  const closers: Array<(code: number, reason: string) => void> = [];
  const sent: LineClientMessage[] = [];
  let closed = false;
  const closeWith = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    closers.forEach((close) => close(code, reason));
  };
  const deliver = (message: Incoming, after: number) =>
    setTimeout(() => {
      if (closed) return;
      clock += after;
      listeners.forEach((listener) => listener(message));
    }, 1);
  const socket: LineSocket = {
    opened: options.fail === 'open' ? Promise.reject(new Error('refused')) : Promise.resolve(),
    send(message) {
      sent.push(message);
      if (message.type === 'ping') {
        const delay = delays[message.seq];
        if (delay !== null && delay !== undefined) {
          // The fake clock stands at send time + delay when the pong arrives.
          const at = message.t + delay;
          setTimeout(() => {
            if (closed) return;
            clock = Math.max(clock, at);
            listeners.forEach((listener) => listener({ type: 'pong', seq: message.seq, t: message.t }));
          }, 1);
        }
        return;
      }
      if (options.serverClose?.when === 'download') return void setTimeout(() => closeWith(options.serverClose!.code, options.serverClose!.reason), 1);
      if (options.fail === 'download') return deliver({ type: 'error', msg: 'no' }, 1);
      deliver({ type: 'chunk', bytes: message.bytes / 2 }, 0);
      deliver({ type: 'chunk', bytes: message.bytes / 2 }, 0);
      deliver({ type: 'downloaded', bytes: message.bytes }, options.downloadMs ?? 100);
    },
    onMessage: (listener) => void listeners.push(listener),
    onClose: (listener) => void closers.push(listener),
    close: () => closeWith(1000, ''),
  };
  if (options.serverClose?.when === 'opened') setTimeout(() => closeWith(options.serverClose!.code, options.serverClose!.reason), 0);
  return { socket, sent, now: () => clock, isClosed: () => closed };
}

const fast = { spacingMs: 1, timeoutMs: 40, pings: 5, downloadBytes: 1000 };

test('median and jitter', () => {
  assert.is(median([]), null);
  assert.is(median([30, 10, 20]), 20);
  assert.is(median([10, 20, 30, 40]), 25);
  assert.is(jitter([50]), null);
  assert.is(jitter([10, 20, 10, 40]), (10 + 10 + 30) / 3);
});

test('round trip is the median, jitter the mean change between consecutive ones, download in kbps', async () => {
  const line = fakeLine([20, 40, 20, 30, 20], { downloadMs: 100 });
  const phases = new Set<MeasurePhase>();
  const figures = await measureLine(() => line.socket, { ...fast, now: line.now, onProgress: (phase) => phases.add(phase) });
  assert.equal(figures, { rttMs: 20, jitterMs: Math.round((20 + 20 + 10 + 10) / 4), lossPercent: 0, downloadKbps: 80 });
  assert.equal([...phases], ['connecting', 'ping', 'download', 'done']);
  assert.equal(line.sent.map((message) => message.type), ['ping', 'ping', 'ping', 'ping', 'ping', 'download']);
  assert.ok(line.isClosed(), 'the socket is closed when done');
});

test('a ping without a pong within the timeout is lost, and left out of round trip and jitter', async () => {
  const line = fakeLine([10, null, 30, null, 10]);
  const figures = await measureLine(() => line.socket, { ...fast, now: line.now });
  assert.is(figures.lossPercent, 40);
  assert.is(figures.rttMs, 10);
  assert.is(figures.jitterMs, 20);
});

test('every ping lost: no round trip, no jitter, all lost', async () => {
  const line = fakeLine([null, null, null, null, null]);
  const figures = await measureLine(() => line.socket, { ...fast, now: line.now });
  assert.equal({ rtt: figures.rttMs, jitter: figures.jitterMs, loss: figures.lossPercent }, { rtt: null, jitter: null, loss: 100 });
});

test('a refused download has no rate; a socket that does not open rejects', async () => {
  const refused = fakeLine([10, 10, 10, 10, 10], { fail: 'download' });
  assert.is((await measureLine(() => refused.socket, { ...fast, now: refused.now })).downloadKbps, null);
  const closedLine = fakeLine([], { fail: 'open' });
  let failed = false;
  await measureLine(() => closedLine.socket, { ...fast, now: closedLine.now }).catch(() => (failed = true));
  assert.ok(failed);
  assert.ok(closedLine.isClosed());
});

test('a socket the server closes before the download ends is a failure with its code and message, not a verdict', async () => {
  const reason = JSON.stringify({ code: CLOSE_TOO_MANY_SOCKETS, msg: 'Please do not operate frequently' });
  const refused = fakeLine([10, 10, 10, 10, 10], { serverClose: { code: CLOSE_TOO_MANY_SOCKETS, reason, when: 'opened' } });
  const error = await measureLine(() => refused.socket, { ...fast, now: refused.now }).then(() => null, (e: unknown) => e);
  assert.instance(error, LineClosedError);
  assert.is((error as LineClosedError).code, CLOSE_TOO_MANY_SOCKETS);
  assert.is((error as LineClosedError).serverMessage, 'Please do not operate frequently');
  assert.is(failureReason(error), 'errors.tooFrequent');

  const cut = fakeLine([10, 10, 10, 10, 10], { serverClose: { code: CLOSE_POLICY, reason: '{"code":1008,"msg":"Check time is over"}', when: 'download' } });
  const late = await measureLine(() => cut.socket, { ...fast, now: cut.now }).then(() => null, (e: unknown) => e);
  assert.instance(late, LineClosedError);
  assert.is((late as LineClosedError).serverMessage, 'Check time is over');
  assert.is(failureReason(late), null, 'any other close: "could not be checked" without a catalogue reason');
  assert.is(failureReason(new Error('line socket did not open')), 'errors.networkTimeout');
});

test('an abort stops the measurement at once: it rejects, the socket closes and no timer of its own is left', async () => {
  // Live timers of a second or more are the measurement's (its ping, open and download timeouts); the fake's are 0-1 ms.
  const live = new Set<unknown>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  globalThis.setTimeout = ((action: () => void, ms?: number) => {
    const id = realSet(() => {
      live.delete(id);
      action();
    }, ms);
    if ((ms ?? 0) >= 1000) live.add(id);
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id: ReturnType<typeof setTimeout>) => {
    live.delete(id);
    realClear(id);
  }) as typeof clearTimeout;
  try {
    for (const at of ['ping', 'download'] as const) {
      // Pongs never come, or the download never ends: only an abort (or the long timeouts) ends these.
      const line = fakeLine(at === 'ping' ? [null, null, null] : [1, 1, 1], { downloadMs: 0 });
      const controller = new AbortController();
      const send = line.socket.send;
      line.socket.send = (message) => {
        if (message.type === 'download') return;
        send(message);
        if (at === 'ping' && message.seq === 1) setTimeout(() => controller.abort(new Error('left')), 5);
      };
      const phases: MeasurePhase[] = [];
      const measuring = measureLine(() => line.socket, {
        pings: 3, spacingMs: 1, timeoutMs: 5000, downloadTimeoutMs: 10_000, now: line.now, signal: controller.signal,
        onProgress: (phase) => {
          phases.push(phase);
          if (phase === 'download' && at === 'download') controller.abort(new Error('left'));
        },
      });
      const error = await measuring.then(() => null, (e: unknown) => e);
      assert.is((error as Error)?.message, 'left', `aborted during ${at}`);
      assert.ok(line.isClosed(), 'the socket is closed');
      assert.is(live.size, 0, 'no timer left running');
      assert.not.ok(phases.includes('done'));
    }
    const before = new AbortController();
    before.abort();
    let opened = false;
    await measureLine(() => ((opened = true), fakeLine([]).socket), { signal: before.signal }).catch(() => {});
    assert.not.ok(opened, 'an aborted signal opens nothing');
  } finally {
    globalThis.setTimeout = realSet;
    globalThis.clearTimeout = realClear;
  }
});

test.run();
