import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GridClientMessages } from '../../../../shared/contract/grid-messages.ts';
import { LineClientMessages } from '../../../../shared/contract/line-check-messages.ts';
import { MAX_ACK_HELD_MS } from '../../../../shared/contract/stream-messages.ts';
import { parseGridMessage } from '../../../../server/stream/grid-protocol.ts';
import { parseClientMessage } from '../../../../server/stream/protocol.ts';
import { readMessage } from '../../../../server/stream/socket-messages.ts';

// The client -> server socket messages as the contract's schemas describe them (shared/contract/*-messages.ts), read by
// the server (server/stream/socket-messages.ts): every malformed shape is refused with the words the server has
// always answered, and the good ones come out as the server applies them.

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Each shape refused with `words` by `parse`. */
function refusedWith(parse: (raw: string) => unknown, words: string, shapes: unknown[]) {
  for (const shape of shapes) assert.equal(parse(json(shape)), { error: words }, json(shape));
}

const finger = { id: 0, x: 10, y: 20 };

test('a phone-stream message that is not JSON, not an object or of no known type is refused as such', () => {
  refusedWith(parseClientMessage, 'Malformed JSON', ['nope', '{"type":', '']);
  refusedWith(parseClientMessage, 'Malformed message', ['3', 'null', '"touch"', 'true']);
  refusedWith(parseClientMessage, 'Unknown message type', [{}, [], { type: 'bogus' }, { type: 7 }, { kind: 'touch' }]);
});

test('touch: an action of the four and 1-10 fingers of whole id and finite x, y', () => {
  refusedWith(parseClientMessage, 'touch.action must be down, move, up or cancel', [
    { type: 'touch', pointers: [finger] },
    { type: 'touch', action: 'tap', pointers: [finger] },
  ]);
  refusedWith(parseClientMessage, 'touch.pointers must be 1-10 {id, x, y}', [
    { type: 'touch', action: 'down' },
    { type: 'touch', action: 'down', pointers: [] },
    { type: 'touch', action: 'down', pointers: finger },
    { type: 'touch', action: 'down', pointers: Array.from({ length: 11 }, (_, id) => ({ ...finger, id })) },
    { type: 'touch', action: 'down', pointers: [{ ...finger, id: 0.5 }] },
    { type: 'touch', action: 'down', pointers: [{ ...finger, x: '10' }] },
    { type: 'touch', action: 'down', pointers: [{ id: 0, x: 10 }] },
    { type: 'touch', action: 'down', pointers: [null] },
  ]);
  const ten = Array.from({ length: 10 }, (_, id) => ({ id, x: id * 1.5, y: -3 }));
  assert.equal(parseClientMessage(json({ type: 'touch', action: 'move', pointers: ten })), { type: 'touch', action: 'move', pointers: ten });
  // Fields the server does not read are left behind, on the message and on each finger.
  assert.equal(parseClientMessage(json({ type: 'touch', action: 'up', pointers: [{ ...finger, pressure: 1 }], extra: 1 })), {
    type: 'touch',
    action: 'up',
    pointers: [finger],
  });
});

test('key, text and clipboard.set: one of the keys; text within its length', () => {
  refusedWith(parseClientMessage, 'key must be back, home, recents or backspace', [{ type: 'key' }, { type: 'key', key: 'delete' }, { type: 'key', key: 1 }]);
  refusedWith(parseClientMessage, 'text must be a string of at most 1000 characters', [
    { type: 'text' },
    { type: 'text', text: 5 },
    { type: 'text', text: 'x'.repeat(2001) },
  ]);
  // Room for two UTF-16 units per character: a thousand emoji pass.
  assert.equal(parseClientMessage(json({ type: 'text', text: '😀'.repeat(1000) })), { type: 'text', text: '😀'.repeat(1000) });
  refusedWith(parseClientMessage, 'clipboard text must be a string of at most 10000 characters', [
    { type: 'clipboard.set', text: null },
    { type: 'clipboard.set', text: 'x'.repeat(20001) },
  ]);
  assert.equal(parseClientMessage(json({ type: 'clipboard.set', text: '' })), { type: 'clipboard.set', text: '' });
});

