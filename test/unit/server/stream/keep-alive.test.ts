import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KeepAlive } from '../../../../server/stream/keep-alive.ts';
import type { Repeat } from '../../../../server/stream/keep-alive.ts';
import { FakeSocket } from './fake-socket.ts';

// The keep-alive of the phone-stream and live-grid sockets (server/stream/keep-alive.ts), on an injected timer: each
// round pings every socket and cuts the ones that did not answer the previous round's ping.

/** A timer the test turns by hand: `round()` is one period passing. */
function handTimer() {
  const timer = { period: 0, stopped: false, round: () => {} };
  const repeat: Repeat = (round, periodMs) => {
    timer.period = periodMs;
    timer.round = () => {
      if (!timer.stopped) round();
    };
    return () => {
      timer.stopped = true;
    };
  };
  return { timer, repeat };
}

test('every period each socket is pinged; one that answered stays, one that did not is cut at the next round', () => {
  const { timer, repeat } = handTimer();
  const keepAlive = new KeepAlive(15_000, repeat);
  assert.is(timer.period, 15_000);
  const answers = new FakeSocket();
  const silent = new FakeSocket();
  keepAlive.watch(answers);
  keepAlive.watch(silent);
  timer.round();
  assert.equal([answers.pings, silent.pings], [1, 1], 'a new socket counts as having answered: it is pinged, not cut');
  answers.emit('pong');
  timer.round();
  assert.is(answers.pings, 2);
  assert.not.ok(answers.terminated);
  assert.ok(silent.terminated, 'no pong since the first ping');
  assert.is(silent.pings, 1, 'a cut socket is not pinged');
  answers.emit('pong');
  timer.round();
  assert.is(answers.pings, 3);
  assert.not.ok(answers.terminated);
  // Without a pong since the third ping it goes at the fourth round.
  timer.round();
  assert.ok(answers.terminated);
  assert.is(keepAlive.size, 0);
});

test('a pong between rounds counts once: the round after the next ping needs a new one', () => {
  const { timer, repeat } = handTimer();
  const keepAlive = new KeepAlive(1000, repeat);
  const socket = new FakeSocket();
  keepAlive.watch(socket);
  socket.emit('pong');
  socket.emit('pong');
  timer.round();
  timer.round();
  assert.ok(socket.terminated);
});

test('a closed socket is let go; stop ends the rounds', () => {
  const { timer, repeat } = handTimer();
  const keepAlive = new KeepAlive(1000, repeat);
  const closed = new FakeSocket();
  const open = new FakeSocket();
  keepAlive.watch(closed);
  keepAlive.watch(open);
  closed.emit('close');
  assert.is(keepAlive.size, 1);
  timer.round();
  assert.equal([closed.pings, open.pings], [0, 1]);
  keepAlive.stop();
  assert.ok(timer.stopped);
  assert.is(keepAlive.size, 0);
  timer.round();
  assert.is(open.pings, 1);
  assert.not.ok(open.terminated);
});

test('a late pong from a socket already cut does not bring it back', () => {
  const { timer, repeat } = handTimer();
  const keepAlive = new KeepAlive(1000, repeat);
  const socket = new FakeSocket();
  socket.terminate = () => {
    socket.terminated = true;
  };
  keepAlive.watch(socket);
  timer.round();
  timer.round();
  assert.ok(socket.terminated);
  socket.emit('pong');
  assert.is(keepAlive.size, 0);
});

test.run();
