import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GridClientMessages } from '../../../../shared/contract/grid-messages.ts';
import { CLOSE_POLICY, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { MALFORMED_LIMIT, MALFORMED_WINDOW_MS, MalformedCount, readMessages } from '../../../../server/stream/socket-messages.ts';
import { FakeSocket } from './fake-socket.ts';

// How the phone stream's and the live grid's sockets read their messages (server/stream/socket-messages.ts): good ones
// handled in order, a malformed one answered with its words, a flood of them closed as a policy violation.

function reading() {
  let now = 0;
  const socket = new FakeSocket();
  const handled: unknown[] = [];
  const refused: string[] = [];
  readMessages(socket.ws, { schema: GridClientMessages, clock: () => now, refused: (msg) => refused.push(msg), handle: (message) => handled.push(message) });
  return { socket, handled, refused, advance: (ms: number) => (now += ms) };
}

test('good messages are handled in order, as the schema reads them', () => {
  const r = reading();
  r.socket.receive({ type: 'watch', userPhoneIds: [4, 4, 2] });
  r.socket.receive({ type: 'ack', seq: 9, extra: true });
  assert.equal(r.handled, [{ type: 'watch', userPhoneIds: [4, 2] }, { type: 'ack', seq: 9 }]);
  assert.equal(r.refused, []);
});

test('a malformed or binary message is answered with why, and not handled', () => {
  const r = reading();
  r.socket.receive('not json');
  r.socket.receive({ type: 'watch', userPhoneIds: 'all' });
  r.socket.receive(Buffer.from([3, 0, 0]), true);
  assert.equal(r.handled, []);
  assert.equal(r.refused, ['Malformed JSON', 'watch.userPhoneIds must be at most 20 positive integers', STREAM_MESSAGES.binaryRefused]);
  assert.is(r.socket.closedWith, null);
});

test('past the allowance in one window the socket is closed as a policy violation, unanswered; a window later it is not', () => {
  const r = reading();
  for (let i = 0; i < MALFORMED_LIMIT; i++) r.socket.receive('{');
  assert.is(r.refused.length, MALFORMED_LIMIT);
  r.socket.receive('{');
  assert.is(r.refused.length, MALFORMED_LIMIT, 'the message that closed it is not answered');
  assert.equal(r.socket.closedWith, { code: CLOSE_POLICY, reason: { code: CLOSE_POLICY, msg: STREAM_MESSAGES.malformedFlood } });

  const slow = reading();
  for (let i = 0; i < MALFORMED_LIMIT * 3; i++) {
    slow.socket.receive('{');
    slow.advance(MALFORMED_WINDOW_MS / MALFORMED_LIMIT);
  }
  assert.is(slow.socket.closedWith, null, 'one a window-tenth apart is a client of another version, told each time');
  assert.is(slow.refused.length, MALFORMED_LIMIT * 3);
});

test('the count forgets what is a window old', () => {
  const count = new MalformedCount();
  for (let i = 0; i < MALFORMED_LIMIT; i++) assert.ok(count.tolerate(0));
  assert.not.ok(count.tolerate(MALFORMED_WINDOW_MS - 1));
  assert.ok(count.tolerate(2 * MALFORMED_WINDOW_MS));
});

test.run();
