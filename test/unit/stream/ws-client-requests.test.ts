import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STREAM_TIMEOUT_MS } from '../../../src/stream/protocol.ts';
import { StreamError } from '../../../src/stream/types.ts';
import { flush, watch, within } from './fake-clock.ts';
import { assertTimesOut, AUTO, cleanUp, connected, HD, LOW, rejection, setup, TARGET } from './fake-stream.ts';

test.after.each(cleanUp);

// --- setDefinition ----------------------------------------------------------------------------------------------

test('setDefinition: resolves with the server\'s confirmed definition', async () => {
  const { client, socket, events } = connected();
  const pending = client.setDefinition(LOW);
  socket.receive({ type: 'definition', ok: true, width: 360, height: 640, fps: 15, bitrate: 512 });
  assert.equal(await within(pending), { width: 360, height: 640, fps: 15, bitrate: 512 });
  assert.equal(events.definition, [{ width: 360, height: 640, fps: 15, bitrate: 512 }]);
});

test('setDefinition: ok:false rejects with resolutionFailed and emits nothing', async () => {
  const { client, socket, events } = connected();
  const pending = client.setDefinition(HD);
  socket.refuse();
  assert.is(await rejection(pending), 'resolutionFailed');
  assert.equal(events.definition, []);
  assert.is(client.state, 'connecting', 'a refused definition does not end the session');
});

test('setDefinition: an ok answer without a usable size is a failure', async () => {
  const { client, socket } = connected();
  const pending = client.setDefinition(HD);
  socket.receive({ type: 'definition', ok: true, width: 0, height: 1280, fps: 30, bitrate: 3072 });
  assert.is(await rejection(pending), 'resolutionFailed');
});

test('setDefinition: no answer within the timeout rejects with resolutionFailed', async () => {
  const { client, socket, clock: fake } = connected();
  await assertTimesOut(client.setDefinition(HD), socket, fake, STREAM_TIMEOUT_MS, 'resolutionFailed');
  assert.is(client.state, 'connecting', 'the session goes on');
});

test('setDefinition: a newer call fails the older one and waits for the answer to its own message', async () => {
  const { client, socket, events } = connected();
  const older = client.setDefinition(HD);
  const newer = watch(client.setDefinition(LOW));
  assert.is(await rejection(older), 'resolutionFailed');
  assert.equal(socket.messages(), [{ type: 'definition', ...HD }, { type: 'definition', ...LOW }]);
  socket.confirm(HD); // the server answers in order: first the older message
  await flush();
  assert.is(newer.settled, false, 'the answer to the older message does not settle the newer call');
  socket.confirm(LOW);
  await flush();
  assert.equal(newer, { settled: true, value: LOW });
  assert.equal(events.definition, [HD, LOW]);
});

test('setDefinition: right after a hello that asked for the target\'s definition, waits for the second answer', async () => {
  const { client, socket, events } = connected({ definition: LOW }); // the client asks for AUTO on its own
  const pending = watch(client.setDefinition(HD));
  assert.equal(socket.messages(), [{ type: 'definition', ...AUTO }, { type: 'definition', ...HD }]);
  socket.confirm(AUTO);
  await flush();
  assert.is(pending.settled, false, 'the answer to the automatic message is not the answer to setDefinition');
  assert.equal(events.definition, [AUTO]);
  socket.confirm(HD);
  await flush();
  assert.equal(pending, { settled: true, value: HD });
  assert.equal(events.definition, [AUTO, HD]);
});

test('setDefinition: right after such a hello, a refused second answer rejects even though the first was ok', async () => {
  const { client, socket, events } = connected({ definition: LOW });
  const pending = watch(client.setDefinition(HD));
  socket.confirm(AUTO);
  await flush();
  assert.is(pending.settled, false);
  assert.equal(events.definition, [AUTO], 'the first answer still counts as a definition change');
  socket.refuse();
  await flush();
  assert.instance(pending.error, StreamError);
  assert.is((pending.error as StreamError).reason, 'resolutionFailed');
  assert.equal(events.definition, [AUTO]);
});

