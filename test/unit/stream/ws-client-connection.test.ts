import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STREAM_TIMEOUT_MS } from '../../../src/stream/protocol.ts';
import { flush } from './fake-clock.ts';
import { AUTO, cleanUp, connected, HD, LOW, rejection, setup, TARGET } from './fake-stream.ts';

test.after.each(cleanUp);

// --- connecting -------------------------------------------------------------------------------------------------

test('connect: opens one socket at the stream URL, binary as ArrayBuffer, state connecting', () => {
  const { client, sockets, states, surface } = setup();
  const container = document.createElement('div');
  client.mount(container);
  assert.is(client.state, 'idle');
  client.connect(TARGET);
  assert.is(sockets.length, 1);
  assert.is(sockets[0]!.url, 'wss://stream.example.com/sdk/stream/ws?token=to+ken%2B%2F&userPhoneId=7');
  assert.is(sockets[0]!.binaryType, 'arraybuffer');
  assert.equal(states, [{ state: 'connecting', failure: undefined, attempt: 0 }]);
  assert.is(client.state, 'connecting');
  assert.equal(surface.mountedIn, [container], 'the surface goes into the container mounted before');
});

test('connect: a container mounted after connecting still gets the surface', () => {
  const { client, surface } = setup();
  client.connect(TARGET);
  assert.is(surface.mountedIn.length, 0);
  const container = document.createElement('div');
  client.mount(container);
  assert.equal(surface.mountedIn, [container]);
});

test('connect: http bases give ws URLs', () => {
  const { client, last } = setup();
  client.connect({ ...TARGET, baseUrl: 'http://localhost:8080', userPhoneId: 42, token: 'abc' });
  assert.is(last().url, 'ws://localhost:8080/stream/ws?token=abc&userPhoneId=42');
});

test('connect: unsupported browser fails with unsupported and opens nothing', () => {
  const { client, sockets, states } = setup({ supported: false });
  client.connect(TARGET);
  assert.is(sockets.length, 0);
  assert.is(client.state, 'failed');
  assert.equal(states, [{ state: 'failed', failure: 'unsupported', attempt: 0 }]);
});

test('connect: a base that is not http(s) or ws(s) fails with configError', () => {
  const { client, sockets, states } = setup();
  client.connect({ ...TARGET, baseUrl: 'ftp://files.example.com' });
  assert.is(sockets.length, 0);
  assert.equal(states.map((entry) => [entry.state, entry.failure]), [['failed', 'configError']]);
});

// --- hello and the first picture -----------------------------------------------------------------------------------

test('hello: ready carries the phone\'s size and name; playing only once the first frame is drawn', async () => {
  const { client, last, surface, events, stateNames } = setup();
  client.connect(TARGET);
  surface.hold = true;
  last().hello();
  assert.equal(events.ready, [{ width: 1080, height: 1920, name: 'Phone 7' }]);
  assert.is(client.state, 'connecting', 'hello alone does not mean a picture');
  assert.is(client.frameSize(), null);

  last().receiveBinary(1, [0xff, 0xd8, 0xff, 0xd9]);
  assert.is(surface.drawn.length, 1);
  assert.is(surface.drawn[0]!.type, 'image/jpeg');
  assert.equal([...new Uint8Array(await surface.drawn[0]!.arrayBuffer())], [0xff, 0xd8, 0xff, 0xd9], 'the kind byte is stripped');
  await flush();
  assert.is(client.state, 'connecting', 'not playing while the picture is still decoding');

  surface.release();
  await flush();
  assert.is(client.state, 'playing');
  assert.equal(stateNames(), ['connecting', 'playing']);
  assert.equal(events.frame, [{ width: 720, height: 1280, seq: 1 }]);
  assert.equal(client.frameSize(), { width: 720, height: 1280 });

  surface.hold = false;
  surface.size = { width: 360, height: 640 };
  last().receiveBinary(1, 10);
  await flush();
  assert.equal(stateNames(), ['connecting', 'playing'], 'playing is announced once');
  assert.equal(events.frame[1], { width: 360, height: 640, seq: 2 });
  assert.equal(client.frameSize(), { width: 360, height: 640 });
});

test('hello: a phone without a name gives an empty name', () => {
  const { events } = connected({ phone: undefined, width: 720, height: 1280 });
  assert.equal(events.ready, [{ width: 720, height: 1280, name: '' }]);
});

test('hello: a picture the surface skips (replaced by a later whole one) changes nothing and is not acknowledged', async () => {
  const { client, last, surface, events } = setup();
  surface.draw = (picture) => {
    surface.updates.push(picture);
    return Promise.resolve('replaced');
  };
  client.connect(TARGET);
  last().hello();
  last().receiveBinary(1, 4);
  await flush();
  assert.is(surface.updates.length, 1);
  assert.is(client.state, 'connecting');
  assert.equal(events.frame, []);
  assert.equal(last().acked, [0], 'the hello only');
  assert.is(client.frameSize(), null);
});

