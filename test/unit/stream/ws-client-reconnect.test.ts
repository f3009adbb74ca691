import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay } from '../../../src/stream/backoff.ts';
import { STREAM_TIMEOUT_MS } from '../../../src/stream/protocol.ts';
import { CLOSE_SHARE_BLOCKED, CLOSE_SHARE_ENDED, CLOSE_SHARE_REMOVED } from '../../../shared/contract/stream-protocol.ts';
import { flush, within } from './fake-clock.ts';
import { AUTO, cleanUp, connected, HD, LOW, rejection, setup, TARGET } from './fake-stream.ts';

test.after.each(cleanUp);

// --- closing and reconnecting -----------------------------------------------------------------------------------

test('close 4403: failed notAssigned, no reconnect ever', () => {
  const { client, sockets, states, clock: fake } = setup();
  client.connect(TARGET);
  sockets[0]!.accept();
  sockets[0]!.drop(4403);
  assert.is(client.state, 'failed');
  assert.equal(states.at(-1), { state: 'failed', failure: 'notAssigned', attempt: 0 });
  assert.is(fake.pendingCount(), 0, 'no timer left');
  fake.tick(120_000);
  assert.is(sockets.length, 1);
});

test('close 4403 after a hello fails too', () => {
  const { socket, sockets, states } = connected();
  socket.drop(4403);
  assert.equal(states.at(-1)?.failure, 'notAssigned');
  assert.is(sockets.length, 1);
});

test('close 4429 (the user holds too many stream sockets): failed tooManyStreams, no reconnect loop', () => {
  const { client, sockets, states, clock: fake } = setup();
  client.connect(TARGET);
  sockets[0]!.accept();
  sockets[0]!.drop(4429);
  assert.equal(states.at(-1), { state: 'failed', failure: 'tooManyStreams', attempt: 0 });
  fake.tick(120_000);
  assert.is(sockets.length, 1);
});

test("a share's closes (ended, blocked, removed) fail with their reason, and are not reconnected", () => {
  const closes = [[CLOSE_SHARE_ENDED, 'shareEnded'], [CLOSE_SHARE_BLOCKED, 'shareBlocked'], [CLOSE_SHARE_REMOVED, 'shareRemoved']] as const;
  for (const [code, failure] of closes) {
    const { socket, sockets, states, clock: fake } = connected();
    socket.drop(code);
    assert.equal(states.at(-1), { state: 'failed', failure, attempt: 0 });
    fake.tick(120_000);
    assert.is(sockets.length, 1, failure);
    cleanUp();
  }
});

test('abnormal close: reconnecting, a new socket after the backoff delay, playing again after its first frame', async () => {
  const { client, sockets, states, clock: fake, events, stateNames } = connected();
  sockets[0]!.receiveBinary(1, 8);
  await flush();
  assert.is(client.state, 'playing');

  sockets[0]!.drop(1006);
  assert.equal(states.at(-1), { state: 'reconnecting', failure: undefined, attempt: 1 });
  assert.equal(fake.pendingTimeouts(), [reconnectDelay(1, () => 0.5)]);
  assert.equal(fake.pendingTimeouts(), [250]);
  fake.tick(249);
  assert.is(sockets.length, 1, 'not before the delay');
  fake.tick(1);
  assert.is(sockets.length, 2);
  assert.is(sockets[1]!.url, sockets[0]!.url);
  assert.is(client.state, 'reconnecting', 'stays reconnecting (not connecting) while the new socket opens');

  sockets[1]!.hello();
  assert.is(client.state, 'reconnecting', 'the hello alone is not playing');
  assert.is(events.ready.length, 2, 'ready again on every connection');
  sockets[1]!.receiveBinary(1, 8);
  await flush();
  assert.equal(stateNames(), ['connecting', 'playing', 'reconnecting', 'playing']);
  assert.equal(states.at(-1), { state: 'playing', failure: undefined, attempt: 0 });
});

