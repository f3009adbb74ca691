import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openEarlySocket, takeEarlySocket } from '../../../src/stream/early-socket.ts';
import { streamUrl } from '../../../src/stream/stream-url.ts';
import { flush } from './fake-clock.ts';
import { cleanUp, FakeSocket, setup, TARGET } from './fake-stream.ts';

// A stream socket a share link's page opens before the stream SDK has arrived, and the SDK's taking it over: what
// the socket heard meanwhile reaches the SDK in order, its first message is sent once, and a socket the host refused
// before the SDK came is not taken.

test.after.each(() => {
  cleanUp();
  // Nothing held over into the next test.
  takeEarlySocket(URL);
});

const URL = streamUrl(TARGET.baseUrl, TARGET.userPhoneId, null);
const AUTH = { type: 'auth', token: 'viewer-key', rejoin: true } as const;

function early(): FakeSocket {
  let made: FakeSocket | null = null;
  class Socket extends FakeSocket {
    constructor(url: string) {
      super(url);
      made = this;
    }
  }
  openEarlySocket(URL, AUTH, Socket as unknown as typeof WebSocket);
  return made!;
}

test('the first message is the auth, sent once the socket opens', () => {
  const socket = early();
  assert.is(socket.url, URL);
  assert.is(socket.binaryType, 'arraybuffer');
  assert.equal(socket.sent, []);
  socket.accept();
  assert.equal(socket.messages(), [AUTH]);
});

test('a second early socket while one is held is not opened', () => {
  const first = early();
  let second = false;
  class Socket extends FakeSocket {
    constructor(url: string) {
      super(url);
      second = true;
    }
  }
  openEarlySocket(URL, AUTH, Socket as unknown as typeof WebSocket);
  assert.not.ok(second);
  assert.is(takeEarlySocket(URL)?.socket, first as unknown as WebSocket);
});

test('only the address it was opened for takes it, and only once', () => {
  early();
  assert.is(takeEarlySocket(streamUrl(TARGET.baseUrl, 8, null)), null);
  assert.ok(takeEarlySocket(URL));
  assert.is(takeEarlySocket(URL), null);
});

test('the SDK takes it over: no second socket, no second auth, the hello and picture heard before are played in order', async () => {
  const socket = early();
  socket.hello();
  socket.receiveBinary(1, 8);
  const { client, sockets, surface, events } = setup();
  client.connect({ ...TARGET, token: Promise.resolve('viewer-key') });
  await flush();
  assert.is(sockets.length, 0, 'no socket of its own');
  assert.equal(socket.messages(), [AUTH], 'the auth went once, from the early socket');
  assert.is(events.ready.length, 1);
  assert.is(surface.drawn.length, 1, 'the picture heard before it came is drawn');
  assert.equal(socket.acked, [0, 1]);
  assert.is(client.state, 'playing');
});

test('what the early socket heard is acknowledged with the time it waited for the SDK, which the host leaves out of the link', async () => {
  const realNow = performance.now.bind(performance);
  let now = 1000;
  performance.now = () => now;
  try {
    const socket = early();
    socket.hello();
    socket.receiveBinary(1, 8);
    now = 1800;
    const { client } = setup();
    client.connect({ ...TARGET, token: Promise.resolve('viewer-key') });
    await flush();
    assert.equal(socket.acked, [0, 1]);
    assert.equal(socket.held, [800, 800]);
  } finally {
    performance.now = realNow;
  }
});

test('taken before it opened: the auth still goes first when it opens, and the SDK sends none', async () => {
  const socket = early();
  const { client, sockets } = setup();
  client.connect({ ...TARGET, token: Promise.resolve('viewer-key') });
  socket.accept();
  await flush();
  assert.is(sockets.length, 0);
  assert.equal(socket.messages(), [AUTH]);
});

test('refused by the host before its hello: the SDK opens its own socket with the session token, not a failure', async () => {
  const socket = early();
  const { client, sockets, clock, stateNames } = setup();
  client.connect({ ...TARGET, token: Promise.resolve('joined-key') });
  socket.accept();
  socket.drop(4412);
  assert.ok(stateNames().includes('reconnecting'), stateNames().join());
  clock.tick(1000);
  assert.is(sockets.length, 1);
  sockets[0]!.accept();
  await flush();
  assert.equal(sockets[0]!.messages(), [{ type: 'auth', token: 'joined-key' }]);
});

test('closed before the SDK came: it is not taken, and the SDK opens its own', () => {
  const socket = early();
  socket.drop(1006);
  assert.is(takeEarlySocket(URL), null);
  const { client, sockets } = setup();
  client.connect({ ...TARGET, token: Promise.resolve('viewer-key') });
  assert.is(sockets.length, 1);
});

test('a socket nobody takes is closed after a while', () => {
  const { clock } = setup();
  const socket = early();
  socket.accept();
  clock.tick(15_000);
  assert.is(socket.closedWith, 1000);
  assert.is(takeEarlySocket(URL), null);
});

test.run();