test('hello: a width or height that is not positive fails with configError and does not reconnect', () => {
  for (const bad of [{ width: 0 }, { height: -1 }, { width: 'wide' }, { height: Number.NaN }]) {
    const { socket, sockets, states, clock: fake, events } = connected(bad);
    assert.equal(states.at(-1), { state: 'failed', failure: 'configError', attempt: 0 }, JSON.stringify(bad));
    assert.equal(events.ready, []);
    assert.is(socket.closedWith, 1000, 'the socket is closed');
    fake.tick(60_000);
    assert.is(sockets.length, 1, 'no reconnect');
    cleanUp();
  }
});

test('hello: no definition message when the hello\'s definition is the wanted one', () => {
  const { socket } = connected({ definition: { ...AUTO } });
  assert.equal(socket.messages(), []);
});

test('hello: a different or missing definition makes the client ask for the wanted one', () => {
  for (const definition of [LOW, HD, { ...AUTO, fps: 25 }, { ...AUTO, height: 1281 }, undefined]) {
    const { socket } = connected({ definition });
    assert.equal(socket.messages(), [{ type: 'definition', ...AUTO }], JSON.stringify(definition));
    cleanUp();
  }
});

test('hello: no hello within the timeout counts as a lost connection', () => {
  const { client, sockets, states, clock: fake } = setup();
  client.connect(TARGET);
  sockets[0]!.accept();
  fake.tick(STREAM_TIMEOUT_MS - 1);
  assert.is(client.state, 'connecting');
  fake.tick(1);
  assert.equal(states.at(-1), { state: 'reconnecting', failure: undefined, attempt: 1 });
  assert.is(sockets[0]!.closedWith, 1000, 'the silent socket is closed');
  fake.tick(250);
  assert.is(sockets.length, 2);
});

// --- pause, resume, destroy -------------------------------------------------------------------------------------

test('pause: closes the socket, state paused, no reconnect; resume opens a new one', async () => {
  const { client, sockets, socket, clock: fake, surface, stateNames } = connected();
  socket.receiveBinary(1, 8);
  await flush();
  client.pause();
  assert.is(client.state, 'paused');
  assert.is(socket.closedWith, 1000);
  await flush(); // the socket's own close event must not start a reconnect
  fake.tick(60_000);
  assert.is(sockets.length, 1);
  assert.is(client.state, 'paused');
  assert.is(surface.destroyed, 0, 'the last picture stays');

  client.resume();
  assert.is(sockets.length, 2);
  assert.is(client.state, 'connecting');
  sockets[1]!.hello();
  sockets[1]!.receiveBinary(1, 8);
  await flush();
  assert.equal(stateNames(), ['connecting', 'playing', 'paused', 'connecting', 'playing']);
});

test('pause: while reconnecting cancels the pending reconnect', () => {
  const { client, sockets, clock: fake } = setup();
  client.connect(TARGET);
  sockets[0]!.drop();
  assert.is(client.state, 'reconnecting');
  client.pause();
  assert.is(client.state, 'paused');
  fake.tick(60_000);
  assert.is(sockets.length, 1);
});

test('pause and resume: no-ops in the wrong state', () => {
  const { client, sockets, states } = setup();
  client.pause();
  assert.is(client.state, 'idle');
  client.resume();
  assert.is(sockets.length, 0);
  client.connect(TARGET);
  sockets[0]!.hello();
  client.resume();
  assert.is(sockets.length, 1, 'resume while connected opens nothing');
  client.pause();
  client.pause();
  assert.equal(states.map((entry) => entry.state), ['connecting', 'paused']);
});

test('resume: after notAssigned tries again', () => {
  const { client, sockets } = setup();
  client.connect(TARGET);
  sockets[0]!.drop(4403);
  client.resume();
  assert.is(sockets.length, 2);
  assert.is(client.state, 'connecting');
});

test('destroy: closes the socket, removes the surface, state idle, then stays silent', async () => {
  const { client, socket, surface, states, clock: fake } = connected();
  const pending = client.readClipboard();
  client.destroy();
  assert.is(socket.closedWith, 1000);
  assert.is(surface.destroyed, 1);
  assert.is(client.state, 'idle');
  assert.equal(states.at(-1), { state: 'idle', failure: undefined, attempt: 0 });
  assert.is(await rejection(pending), 'clipboardFailed');
  assert.is(fake.pendingCount(), 0, 'no timer left');
  const count = states.length;
  socket.receive({ type: 'hello', width: 1, height: 1 });
  client.connect(TARGET); // handlers are gone: even a new session tells the old listeners nothing
  assert.is(states.length, count, 'no event after destroy');
});

test('connect again: replaces the old socket without a reconnect of the old one', async () => {
  const { client, sockets, clock: fake } = connected();
  client.connect({ ...TARGET, userPhoneId: 8 });
  assert.is(sockets.length, 2);
  assert.is(sockets[0]!.closedWith, 1000);
  assert.match(sockets[1]!.url, /userPhoneId=8$/);
  await flush(); // the old socket's close event
  fake.tick(STREAM_TIMEOUT_MS - 1); // (at the timeout the new, silent socket would count as lost)
  assert.is(sockets.length, 2, 'the old socket\'s close does not reconnect');
  assert.is(client.state, 'connecting');
});

test.run();