test('definition: four numbers and auto true or false (its values are judged when applied); auto is false unless said', () => {
  refusedWith(parseClientMessage, 'definition needs width, height, fps, bitrate', [
    { type: 'definition', height: 1280, fps: 30, bitrate: 2048 },
    { type: 'definition', width: 720, height: 1280, fps: '30', bitrate: 2048 },
    { type: 'definition', width: 720, height: 1280, fps: 30, bitrate: null },
  ]);
  refusedWith(parseClientMessage, 'definition.auto must be true or false', [{ type: 'definition', width: 720, height: 1280, fps: 30, bitrate: 2048, auto: 'yes' }]);
  assert.equal(parseClientMessage(json({ type: 'definition', width: 800, height: 600, fps: 0, bitrate: 1 })), {
    type: 'definition',
    width: 800,
    height: 600,
    fps: 0,
    bitrate: 1,
    auto: false,
  });
  assert.equal(parseClientMessage(json({ type: 'definition', width: 360, height: 640, fps: 15, bitrate: 512, auto: true })), {
    type: 'definition',
    width: 360,
    height: 640,
    fps: 15,
    bitrate: 512,
    auto: true,
  });
});

test('ack: a picture sequence number, and whole ms held up to a minute', () => {
  refusedWith(parseClientMessage, "ack.seq must be a picture's sequence number", [
    { type: 'ack' },
    { type: 'ack', seq: -1 },
    { type: 'ack', seq: 1.5 },
    { type: 'ack', seq: '7' },
    { type: 'ack', seq: 2 ** 32 },
  ]);
  refusedWith(parseClientMessage, `ack.held must be whole ms from 0 to ${MAX_ACK_HELD_MS}`, [
    { type: 'ack', seq: 1, held: -1 },
    { type: 'ack', seq: 1, held: 0.5 },
    { type: 'ack', seq: 1, held: MAX_ACK_HELD_MS + 1 },
    { type: 'ack', seq: 1, held: null },
  ]);
  assert.equal(parseClientMessage(json({ type: 'ack', seq: 2 ** 32 - 1, held: MAX_ACK_HELD_MS })), { type: 'ack', seq: 2 ** 32 - 1, held: MAX_ACK_HELD_MS });
  // No `held` key at all when none was sent: the session reads it as 0.
  assert.equal(parseClientMessage(json({ type: 'ack', seq: 0 })), { type: 'ack', seq: 0 });
});

test('auth: a token of 1-512 characters, a rejoin flag, or a join of share, name and language', () => {
  refusedWith(parseClientMessage, 'auth.token must be a security token', [
    { type: 'auth' },
    { type: 'auth', token: '' },
    { type: 'auth', token: 'x'.repeat(513) },
    { type: 'auth', token: 42 },
  ]);
  refusedWith(parseClientMessage, 'auth.rejoin must be a boolean', [{ type: 'auth', token: 't', rejoin: 'yes' }]);
  const join = { share: 'link-key', name: 'Guest', language: 'en-US' };
  refusedWith(parseClientMessage, 'auth.join must be {share, name, language}', [
    { type: 'auth', token: 't', join: null },
    { type: 'auth', token: 't', join: 'link-key' },
    { type: 'auth', token: 't', join: { share: 'link-key', name: 'Guest' } },
    { type: 'auth', token: 't', join: { ...join, language: 'fr-FR' } },
    { type: 'auth', token: 't', join: { ...join, name: 'x'.repeat(129) } },
    { type: 'auth', token: 't', join: { ...join, share: 7 } },
  ]);
  assert.equal(parseClientMessage(json({ type: 'auth', token: 't' })), { type: 'auth', token: 't' });
  assert.equal(parseClientMessage(json({ type: 'auth', token: 't', rejoin: false })), { type: 'auth', token: 't' });
  assert.equal(parseClientMessage(json({ type: 'auth', token: 't', rejoin: true })), { type: 'auth', token: 't', rejoin: true });
  // A join comes first: with one, the rejoin flag is not read.
  assert.equal(parseClientMessage(json({ type: 'auth', token: 't', rejoin: true, join: { ...join, extra: 1 } })), { type: 'auth', token: 't', join });
});

