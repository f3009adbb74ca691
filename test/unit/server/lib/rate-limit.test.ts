import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FailureThrottle } from '../../../../server/lib/rate-limit.ts';

// The counters behind the throttles (server/lib/rate-limit.ts): growing delays, the lock, and bounded memory.

const SECOND = 1000;
const LOCK = 900 * SECOND;

test('delays double after the free half of the allowance and never exceed the lock', () => {
  const throttle = new FailureThrottle({ maxFailures: 12, lockMs: 60 * SECOND, windowMs: LOCK });
  const delays = Array.from({ length: 13 }, (_, failures) => throttle.delayAfter(failures) / SECOND);
  assert.equal(delays, [0, 0, 0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 60]);
});

test('failures are forgotten a window after the last one', () => {
  const throttle = new FailureThrottle({ maxFailures: 4, lockMs: LOCK, windowMs: 2 * LOCK });
  throttle.fail('k', 0, 4);
  assert.is(throttle.waitMs('k', 0), LOCK);
  assert.is(throttle.waitMs('k', LOCK), 0);
  throttle.fail('k', LOCK);
  assert.is(throttle.waitMs('k', LOCK), LOCK, 'within the window one more failure locks again');
  throttle.fail('k', 4 * LOCK);
  assert.is(throttle.waitMs('k', 4 * LOCK), 0, 'after the window the count starts over');
});

test('memory stays bounded: past maxKeys forgotten keys go first, then the stalest', () => {
  const throttle = new FailureThrottle({ maxFailures: 4, lockMs: LOCK, windowMs: LOCK, maxKeys: 100 });
  throttle.fail('locked', 0, 4);
  for (let i = 0; i < 1000; i++) throttle.fail(`guess-${i}`, 2 * LOCK + i);
  assert.ok(throttle.size <= 100, `size ${throttle.size}`);
  for (let i = 0; i < 1000; i++) throttle.fail(`fresh-${i}`, 3 * LOCK);
  assert.ok(throttle.size <= 100, `size ${throttle.size}`);
  assert.is(throttle.waitMs('fresh-999', 3 * LOCK), 0);
  throttle.fail('fresh-999', 3 * LOCK, 3);
  assert.is(throttle.waitMs('fresh-999', 3 * LOCK), LOCK, 'the newest keys are kept');
});

test.run();
