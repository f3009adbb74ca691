import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_RECONNECT_ATTEMPTS } from '../../../src/stream/backoff.ts';
import { STREAM_TIMEOUT_MS } from '../../../src/stream/protocol.ts';
import { createStreamConnection } from '../../../src/stream/stream-connection.ts';
import type { StreamEvents, StreamTarget } from '../../../src/stream/types.ts';
import { installClock, type FakeClock } from './fake-clock.ts';
import { FakeSocket, TARGET } from './fake-stream.ts';

// The socket's life on its own: states, the hello timeout, refusals, and the backoff between attempts.

let clock: FakeClock | null = null;
test.after.each(() => {
  clock?.restore();
  clock = null;
});

function connection(target: StreamTarget | null = TARGET, Socket?: typeof WebSocket) {
  clock = installClock();
  const sockets: FakeSocket[] = [];
  class Recorded extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  const states: Array<StreamEvents['state']> = [];
  const heard = { texts: [] as string[], dropped: 0 };
  const made = createStreamConnection({
    Socket: Socket ?? (Recorded as unknown as typeof WebSocket),
    target: () => target,
    random: () => 0.5,
    heard: () => {},
    text: (data) => heard.texts.push(data),
    binary: () => {},
    dropped: () => heard.dropped++,
    state: (change) => states.push(change),
  });
  return { connection: made, sockets, states, heard, clock, last: () => sockets.at(-1)! };
}

test('connection: opens at the target\'s address, connecting; nothing goes out before the hello', () => {
  const { connection: made, sockets, states, last } = connection();
  made.open();
  assert.is(sockets.length, 1);
  assert.is(last().url, 'wss://stream.example.com/sdk/stream/ws?token=to+ken%2B%2F&userPhoneId=7');
  assert.equal(states, [{ state: 'connecting', failure: undefined, attempt: 0 }]);
  last().accept();
  assert.is(made.send({ type: 'paste' }), false, 'open, but no hello yet');
  made.greeted();
  assert.is(made.ready, true);
  assert.is(made.send({ type: 'paste' }), true);
  assert.equal(last().messages(), [{ type: 'paste' }]);
  assert.is(made.current(), last());
});

test('connection: a host silent for STREAM_TIMEOUT_MS after accepting is lost, and tried again after the backoff', () => {
  const { connection: made, sockets, states, heard, clock: fake, last } = connection();
  made.open();
  last().accept();
  fake.tick(STREAM_TIMEOUT_MS - 1);
  assert.is(made.state, 'connecting');
  fake.tick(1);
  assert.equal(states.at(-1), { state: 'reconnecting', failure: undefined, attempt: 1 });
  assert.is(heard.dropped, 1, 'what belonged to the socket is let go');
  assert.is(sockets[0]!.closedWith, 1000);
  assert.is(made.current(), null);
  fake.tick(250);
  assert.is(sockets.length, 2);
  assert.is(made.state, 'reconnecting', 'still reconnecting while the new socket opens');
});

test('connection: a hello stops the hello timeout', () => {
  const { connection: made, sockets, clock: fake, last } = connection();
  made.open();
  last().accept();
  made.greeted();
  fake.tick(STREAM_TIMEOUT_MS * 3);
  assert.is(sockets.length, 1);
  assert.is(made.state, 'connecting');
});

test('connection: a refusal fails at once and is not tried again; a plain drop is', () => {
  const refused = connection();
  refused.connection.open();
  refused.last().drop(4403);
  assert.equal(refused.states.at(-1), { state: 'failed', failure: 'notAssigned', attempt: 0 });
  assert.is(refused.clock.pendingCount(), 0, 'no timer left');
  refused.clock.restore();

  const dropped = connection();
  dropped.connection.open();
  dropped.last().drop(1006);
  assert.is(dropped.connection.state, 'reconnecting');
  dropped.clock.tick(250);
  assert.is(dropped.sockets.length, 2);
});

test('connection: gives up after the last attempt with connectionLost', () => {
  const { connection: made, states, clock: fake, last } = connection();
  made.open();
  for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
    last().drop();
    fake.tick(fake.pendingTimeouts()[0]!);
  }
  last().drop();
  assert.equal(states.at(-1), { state: 'failed', failure: 'connectionLost', attempt: MAX_RECONNECT_ATTEMPTS + 1 });
  assert.is(fake.pendingCount(), 0);
});

test('connection: a drawn picture proves it (playing, reported once) and the backoff starts over', () => {
  const { connection: made, states, clock: fake, last } = connection();
  made.open();
  last().drop();
  last().drop(); // the first socket again: it was let go and says nothing
  assert.is(states.at(-1)!.attempt, 1);
  fake.tick(250);
  last().hello();
  made.greeted();
  made.proved();
  made.proved();
  assert.equal(states.map((entry) => [entry.state, entry.attempt]), [['connecting', 0], ['reconnecting', 1], ['playing', 0]]);
  last().drop();
  assert.equal(fake.pendingTimeouts(), [250], 'the first delay again');
});

test('connection: drop lets the socket go without a word or a reconnect; resetBackoff counts from the start', () => {
  const { connection: made, sockets, states, heard, clock: fake, last } = connection();
  made.open();
  last().drop();
  fake.tick(250);
  made.drop();
  assert.is(heard.dropped, 2);
  assert.is(sockets[1]!.onclose, null, 'unwired');
  assert.is(made.ready, false);
  fake.tick(60_000);
  assert.is(sockets.length, 2);
  made.enter('paused');
  made.resetBackoff();
  made.open();
  assert.equal(states.at(-1), { state: 'connecting', failure: undefined, attempt: 0 });
});

test('connection: a base it cannot open, or a socket refused outright, fails with configError', () => {
  const bad = connection({ ...TARGET, baseUrl: 'ftp://files.example.com' });
  bad.connection.open();
  assert.equal(bad.states, [{ state: 'failed', failure: 'configError', attempt: 0 }]);
  bad.clock.restore();

  class Refusing {
    constructor() {
      throw new Error('mixed content');
    }
  }
  const refused = connection(TARGET, Refusing as unknown as typeof WebSocket);
  refused.connection.open();
  assert.equal(refused.states.map((entry) => entry.state), ['connecting', 'failed']);
  assert.is(refused.states.at(-1)!.failure, 'configError');
});

test('connection: no target (the session ended), nothing opens', () => {
  const { connection: made, sockets, states } = connection(null);
  made.open();
  assert.is(sockets.length, 0);
  assert.equal(states, []);
});

test('connection: text from the socket reaches the client', () => {
  const { connection: made, heard, last } = connection();
  made.open();
  last().accept();
  last().receive({ type: 'pong', t: 3 });
  assert.equal(heard.texts, ['{"type":"pong","t":3}']);
});

test.run();