test('abnormal close: a clean close by the server (1000) also reconnects', () => {
  const { client, socket, sockets, clock: fake } = connected();
  socket.drop(1000);
  assert.is(client.state, 'reconnecting');
  fake.tick(250);
  assert.is(sockets.length, 2);
});

test('reconnect: the delay grows while attempts fail, a hello alone does not reset it, a picture does', async () => {
  const { client, sockets, states, clock: fake, surface } = setup();
  client.connect(TARGET);
  const delays: number[] = [];
  for (let attempt = 1; attempt <= 4; attempt++) {
    sockets.at(-1)!.drop();
    assert.is(states.at(-1)!.attempt, attempt);
    delays.push(...fake.pendingTimeouts());
    fake.tick(fake.pendingTimeouts()[0]!);
    assert.is(sockets.length, attempt + 1);
  }
  assert.equal(delays, [250, 500, 1000, 2000]);
  // A host that says hello and drops at once must not be retried every 250 ms for ever.
  sockets.at(-1)!.hello();
  sockets.at(-1)!.drop();
  assert.is(states.at(-1)!.attempt, 5, 'a hello alone does not reset the count');
  fake.tick(fake.pendingTimeouts()[0]!);
  sockets.at(-1)!.hello();
  sockets.at(-1)!.receiveBinary(1, [0xff, 0xd8, 0xff, 0xd9]);
  surface.release();
  await flush();
  sockets.at(-1)!.drop();
  assert.is(states.at(-1)!.attempt, 1, 'a picture proves the connection: the count starts over');
  assert.equal(fake.pendingTimeouts(), [250]);
});

test('reconnect: the jitter comes from the injected random', () => {
  const { client, sockets, clock: fake } = setup({ random: () => 0 });
  client.connect(TARGET);
  sockets[0]!.drop();
  assert.equal(fake.pendingTimeouts(), [200]);
});

test('reconnect: gives up after MAX_RECONNECT_ATTEMPTS with connectionLost', () => {
  const { client, sockets, states, clock: fake } = setup();
  client.connect(TARGET);
  for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
    sockets.at(-1)!.accept();
    sockets.at(-1)!.drop();
    assert.equal(states.at(-1), { state: 'reconnecting', failure: undefined, attempt });
    fake.tick(reconnectDelay(attempt, () => 0.5));
  }
  assert.is(sockets.length, MAX_RECONNECT_ATTEMPTS + 1);
  sockets.at(-1)!.drop();
  assert.equal(states.at(-1), { state: 'failed', failure: 'connectionLost', attempt: MAX_RECONNECT_ATTEMPTS + 1 });
  assert.is(fake.pendingCount(), 0);
  fake.tick(600_000);
  assert.is(sockets.length, MAX_RECONNECT_ATTEMPTS + 1, 'waits for the user');

  client.resume(); // the user's "reconnect?"
  assert.is(sockets.length, MAX_RECONNECT_ATTEMPTS + 2);
  assert.equal(states.at(-1), { state: 'connecting', failure: undefined, attempt: 0 });
});

test('reconnect (real timers): the new socket opens after about 250 ms', async () => {
  const { client, sockets } = setup({ realTimers: true });
  client.connect(TARGET);
  sockets[0]!.hello();
  sockets[0]!.drop();
  assert.is(client.state, 'reconnecting');
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.is(sockets.length, 1, 'not after 150 ms');
  await new Promise((resolve) => setTimeout(resolve, 170));
  assert.is(sockets.length, 2, 'after 320 ms');
});

test('reconnect: a picture decoded for the old socket is not shown as playing', async () => {
  const { client, socket, surface, events } = connected();
  surface.hold = true;
  socket.receiveBinary(1, 8);
  socket.drop();
  surface.release();
  await flush();
  assert.is(client.state, 'reconnecting');
  assert.equal(events.frame, []);
  assert.is(client.frameSize(), null);
});

// --- the definition across reconnects ---------------------------------------------------------------------------

