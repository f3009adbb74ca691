import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLiveness } from '../../../src/stream/liveness.ts';

function clocked() {
  let at = 1000;
  return { liveness: createLiveness(() => at, 5000), advance: (ms: number) => (at += ms), now: () => at };
}

test('liveness: a ping per tick while none is pending; the pong gives the round trip', () => {
  const { liveness, advance, now } = clocked();
  const first = liveness.tick();
  assert.is(first.ping, now());
  assert.is(first.dead, false);
  advance(1000);
  assert.is(liveness.tick().ping, null, 'one ping at a time');
  liveness.pong(now() - 40);
  assert.is(liveness.tick().stats.rtt, 40);
});

test('liveness: silence after an unanswered ping is death; any message from the host keeps it alive', () => {
  const { liveness, advance } = clocked();
  liveness.tick();
  advance(4000);
  liveness.heard(); // a picture queued ahead of the pong
  advance(4000);
  assert.is(liveness.tick().dead, false, 'heard 4 s ago');
  advance(5001);
  assert.is(liveness.tick().dead, true);
  liveness.reset();
  assert.is(liveness.tick().dead, false, 'a new connection starts clean');
});

test('liveness: pictures of the last second make the fps and the bitrate', () => {
  const { liveness, advance } = clocked();
  liveness.picture(10_000);
  advance(500);
  liveness.picture(15_000);
  liveness.picture(25_000);
  assert.equal(liveness.tick().stats, { fps: 3, bitrate: 400, rtt: null });
  advance(600);
  assert.equal(liveness.tick().stats, { fps: 2, bitrate: 320, rtt: null });
});

test.run();
