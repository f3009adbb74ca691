import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AnalyticsQueue, clampBatchSize, type QueueOptions } from '../../../src/analytics/queue.ts';
import type { TrackedEvent } from '../../../shared/contract/analytics-words.ts';

// The analytics queue's rules (spec §4 states, §5 names, §9 numbers), with storage, clock, timer and sending by hand.

function harness(options: Partial<QueueOptions> = {}) {
  let stored: TrackedEvent[] = [];
  let clock = 1_000_000;
  const sent: TrackedEvent[][] = [];
  const beacons: TrackedEvent[][] = [];
  const warnings: string[] = [];
  const timers = new Set<() => void>();
  let outcome: 'sent' | 'refused' | 'failed' = 'sent';
  let onSend: (() => void) | null = null;
  const queue = new AnalyticsQueue({
    storage: { read: () => stored.map((event) => ({ ...event })), write: (events) => (stored = events.map((event) => ({ ...event }))) },
    now: () => clock,
    send: async (events) => {
      sent.push(events);
      onSend?.();
      return outcome;
    },
    beacon: (events) => (beacons.push(events), true),
    every: (_ms, task) => {
      timers.add(task);
      return () => timers.delete(task);
    },
    warn: (message) => warnings.push(message),
    ...options,
  });
  return {
    queue,
    sent,
    beacons,
    warnings,
    timers,
    stored: () => stored,
    advance: (ms: number) => (clock += ms),
    /** The flush timer fires (every timer the queue runs). */
    tick: async () => {
      for (const task of [...timers]) task();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    answer: (next: typeof outcome) => (outcome = next),
    /** Runs `task` while the next send is on its way. */
    duringSend: (task: () => void) => (onSend = task),
  };
}

const names = (events: TrackedEvent[]) => events.map((event) => event.name);

test('six events go at once as a batch; fewer go when the flush timer fires, whatever their number', async () => {
  const h = harness();
  for (let i = 1; i <= 5; i++) h.queue.track(`step${i}`);
  assert.is(h.sent.length, 0, 'five wait for the timer');
  h.queue.track('step6');
  await h.tick();
  assert.equal(h.sent.map(names), [['step1', 'step2', 'step3', 'step4', 'step5', 'step6']]);
  h.queue.track('step7');
  assert.is(h.sent.length, 1, 'one event waits for the timer');
  await h.tick();
  assert.equal(names(h.sent[1]!), ['step7'], 'the timer sends what is queued');
  assert.equal(h.stored(), []);
  await h.tick();
  assert.is(h.sent.length, 2, 'nothing queued, nothing sent');
});

test('six hundred events queued offline keep the newest five hundred, tried a batch at a time; a send carries at most fifty', async () => {
  const h = harness();
  h.answer('failed');
  for (let i = 0; i < 600; i++) h.queue.track(`e${i}`);
  await h.tick();
  assert.is(h.stored().length, 500);
  assert.is(h.stored()[0]!.name, 'e100');
  assert.is(h.stored()[499]!.name, 'e599');
  assert.ok(h.sent.length <= 600 / 6 + 1, `${h.sent.length} tries for 600 events`);
  h.answer('sent');
  const before = h.sent.length;
  await h.tick();
  assert.is(h.sent[before]!.length, 50);
  assert.is(h.stored().length, 450);
});

test('a send that fails keeps its events for the next tick', async () => {
  const h = harness();
  h.answer('failed');
  for (let i = 0; i < 6; i++) h.queue.track(`e${i}`);
  await h.tick();
  assert.is(h.stored().length, 6);
  const failing = harness({ send: () => Promise.reject(new Error('offline')) });
  for (let i = 0; i < 6; i++) failing.queue.track(`e${i}`);
  await failing.tick();
  assert.is(failing.stored().length, 6);
});

test('a send the collector refuses for good is dropped with a warning; the queue moves on', async () => {
  const h = harness();
  h.answer('refused');
  for (let i = 0; i < 7; i++) h.queue.track(`e${i}`);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(names(h.stored()), ['e6']);
  assert.match(h.warnings[0]!, /6 events dropped/);
});

test('events recorded while a send is out, with the queue full, leave exactly the sent ones out', async () => {
  const h = harness();
  h.queue.pause();
  for (let i = 0; i < 500; i++) h.queue.track(`e${i}`);
  h.queue.resume();
  h.duringSend(() => h.queue.track('during'));
  await h.tick();
  const left = names(h.stored());
  assert.is(h.sent[0]!.length, 50);
  // "during" made the cap push out e0, which was on its way anyway; by id, exactly e0..e49 leave, e50 stays.
  assert.equal(left.slice(0, 2), ['e50', 'e51']);
  assert.is(left.at(-1), 'during');
  assert.is(left.length, 451);
  assert.is(new Set(h.stored().map((event) => event.id)).size, 451, 'every event has its own id');
});

test('an event carries what the collector takes: long keys and values, too many properties are trimmed', () => {
  const h = harness();
  const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`p${i}`, i]));
  h.queue.track('big', { ...many, ['k'.repeat(65)]: 1, text: 'x'.repeat(1000) });
  const { properties } = h.stored()[0]!;
  assert.is(Object.keys(properties).length, 50);
  assert.not.ok('k'.repeat(65) in properties);
  assert.ok(JSON.stringify(properties).length <= 4096);
});