test('reconnect: the definition setDefinition confirmed is asked for again (quality survives)', async () => {
  const { client, sockets, clock: fake, events } = connected();
  const confirmed = client.setDefinition(HD);
  assert.equal(sockets[0]!.messages(), [{ type: 'definition', ...HD }]);
  sockets[0]!.confirm(HD);
  assert.equal(await within(confirmed), HD);
  assert.equal(events.definition, [HD]);

  sockets[0]!.drop();
  fake.tick(250);
  sockets[1]!.hello({ definition: AUTO }); // a new socket starts at the server's default
  assert.equal(sockets[1]!.messages(), [{ type: 'definition', ...HD }]);

  sockets[1]!.drop();
  fake.tick(fake.pendingTimeouts()[0]!); // no picture came on sockets[1]: the second attempt waits longer
  sockets[2]!.hello({ definition: HD });
  assert.equal(sockets[2]!.messages(), [], 'nothing to ask when the server already has it');
});

test('reconnect: a refused or unanswered definition is not asked for again', async () => {
  const { client, sockets, clock: fake } = connected();
  const refused = client.setDefinition(HD);
  sockets[0]!.refuse();
  assert.is(await rejection(refused), 'resolutionFailed');
  const unanswered = client.setDefinition(LOW);
  sockets[0]!.drop();
  assert.is(await rejection(unanswered), 'resolutionFailed', 'a lost connection fails the pending request');
  fake.tick(250);
  sockets[1]!.hello({ definition: AUTO });
  assert.equal(sockets[1]!.messages(), [], 'still the original definition');
});

test('reconnect: the answers are counted afresh on the new socket', async () => {
  const { client, sockets, clock: fake } = connected({ definition: LOW }); // the client asks for AUTO
  const unanswered = client.setDefinition(HD);
  sockets[0]!.confirm(AUTO); // the answer to the automatic message only
  sockets[0]!.drop();
  assert.is(await rejection(unanswered), 'resolutionFailed');
  fake.tick(250);
  sockets[1]!.hello({ definition: AUTO });
  assert.equal(sockets[1]!.messages(), [], 'AUTO is on already: no automatic message this time');
  const pending = client.setDefinition(LOW);
  sockets[1]!.confirm(LOW);
  assert.equal(await within(pending), LOW, 'settled by the first answer on the new socket');
});

// --- pings and stats --------------------------------------------------------------------------------------------

test('stats: pings every 2 s, reports rtt, fps and kbps over the last second', () => {
  const { socket, clock: fake, events } = connected();
  socket.receiveBinary(1, 1249); // 1250 bytes with the kind byte
  socket.receiveBinary(1, 1249);
  fake.tick(1000);
  const ping = socket.messages().at(-1)!;
  assert.equal(ping, { type: 'ping', t: fake.now() });
  assert.equal(events.stats.at(-1), { fps: 2, bitrate: 20, rtt: null, link: null });

  fake.tick(40);
  socket.receive({ type: 'pong', t: ping.t });
  fake.tick(960);
  assert.equal(events.stats.at(-1), { fps: 0, bitrate: 0, rtt: 40, link: null }, 'old frames leave the window');
  assert.is(socket.messages().filter((message) => message.type === 'ping').length, 2, 'answered: the next ping goes out');
});

test('stats: an unanswered ping for more than the timeout counts as a lost connection', () => {
  const { client, socket, clock: fake, states } = connected();
  fake.tick(1000); // ping sent
  const pings = () => socket.messages().filter((message) => message.type === 'ping').length;
  fake.tick(STREAM_TIMEOUT_MS);
  assert.is(pings(), 1, 'no new ping while one is unanswered');
  assert.is(client.state, 'connecting');
  fake.tick(1000);
  assert.equal(states.at(-1), { state: 'reconnecting', failure: undefined, attempt: 1 });
  assert.is(socket.closedWith, 1000);
});

test('stats: a repeated hello keeps one ticker', () => {
  const { socket, clock: fake, events } = connected();
  socket.receive({ type: 'hello', width: 1080, height: 1920, definition: AUTO });
  fake.tick(1000);
  assert.is(events.stats.length, 1, 'one stats event a second');
  assert.is(socket.messages().filter((message) => message.type === 'ping').length, 1);
});

test.run();