// --- readClipboard and screenshot -------------------------------------------------------------------------------

test('readClipboard: asks with clipboard.get and resolves with the text', async () => {
  const { client, socket, events } = connected();
  const pending = client.readClipboard();
  assert.equal(socket.messages(), [{ type: 'clipboard.get' }]);
  socket.receive({ type: 'clipboard', text: '剪贴板 text' });
  assert.is(await within(pending), '剪贴板 text');
  assert.equal(events.clipboard, ['剪贴板 text']);
});

test('readClipboard: refused at once in a view-only session (the phone\'s clipboard is its owner\'s data; the host refuses it too)', async () => {
  const { client, sockets } = setup();
  client.connect({ ...TARGET, viewOnly: true });
  sockets[0]!.hello();
  assert.is(await rejection(client.readClipboard()), 'clipboardFailed');
  assert.ok(!sockets[0]!.messages().some((m) => m.type === 'clipboard.get'), 'nothing asked');
});

test('readClipboard: times out with clipboardFailed', async () => {
  const { client, socket, clock: fake } = connected();
  await assertTimesOut(client.readClipboard(), socket, fake, STREAM_TIMEOUT_MS, 'clipboardFailed');
});

test('screenshot: resolves with the JPEG of a kind-2 binary message, not drawn on the surface', async () => {
  const { client, socket, surface } = connected();
  const pending = client.screenshot();
  assert.equal(socket.messages(), [{ type: 'screenshot' }]);
  socket.receiveBinary(2, [0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
  const image = await within(pending);
  assert.instance(image, Blob);
  assert.is(image.type, 'image/jpeg');
  assert.equal([...new Uint8Array(await image.arrayBuffer())], [0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
  assert.is(surface.drawn.length, 0);
  assert.is(client.state, 'connecting', 'a screenshot is not a frame');
});

test('screenshot: {type:error, msg:Screenshot failed} rejects with screenshotFailed; other errors do not', async () => {
  const { client, socket } = connected();
  const pending = watch(client.screenshot());
  socket.receive({ type: 'error', msg: 'Unknown message type' });
  await flush();
  assert.is(pending.settled, false);
  socket.receive({ type: 'error', msg: 'Screenshot failed' });
  await flush();
  assert.instance(pending.error, StreamError);
  assert.is((pending.error as StreamError).reason, 'screenshotFailed');
});

test('screenshot: times out after 10 s, not 5 s', async () => {
  const { client, socket, clock: fake } = connected();
  await assertTimesOut(client.screenshot(), socket, fake, 10_000, 'screenshotFailed');
});

// --- any request ------------------------------------------------------------------------------------------------

test('requests: before the hello (or with no connection) reject with notConnected and send nothing', async () => {
  const { client, sockets } = setup();
  assert.is(await rejection(client.readClipboard()), 'notConnected', 'never connected');
  client.connect(TARGET);
  sockets[0]!.accept();
  assert.is(await rejection(client.setDefinition(HD)), 'notConnected');
  assert.is(await rejection(client.readClipboard()), 'notConnected');
  assert.is(await rejection(client.screenshot()), 'notConnected');
  assert.equal(sockets[0]!.sent, []);
  sockets[0]!.hello();
  sockets[0]!.drop();
  assert.is(await rejection(client.screenshot()), 'notConnected', 'while reconnecting');
});

test('requests: a lost connection fails every pending request with its own reason', async () => {
  const { client, socket } = connected();
  const definition = client.setDefinition(HD);
  const clipboard = client.readClipboard();
  const screenshot = client.screenshot();
  socket.drop();
  assert.is(await rejection(definition), 'resolutionFailed');
  assert.is(await rejection(clipboard), 'clipboardFailed');
  assert.is(await rejection(screenshot), 'screenshotFailed');
});

test.run();
