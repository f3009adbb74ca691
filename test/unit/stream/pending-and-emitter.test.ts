import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEmitter } from '../../../src/stream/emitter.ts';
import { createPendingRequests } from '../../../src/stream/pending-requests.ts';
import { StreamError } from '../../../src/stream/types.ts';
import { flush, installClock, watch, type FakeClock } from './fake-clock.ts';

let clock: FakeClock | null = null;
test.after.each(() => {
  clock?.restore();
  clock = null;
});

function reasonOf(error: unknown): string {
  assert.instance(error, StreamError);
  assert.instance(error, Error);
  return (error as StreamError).reason;
}

test('stream error: carries its reason as the message too', () => {
  const error = new StreamError('notConnected');
  assert.is(error.reason, 'notConnected');
  assert.is(error.message, 'notConnected');
});

test('pending: resolve settles the request of that name with the value', async () => {
  clock = installClock();
  const requests = createPendingRequests();
  const clipboard = watch(requests.add<string>('clipboard', 'clipboardFailed', 5000));
  const definition = watch(requests.add<string>('definition', 'resolutionFailed', 5000));
  requests.resolve('clipboard', 'hello');
  await flush();
  assert.equal(clipboard, { settled: true, value: 'hello' });
  assert.is(definition.settled, false, 'other names stay pending');
  assert.is(clock.pendingCount(), 1, 'the resolved request\'s timer is cleared');
  requests.resolve('clipboard', 'again'); // nothing pending: ignored
  requests.failAll();
});

test('pending: reject fails with a StreamError carrying the request\'s reason', async () => {
  clock = installClock();
  const requests = createPendingRequests();
  const screenshot = watch(requests.add<Blob>('screenshot', 'screenshotFailed', 10_000));
  requests.reject('screenshot');
  await flush();
  assert.ok(screenshot.settled);
  assert.is(reasonOf(screenshot.error), 'screenshotFailed');
  assert.is(clock.pendingCount(), 0);
  requests.reject('screenshot'); // already gone: nothing happens
});

test('pending: a request times out with its reason after timeoutMs, not before', async () => {
  clock = installClock();
  const requests = createPendingRequests();
  const definition = watch(requests.add('definition', 'resolutionFailed', 5000));
  clock.tick(4999);
  await flush();
  assert.is(definition.settled, false);
  clock.tick(1);
  await flush();
  assert.is(reasonOf(definition.error), 'resolutionFailed');
  requests.resolve('definition', 'late'); // the answer after the timeout changes nothing
  await flush();
  assert.is(definition.value, undefined);
});

test('pending: a second request of the same name fails the first and lives on', async () => {
  clock = installClock();
  const requests = createPendingRequests();
  const first = watch(requests.add<string>('clipboard', 'clipboardFailed', 5000));
  clock.tick(4000);
  const second = watch(requests.add<string>('clipboard', 'clipboardFailed', 5000));
  await flush();
  assert.is(reasonOf(first.error), 'clipboardFailed');
  assert.is(second.settled, false);
  assert.is(clock.pendingCount(), 1, 'the first request\'s timer is gone');
  clock.tick(1500); // 5500 after the first, 1500 after the second
  await flush();
  assert.is(second.settled, false, 'the first timer no longer fires');
  requests.resolve('clipboard', 'text');
  await flush();
  assert.is(second.value, 'text');
});

test('pending: failAll rejects every pending request with its own reason', async () => {
  clock = installClock();
  const requests = createPendingRequests();
  const a = watch(requests.add('definition', 'resolutionFailed', 5000));
  const b = watch(requests.add('clipboard', 'clipboardFailed', 5000));
  const c = watch(requests.add('screenshot', 'notConnected', 5000));
  requests.failAll();
  await flush();
  assert.is(reasonOf(a.error), 'resolutionFailed');
  assert.is(reasonOf(b.error), 'clipboardFailed');
  assert.is(reasonOf(c.error), 'notConnected');
  assert.is(clock.pendingCount(), 0);
  requests.failAll(); // nothing left: no error
});

test('emitter: on delivers payloads of that event only, off stops them', () => {
  const events = createEmitter<{ a: number; b: string }>();
  const seenA: number[] = [];
  const seenB: string[] = [];
  const offA = events.on('a', (value) => seenA.push(value));
  events.on('b', (value) => seenB.push(value));
  events.emit('a', 1);
  events.emit('b', 'x');
  offA();
  events.emit('a', 2);
  assert.equal(seenA, [1]);
  assert.equal(seenB, ['x']);
  offA(); // twice is harmless
});

test('emitter: several handlers each get the payload; off removes just one', () => {
  const events = createEmitter<{ a: number }>();
  const calls: string[] = [];
  const off1 = events.on('a', (value) => calls.push(`1:${value}`));
  events.on('a', (value) => calls.push(`2:${value}`));
  events.emit('a', 5);
  off1();
  events.emit('a', 6);
  assert.equal(calls, ['1:5', '2:5', '2:6']);
});

test('emitter: a handler removed while emitting still sees that emit, not the next', () => {
  const events = createEmitter<{ a: number }>();
  const calls: string[] = [];
  let off2 = () => {};
  events.on('a', (value) => {
    calls.push(`1:${value}`);
    off2();
  });
  off2 = events.on('a', (value) => calls.push(`2:${value}`));
  events.emit('a', 1);
  events.emit('a', 2);
  assert.equal(calls, ['1:1', '2:1', '1:2']);
});

test('emitter: clear drops every handler; emitting with none is fine', () => {
  const events = createEmitter<{ a: number; b: number }>();
  let count = 0;
  events.on('a', () => count++);
  events.on('b', () => count++);
  events.clear();
  events.emit('a', 1);
  events.emit('b', 1);
  assert.is(count, 0);
  events.on('a', () => count++);
  events.emit('a', 1);
  assert.is(count, 1, 'handlers added after clear work');
});

test.run();
