import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STREAM_KEYS, STREAM_MESSAGES, TOUCH_ACTIONS, type StreamClientMessage } from '../../../../shared/contract/stream-protocol.ts';
import { DEFAULT_DEFINITION, QUALITIES } from '../../../../shared/contract/stream-quality.ts';
import { SCREENSHOT_ERROR } from '../../../../src/stream/protocol.ts';
import { isValidDefinition, parseClientMessage } from '../../../../server/stream/protocol.ts';

// The stream's contract (shared/contract/stream-protocol.ts, stream-quality.ts) held against the server's reading of it:
// what the client may send is what the server's parser takes, and the client's rules match the server's words.

/** One of every message the client sends, as the client types it. */
const SENT: Record<StreamClientMessage['type'], StreamClientMessage> = {
  touch: { type: 'touch', action: 'down', pointers: [{ id: 0, x: 10, y: 20 }] },
  key: { type: 'key', key: 'back' },
  text: { type: 'text', text: 'hello' },
  'clipboard.set': { type: 'clipboard.set', text: 'copied' },
  'clipboard.get': { type: 'clipboard.get' },
  paste: { type: 'paste' },
  definition: { type: 'definition', ...DEFAULT_DEFINITION },
  screenshot: { type: 'screenshot' },
  'control.take': { type: 'control.take' },
  ping: { type: 'ping', t: 1234.5 },
  ack: { type: 'ack', seq: 42 },
  refresh: { type: 'refresh' },
  auth: { type: 'auth', token: 'a-security-token' },
};

test('every client message type parses on the server to the message sent', () => {
  for (const message of Object.values(SENT)) assert.equal(parseClientMessage(JSON.stringify(message)), message, message.type);
});

test('every key and touch action of the contract is taken by the server', () => {
  for (const key of STREAM_KEYS) assert.equal(parseClientMessage(JSON.stringify({ type: 'key', key })), { type: 'key', key });
  for (const action of TOUCH_ACTIONS) {
    const touch = { type: 'touch', action, pointers: [{ id: 1, x: 0, y: 0 }] };
    assert.equal(parseClientMessage(JSON.stringify(touch)), touch);
  }
});

test('every quality level is a definition the server accepts; auto is the default every socket starts at', () => {
  for (const quality of QUALITIES) {
    const { name: _name, ...definition } = quality;
    assert.ok(isValidDefinition(definition), quality.name);
  }
  const { name, ...auto } = QUALITIES[0]!;
  assert.is(name, 'auto');
  assert.equal(auto, DEFAULT_DEFINITION);
});

test('the client settles a screenshot on exactly the server\'s screenshot refusals', () => {
  const screenshot = new Set<string>([STREAM_MESSAGES.screenshotFailed, STREAM_MESSAGES.screenshotTooFrequent]);
  for (const msg of Object.values(STREAM_MESSAGES)) assert.is(SCREENSHOT_ERROR.test(msg), screenshot.has(msg), msg);
});

test.run();
