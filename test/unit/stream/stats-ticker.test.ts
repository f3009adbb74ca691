import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StreamClientMessage } from '../../../shared/contract/stream-protocol.ts';
import { PING_EVERY_MS, STREAM_TIMEOUT_MS } from '../../../src/stream/protocol.ts';
import { createStatsTicker } from '../../../src/stream/stats-ticker.ts';
import type { StreamStats } from '../../../src/stream/types.ts';
import { installClock, type FakeClock } from './fake-clock.ts';

// The heartbeat on its own: pings, the dead-connection check and the stats of the last second.

let clock: FakeClock | null = null;
test.after.each(() => {
  clock?.restore();
  clock = null;
});

function ticker() {
  clock = installClock();
  const sent: StreamClientMessage[] = [];
  const stats: StreamStats[] = [];
  let deaths = 0;
  const made = createStatsTicker({
    now: clock.now,
    send: (message) => sent.push(message) > 0,
    dead: () => deaths++,
    stats: (payload) => stats.push(payload),
  });
  return { ticker: made, sent, stats, clock, deaths: () => deaths };
}

const TICK_MS = PING_EVERY_MS / 2;

test('stats: nothing before start; then a ping when none waits, and the stats each tick', () => {
  const { ticker: made, sent, stats, clock: fake } = ticker();
  fake.tick(TICK_MS * 3);
  assert.equal(sent, []);
  made.start();
  fake.tick(TICK_MS);
  assert.equal(sent, [{ type: 'ping', t: fake.now() }]);
  assert.equal(stats, [{ fps: 0, bitrate: 0, rtt: null, link: null }]);
  fake.tick(TICK_MS);
  assert.is(sent.length, 1, 'one ping at a time');
  made.pong(fake.now() - 30);
  fake.tick(TICK_MS);
  assert.is(sent.length, 2, 'answered: the next one goes');
  assert.is(stats.at(-1)!.rtt, 30);
});

test('stats: the pictures of the last second give the rate and bitrate; the host\'s link word comes along', () => {
  const { ticker: made, stats, clock: fake } = ticker();
  made.start();
  made.picture(1000);
  made.picture(500);
  made.link({ kbps: 400, rtt: 410, width: 540, height: 960 });
  fake.tick(TICK_MS);
  assert.equal(stats.at(-1), { fps: 2, bitrate: 12, rtt: null, link: { kbps: 400, rtt: 410, width: 540, height: 960 } });
  made.start();
  fake.tick(TICK_MS);
  assert.is(stats.at(-1)!.link, null, 'a new hello: no word on the link yet');
});

test('stats: silence after an unanswered ping is a dead connection, reported instead of the stats', () => {
  const { ticker: made, stats, clock: fake, deaths } = ticker();
  made.start();
  fake.tick(TICK_MS);
  fake.tick(STREAM_TIMEOUT_MS - TICK_MS);
  made.heard(); // a picture queued ahead of the pong
  fake.tick(STREAM_TIMEOUT_MS);
  assert.is(deaths(), 0, 'heard within the timeout');
  const shown = stats.length;
  fake.tick(TICK_MS);
  assert.is(deaths(), 1);
  assert.is(stats.length, shown);
});

test('stats: a repeated start keeps one ticker; stop ends it', () => {
  const { ticker: made, stats, clock: fake } = ticker();
  made.start();
  made.start();
  fake.tick(TICK_MS * 2);
  assert.is(stats.length, 2);
  made.stop();
  assert.is(fake.pendingCount(), 0);
  fake.tick(TICK_MS * 5);
  assert.is(stats.length, 2);
});

test.run();
