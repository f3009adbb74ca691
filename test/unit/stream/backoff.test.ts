import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  FIRST_RECONNECT_DELAY_MS,
  MAX_RECONNECT_ATTEMPTS,
  MAX_RECONNECT_DELAY_MS,
  reconnectDelay,
  shouldGiveUp,
} from '../../../src/stream/backoff.ts';

const middle = () => 0.5; // 0.8 + 0.4 * 0.5 = 1: no jitter

test('backoff: starts at 250 ms and doubles up to the 8 s ceiling', () => {
  assert.is(FIRST_RECONNECT_DELAY_MS, 250);
  assert.is(MAX_RECONNECT_DELAY_MS, 8000);
  const delays = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempt) => reconnectDelay(attempt, middle));
  assert.equal(delays, [250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
});

test('backoff: attempt 0 or below counts as the first', () => {
  assert.is(reconnectDelay(0, middle), 250);
  assert.is(reconnectDelay(-3, middle), 250);
});

test('backoff: jitter stays within ±20% of the base', () => {
  for (let attempt = 1; attempt <= 10; attempt++) {
    const base = reconnectDelay(attempt, middle);
    const low = reconnectDelay(attempt, () => 0);
    const high = reconnectDelay(attempt, () => 0.999);
    assert.is(low, Math.round(base * 0.8), `attempt ${attempt} low`);
    assert.ok(high <= Math.round(base * 1.2), `attempt ${attempt} high ${high}`);
    assert.ok(high > Math.round(base * 1.19), `attempt ${attempt} high spreads upward ${high}`);
  }
  assert.is(reconnectDelay(1, () => 0), 200);
  assert.is(reconnectDelay(1, () => 0.999), 300);
  assert.is(reconnectDelay(6, () => 0), 6400);
  assert.is(reconnectDelay(6, () => 0.999), 9597);
});

test('backoff: the default randomness stays in range', () => {
  for (let i = 0; i < 50; i++) {
    const delay = reconnectDelay(3);
    assert.ok(delay >= 800 && delay <= 1200, String(delay));
  }
});

test('backoff: gives up only after MAX_RECONNECT_ATTEMPTS attempts', () => {
  assert.is(MAX_RECONNECT_ATTEMPTS, 8);
  for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) assert.not.ok(shouldGiveUp(attempt), String(attempt));
  assert.ok(shouldGiveUp(MAX_RECONNECT_ATTEMPTS + 1));
  assert.ok(shouldGiveUp(100));
});

test.run();