test('the messages with nothing but their type, and ping with anything as its t', () => {
  for (const type of ['clipboard.get', 'paste', 'refresh', 'screenshot', 'control.take']) {
    assert.equal(parseClientMessage(json({ type, extra: [1] })), { type }, type);
  }
  assert.equal(parseClientMessage(json({ type: 'ping', t: { any: 'thing' } })), { type: 'ping', t: { any: 'thing' } });
  assert.equal(parseClientMessage(json({ type: 'ping' })), { type: 'ping' });
});

test('live grid: a watch of at most 20 positive ids, deduplicated in order; an ack of a sequence number', () => {
  refusedWith(parseGridMessage, 'Malformed JSON', ['{']);
  refusedWith(parseGridMessage, 'Malformed message', ['17']);
  refusedWith(parseGridMessage, 'Unknown message type', [{ type: 'touch' }, {}]);
  refusedWith(parseGridMessage, 'watch.userPhoneIds must be at most 20 positive integers', [
    { type: 'watch' },
    { type: 'watch', userPhoneIds: 3 },
    { type: 'watch', userPhoneIds: Array.from({ length: 21 }, (_, i) => i + 1) },
    { type: 'watch', userPhoneIds: [0] },
    { type: 'watch', userPhoneIds: [-1] },
    { type: 'watch', userPhoneIds: [1.5] },
    { type: 'watch', userPhoneIds: ['3'] },
    { type: 'watch', userPhoneIds: [2 ** 32] },
  ]);
  refusedWith(parseGridMessage, "ack.seq must be a picture's sequence number", [{ type: 'ack' }, { type: 'ack', seq: -1 }]);
  assert.equal(parseGridMessage(json({ type: 'watch', userPhoneIds: [5, 2, 5, 2 ** 32 - 1] })), { type: 'watch', userPhoneIds: [5, 2, 2 ** 32 - 1] });
  assert.equal(parseGridMessage(json({ type: 'ack', seq: 0 })), { type: 'ack', seq: 0 });
  assert.equal(readMessage(json({ type: 'watch', userPhoneIds: [] }), GridClientMessages), { type: 'watch', userPhoneIds: [] });
});

test('network check: a ping of a whole seq and a finite t; a download of a positive whole number of bytes', () => {
  const refused = (shape: unknown) => 'error' in readMessage(json(shape), LineClientMessages);
  for (const bad of [
    'nope',
    [],
    { type: 'pong', seq: 1, t: 1 },
    { type: 'ping', t: 1 },
    { type: 'ping', seq: 1.5, t: 1 },
    { type: 'ping', seq: '1', t: 1 },
    { type: 'ping', seq: 2 ** 53, t: 1 },
    { type: 'ping', seq: 1 },
    { type: 'ping', seq: 1, t: '1' },
    { type: 'download' },
    { type: 'download', bytes: 0 },
    { type: 'download', bytes: -5 },
    { type: 'download', bytes: 1.5 },
  ]) {
    assert.ok(refused(bad), json(bad));
  }
  assert.equal(readMessage(json({ type: 'ping', seq: -3, t: 1.25, extra: 1 }), LineClientMessages), { type: 'ping', seq: -3, t: 1.25 });
  assert.equal(readMessage(json({ type: 'download', bytes: 1 }), LineClientMessages), { type: 'download', bytes: 1 });
});

test.run();