test('event names start with a letter and have at most fifty characters; bad ones are dropped with a warning', () => {
  const h = harness();
  assert.ok(h.queue.track('a'));
  assert.ok(h.queue.track(`a${'b'.repeat(49)}`));
  for (const bad of ['', '1step', '_step', `a${'b'.repeat(50)}`, 'line\nbreak']) assert.not.ok(h.queue.track(bad), JSON.stringify(bad));
  assert.is(h.warnings.length, 5);
  assert.equal(names(h.stored()), ['a', `a${'b'.repeat(49)}`]);
});

test('super properties and the account go with each event; durations are in seconds, capped at a day', () => {
  const h = harness();
  h.queue.register({ cuid: 'f1', bad: undefined as unknown as string });
  h.queue.setAccount('10001');
  h.queue.track('pageView', { page: 'home' });
  assert.equal(h.stored()[0]!.properties, { cuid: 'f1', page: 'home' });
  assert.is(h.stored()[0]!.account, '10001');
  h.queue.timeStart('watch');
  h.advance(2500);
  h.queue.timeEnd('watch');
  assert.is(h.stored()[1]!.duration, 2.5);
  h.queue.timeStart('watch');
  h.advance(3 * 86_400_000);
  h.queue.timeEnd('watch');
  assert.is(h.stored()[2]!.duration, 86_400);
  assert.not.ok(h.queue.timeEnd('never-started'));
  h.queue.track('early', {}, { time: 5 });
  assert.is(h.stored()[3]!.time, 5, 'an event recorded before the queue loaded keeps its moment');
});

test('paused records but does not send; resumed, it sends again', async () => {
  const h = harness();
  h.queue.pause();
  assert.is(h.queue.state, 'paused');
  for (let i = 0; i < 6; i++) h.queue.track(`e${i}`);
  assert.is(h.timers.size, 0, 'no flush timer while paused');
  await h.queue.flush();
  h.queue.sendAllByBeacon();
  assert.is(h.sent.length + h.beacons.length, 0);
  h.queue.resume();
  await h.tick();
  assert.is(h.sent.length, 1);
});

test('stopped clears the super properties, the account and the timers, and records nothing', () => {
  const h = harness();
  h.queue.register({ cuid: 'f1' });
  h.queue.setAccount('10001');
  h.queue.timeStart('watch');
  h.queue.stop();
  assert.is(h.queue.state, 'stopped');
  assert.equal(h.queue.superProps, {});
  assert.is(h.queue.currentAccount, null);
  assert.is(h.timers.size, 0);
  assert.not.ok(h.queue.track('after'));
  assert.not.ok(h.queue.timeEnd('watch'), 'the duration timers are gone');
  h.queue.resume();
  h.queue.track('again');
  assert.equal(h.stored()[0]!.properties, {}, 'the super properties stay cleared');
});

test('a hidden page sends everything by beacon, fifty at a time, even while a send is out', async () => {
  const h = harness();
  h.queue.pause();
  for (let i = 0; i < 120; i++) h.queue.track(`e${i}`);
  h.queue.resume();
  h.duringSend(() => h.queue.sendAllByBeacon());
  await h.tick();
  assert.equal(h.beacons.map((events) => events.length), [50, 50, 20]);
  assert.is(h.stored().length, 0);
});

test('the batch size is configurable from 1 to 30', () => {
  assert.equal([clampBatchSize(0), clampBatchSize(1), clampBatchSize(30), clampBatchSize(31), clampBatchSize(Number.NaN), clampBatchSize(2.5)], [1, 1, 30, 30, 6, 6]);
  const h = harness({ batchSize: 1 });
  h.queue.track('one');
  return h.tick().then(() => assert.is(h.sent.length, 1));
});

test.run();
