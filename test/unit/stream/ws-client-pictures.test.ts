import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readPicture } from '../../../src/stream/picture-message.ts';
import { flush } from './fake-clock.ts';
import { cleanUp, connected, keepAlive, setup, TARGET } from './fake-stream.ts';

// The reference client's half of self-clocking (stream-protocol.ts): it acknowledges the hello at once and each
// picture once drawn, draws patches over the picture it shows, and asks for a whole picture when it cannot.

test.after.each(cleanUp);

test('the hello is acknowledged at once, before anything else is sent', () => {
  const { client, last } = setup();
  client.connect({ ...TARGET, definition: { width: 360, height: 640, fps: 20, bitrate: 512 } });
  last().hello();
  assert.equal(last().acked, [0]);
  assert.is(last().messages()[0]!.type, 'definition', 'then the definition the page wants');
});

test('a picture is acknowledged once drawn, not on arrival: a slow decode holds the next picture back', async () => {
  const { socket, surface } = connected();
  surface.hold = true;
  socket.receiveBinary(1, [0xff, 0xd8, 0xff, 0xd9]);
  await flush();
  assert.equal(socket.acked, [0], 'still decoding');
  surface.release();
  await flush();
  assert.equal(socket.acked, [0, 1]);
  surface.hold = false;
  socket.receiveBinary(1, 4);
  await flush();
  assert.equal(socket.acked, [0, 1, 2]);
});

test('a patch is drawn region by region over the picture, and acknowledged', async () => {
  const { socket, surface, events } = connected();
  socket.receiveBinary(1, 8);
  socket.receivePatch(720, 1280, [
    { x: 16, y: 32, bytes: [0xff, 0xd8, 1, 0xff, 0xd9] },
    { x: 640, y: 1200, bytes: [0xff, 0xd8, 2, 0xff, 0xd9] },
  ]);
  await flush();
  const patch = surface.updates[1]!;
  assert.ok('parts' in patch);
  if (!('parts' in patch)) return;
  assert.equal([patch.width, patch.height], [720, 1280]);
  assert.equal(
    patch.parts.map((part) => [part.x, part.y, part.picture.type]),
    [
      [16, 32, 'image/jpeg'],
      [640, 1200, 'image/jpeg'],
    ],
  );
  assert.equal([...new Uint8Array(await patch.parts[1]!.picture.arrayBuffer())], [0xff, 0xd8, 2, 0xff, 0xd9]);
  assert.equal(socket.acked, [0, 1, 2]);
  assert.equal(
    events.frame.map((frame) => frame.seq),
    [1, 2],
  );
});

test('a patch the surface cannot use (another size, a broken picture) is acknowledged with a request for a whole one', async () => {
  const { socket, surface } = connected();
  surface.draw = (update) => {
    surface.updates.push(update);
    return Promise.resolve('unusable');
  };
  socket.receivePatch(360, 640, [{ x: 0, y: 0, bytes: [1] }]);
  await flush();
  assert.equal(socket.acked, [0, 1]);
  assert.equal(socket.messages().at(-1), { type: 'refresh' });
});

test('a malformed picture message is not drawn: the client asks for a whole picture', async () => {
  const { socket, surface } = connected();
  // A table naming 9 bytes of JPEG where there are 2.
  socket.onmessage?.({ data: new Uint8Array([4, 0, 0, 0, 1, 2, 208, 5, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9, 0xff, 0xd8]).buffer });
  await flush();
  assert.is(surface.updates.length, 0);
  assert.equal(socket.messages().at(-1), { type: 'refresh' });
  assert.is(readPicture(new Uint8Array([1, 0, 0, 0, 1]).buffer), null, 'a frame with no picture');
  assert.is(readPicture(new Uint8Array([9, 0, 0, 0, 1, 0xff]).buffer), null, 'an unknown kind');
});

test('a picture of a socket that was replaced is not acknowledged on the new one', async () => {
  const { client, sockets, surface } = setup();
  client.connect(TARGET);
  sockets[0]!.hello();
  surface.hold = true;
  sockets[0]!.receiveBinary(1, 8);
  client.connect(TARGET);
  const fresh = sockets.at(-1)!;
  fresh.hello();
  surface.release();
  await flush();
  assert.equal(fresh.acked, [0]);
});

test('a token still on its way: the socket opens at once without it, and the token is its first message', async () => {
  const { client, last } = setup();
  let give: (token: string) => void = () => {};
  client.connect({ ...TARGET, token: new Promise<string>((resolve) => (give = resolve)) });
  assert.is(last().url, 'wss://stream.example.com/sdk/stream/ws?userPhoneId=7');
  last().accept();
  await flush();
  assert.equal(last().messages(), [], 'nothing before the token');
  give('to ken+/');
  await flush();
  assert.equal(last().messages(), [{ type: 'auth', token: 'to ken+/' }]);
  last().receive({ type: 'hello', width: 720, height: 1280, phone: { userPhoneId: 7, name: 'Phone 7' }, definition: TARGET.definition });
  assert.is(client.state, 'connecting');
  assert.equal(last().acked, [0]);
});

test('a token call that fails sends nothing: the page that made it says why', async () => {
  const { client, last } = setup();
  const refused = Promise.reject(new Error('refused'));
  client.connect({ ...TARGET, token: refused });
  last().accept();
  await flush();
  assert.equal(last().messages(), []);
});

test('the host\'s link estimate comes with the stats', () => {
  const { socket, clock, events } = connected();
  socket.receive({ type: 'link', kbps: 400, rtt: 410, width: 540, height: 960 });
  keepAlive(socket, clock, 1000);
  assert.equal(events.stats.at(-1)!.link, { kbps: 400, rtt: 410, width: 540, height: 960 });
});

test.run();
