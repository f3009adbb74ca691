import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StreamClientMessage } from '../../../shared/contract/stream-protocol.ts';
import { createPictureReceiver } from '../../../src/stream/picture-receiver.ts';
import type { StreamEvents } from '../../../src/stream/types.ts';
import { flush } from './fake-clock.ts';
import { fakeSurface } from './fake-stream.ts';

// The pictures on their own: drawn in order, acknowledged once drawn, a whole one asked for when one cannot be.

/** A whole picture numbered `seq`, with `bytes` of (fake) JPEG. */
const whole = (seq: number, bytes = 4) => new Uint8Array([1, 0, 0, 0, seq, ...new Array<number>(bytes).fill(0xab)]).buffer;

/** Long enough ago that the acknowledgement's `held` is at its ceiling: a figure the test can state. */
const longAgo = () => performance.now() - 120_000;

function receiver() {
  const surfaces: Array<ReturnType<typeof fakeSurface>> = [];
  const sent: StreamClientMessage[] = [];
  const frames: Array<StreamEvents['frame']> = [];
  const counted: number[] = [];
  let socket: object = {};
  const made = createPictureReceiver({
    surface: () => {
      surfaces.push(fakeSurface());
      return surfaces.at(-1)!;
    },
    send: (message) => sent.push(message) > 0,
    current: () => socket,
    counted: (bytes) => counted.push(bytes),
    drawn: (frame) => frames.push(frame),
  });
  return { receiver: made, surfaces, sent, frames, counted, replaceSocket: () => (socket = {}) };
}

test('pictures: nothing is drawn or answered before there is a surface', async () => {
  const { receiver: made, sent, counted } = receiver();
  made.receive(whole(1), longAgo());
  await flush();
  assert.equal(sent, []);
  assert.equal(counted, []);
  assert.is(made.frameSize(), null);
});

test('pictures: the surface goes into the container, whether mounted before or after it is made', () => {
  const { receiver: made, surfaces } = receiver();
  const first = document.createElement('div');
  made.mount(first);
  made.attach();
  made.attach();
  assert.is(surfaces.length, 1, 'made once');
  const second = document.createElement('div');
  made.mount(second);
  assert.equal(surfaces[0]!.mountedIn, [first, first, second]);
});

test('pictures: each is acknowledged once drawn, with how long it was held, and numbered as a frame', async () => {
  const { receiver: made, surfaces, sent, frames, counted } = receiver();
  made.attach();
  surfaces[0]!.hold = true;
  made.receive(whole(7, 10), longAgo());
  await flush();
  assert.equal(sent, [], 'still drawing');
  assert.equal(counted, [15], 'counted on arrival');
  surfaces[0]!.release();
  surfaces[0]!.hold = false;
  await flush();
  made.receive(whole(8), performance.now() + 1000);
  await flush();
  assert.equal(sent, [
    { type: 'ack', seq: 7, held: 60_000 },
    { type: 'ack', seq: 8, held: 0 },
  ]);
  assert.equal(frames, [
    { width: 720, height: 1280, seq: 1 },
    { width: 720, height: 1280, seq: 2 },
  ]);
  assert.equal(made.frameSize(), { width: 720, height: 1280 });
});

test('pictures: one replaced by a later whole picture is not acknowledged, nor one of a socket let go', async () => {
  const { receiver: made, surfaces, sent, frames, replaceSocket } = receiver();
  made.attach();
  surfaces[0]!.draw = () => Promise.resolve('replaced');
  made.receive(whole(1), longAgo());
  await flush();
  assert.equal(sent, []);

  const held = fakeSurface();
  surfaces[0]!.draw = held.draw;
  held.hold = true;
  made.receive(whole(2), longAgo());
  replaceSocket();
  held.release();
  await flush();
  assert.equal(sent, []);
  assert.equal(frames, []);
  assert.is(made.frameSize(), null);
});

test('pictures: one the surface cannot use is acknowledged with a request for a whole one, and is no frame', async () => {
  const { receiver: made, surfaces, sent, frames } = receiver();
  made.attach();
  surfaces[0]!.draw = () => Promise.resolve('unusable');
  made.receive(whole(3), longAgo());
  await flush();
  assert.equal(sent, [{ type: 'ack', seq: 3, held: 60_000 }, { type: 'refresh' }]);
  assert.equal(frames, []);
});

test('pictures: a message that does not read as a picture asks for a whole one, uncounted and undrawn', async () => {
  const { receiver: made, surfaces, sent, counted } = receiver();
  made.attach();
  made.receive(new Uint8Array([1, 0, 0, 0, 1]).buffer, longAgo());
  await flush();
  assert.equal(sent, [{ type: 'refresh' }]);
  assert.equal(counted, []);
  assert.is(surfaces[0]!.updates.length, 0);
});

test('pictures: destroy removes the surface; the next attach makes a new one', async () => {
  const { receiver: made, surfaces, sent } = receiver();
  made.attach();
  made.destroy();
  assert.is(surfaces[0]!.destroyed, 1);
  made.receive(whole(1), longAgo());
  await flush();
  assert.equal(sent, [], 'no surface, nothing drawn');
  made.attach();
  assert.is(surfaces.length, 2);
});

test.run();
