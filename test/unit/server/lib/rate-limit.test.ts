import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FailureThrottle, storedKey, WindowCounter } from '../../../../server/lib/rate-limit.ts';
import { sweepThrottleCounts } from '../../../../server/lib/throttles.ts';
import { seededDatabase } from '../helpers.ts';

// The counters behind the throttles (server/lib/rate-limit.ts), kept in the database: growing delays, the lock,
// attempts in flight, windows, and the rows the sweep keeps bounded.

const SECOND = 1000;
const LOCK = 900 * SECOND;

test('delays double after the free half of the allowance and never exceed the lock', () => {
  const throttle = new FailureThrottle('t', { maxFailures: 12, lockMs: 60 * SECOND, windowMs: LOCK });
  const delays = Array.from({ length: 13 }, (_, failures) => throttle.delayAfter(failures) / SECOND);
  assert.equal(delays, [0, 0, 0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 60]);
});

test('a failure stamped after now (a concurrent attempt, a clock ahead) adds no wait where none is due, and never more than the delay', () => {
  const throttle = new FailureThrottle('t', { maxFailures: 12, lockMs: 60 * SECOND, windowMs: LOCK });
  const now = 1_000_000;
  // Free failures: no wait, even with the last one 5 ms in the future.
  assert.is(throttle.waitOf({ failures: 3, lastFailureAt: now + 5, pending: 0 }, now), 0);
  // A delay due: its length at most, however far ahead the stamp.
  assert.is(throttle.waitOf({ failures: 7, lastFailureAt: now + 30 * SECOND, pending: 0 }, now), 2 * SECOND);
  assert.is(throttle.waitOf({ failures: 7, lastFailureAt: now - 500, pending: 0 }, now), 1500);
});

test('failures are forgotten a window after the last one', async () => {
  const db = await seededDatabase();
  const throttle = new FailureThrottle('t', { maxFailures: 4, lockMs: LOCK, windowMs: 2 * LOCK });
  await throttle.fail(db, 'k', 0, 4);
  assert.is(await throttle.waitMs(db, 'k', 0), LOCK);
  assert.is(await throttle.waitMs(db, 'k', LOCK), 0);
  await throttle.fail(db, 'k', LOCK);
  assert.is(await throttle.waitMs(db, 'k', LOCK), LOCK, 'within the window one more failure locks again');
  await throttle.fail(db, 'k', 4 * LOCK);
  assert.is(await throttle.waitMs(db, 'k', 4 * LOCK), 0, 'after the window the count starts over');
});

test('throttles of other names keep their own counts of a key', async () => {
  const db = await seededDatabase();
  const policy = { maxFailures: 2, lockMs: LOCK, windowMs: LOCK };
  const [one, other] = [new FailureThrottle('one', policy), new FailureThrottle('other', policy)];
  await one.fail(db, 'k', 0, 2);
  assert.ok(await one.locked(db, 'k', 0));
  assert.is(await other.waitMs(db, 'k', 0), 0);
});

test('attempts in flight count as failures until settled, and are dropped once their process is long gone', async () => {
  const db = await seededDatabase();
  const throttle = new FailureThrottle('t', { maxFailures: 4, lockMs: LOCK, windowMs: LOCK });
  for (let i = 0; i < 3; i++) assert.is(await throttle.begin(db, 'k', 0), 0, `attempt ${i + 1}`);
  assert.is(await throttle.begin(db, 'k', 0), SECOND, 'three in flight may all fail: the fourth waits for them');
  for (let i = 0; i < 4; i++) await throttle.settle(db, 'k', 0, false);
  assert.is(await throttle.waitMs(db, 'k', 0), 0, 'settled without failing');
  for (let i = 0; i < 3; i++) await throttle.begin(db, 'k', 0);
  assert.is(await throttle.waitMs(db, 'k', 0), SECOND);
  assert.is(await throttle.waitMs(db, 'k', 60 * SECOND), 0, 'never settled: forgotten after a minute');
});

test('a window admits its limit of events in any window, then waits for the oldest to leave it', async () => {
  const db = await seededDatabase();
  const counter = new WindowCounter('w', 3, 10 * SECOND);
  for (let i = 0; i < 3; i++) {
    assert.is(await counter.waitMs(db, 'k', i * SECOND), 0);
    await counter.add(db, 'k', i * SECOND);
  }
  assert.is(await counter.waitMs(db, 'k', 3 * SECOND), 7 * SECOND);
  assert.is(await counter.waitMs(db, 'k', 10 * SECOND), 0);
  assert.is(await counter.waitMs(db, 'other', 3 * SECOND), 0);
});

test('long keys are held as their hash, distinct ones apart', () => {
  assert.is(storedKey('192.0.2.1'), '192.0.2.1');
  const [a, b] = [storedKey('x'.repeat(5000)), storedKey(`${'x'.repeat(4999)}y`)];
  assert.ok(a.length < 100 && b.length < 100);
  assert.is.not(a, b);
});

test('the sweep deletes what expired and keeps each throttle under its bound, the newest keys kept', async () => {
  const db = await seededDatabase();
  const throttle = new FailureThrottle('t', { maxFailures: 4, lockMs: LOCK, windowMs: LOCK });
  const counter = new WindowCounter('w', 2, LOCK);
  await throttle.fail(db, 'old', 0, 4);
  await counter.add(db, 'old', 0);
  await sweepThrottleCounts(db, LOCK);
  const rows = async (table: string) => Number(await db.value(`SELECT COUNT(*) FROM ${table}`));
  assert.is(await rows('throttle_failures'), 0, 'a count past its window');
  assert.is(await rows('throttle_events'), 0, 'an event past its window');
  for (let i = 0; i < 300; i++) {
    await throttle.fail(db, `guess-${i}`, 2 * LOCK + i);
    await counter.add(db, `guess-${i}`, 2 * LOCK + i);
  }
  await sweepThrottleCounts(db, 2 * LOCK + 300, 100);
  assert.ok(await rows('throttle_failures') <= 100, 'failure keys');
  assert.ok(await rows('throttle_events') <= 100, 'event keys');
  await throttle.fail(db, 'guess-299', 2 * LOCK + 300, 3);
  assert.is(await throttle.waitMs(db, 'guess-299', 2 * LOCK + 300), LOCK, 'the newest keys are kept');
  assert.is(await throttle.waitMs(db, 'guess-0', 2 * LOCK + 300), 0);
});

test.run();
