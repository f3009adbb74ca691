import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dispatchMessages } from '../../../../server/stream/session-dispatch.ts';
import type { DispatchedSession } from '../../../../server/stream/session-dispatch.ts';
import { FakeSocket } from './fake-socket.ts';

// Where a phone-stream socket's messages go (server/stream/session-dispatch.ts): to its session, in order; input that
// may drive the phone to the sync group's fan-out as well; a malformed one back to the client as an error.

function dispatching(controls = true) {
  const socket = new FakeSocket();
  const handled: Array<{ type: string }> = [];
  const mirrored: Array<{ type: string }> = [];
  const sent: unknown[] = [];
  const control = { controls };
  const session = {
    phoneId: 3,
    grant: { userId: 1 },
    role: 'owner',
    permission: 'control',
    toldControl: null,
    toldAudience: '0/0',
    toldRequests: '[]',
    entry: { control: { allows: () => control.controls } },
    send: (message: unknown) => sent.push(message),
    handle: (message: { type: string }) => {
      handled.push(message);
      // Taking a message may change who controls (the owner took it back): the fan-out goes by the moment before.
      control.controls = !control.controls;
    },
  } as unknown as DispatchedSession;
  dispatchMessages(socket.ws, session, { clock: () => 0, mirror: async (_source, message) => void mirrored.push(message) });
  return { socket, session, handled, mirrored, sent, control };
}

test('every good message reaches the session in order; touch, key and text are mirrored while the socket controls', () => {
  const d = dispatching();
  d.socket.receive({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 1, y: 2 }] });
  d.control.controls = true;
  d.socket.receive({ type: 'paste' });
  d.control.controls = true;
  d.socket.receive({ type: 'key', key: 'home' });
  d.control.controls = true;
  d.socket.receive({ type: 'text', text: 'hi' });
  assert.equal(d.handled.map((m) => m.type), ['touch', 'paste', 'key', 'text']);
  assert.equal(d.mirrored.map((m) => m.type), ['touch', 'key', 'text'], "paste reads this phone's own clipboard: not mirrored");
  assert.equal(d.sent, []);
});

test('input from a socket that does not control is still handed to its session (which refuses it), never mirrored', () => {
  const d = dispatching(false);
  d.socket.receive({ type: 'key', key: 'back' });
  assert.equal(d.handled.map((m) => m.type), ['key']);
  assert.equal(d.mirrored, []);
});

test('whether input is mirrored is decided before the session applies it', () => {
  const d = dispatching(true);
  d.socket.receive({ type: 'text', text: 'a' });
  assert.is(d.control.controls, false, 'the session changed control while handling');
  assert.equal(d.mirrored.map((m) => m.type), ['text']);
});

test('a malformed message is answered as an error and reaches nobody', () => {
  const d = dispatching();
  d.socket.receive({ type: 'touch', action: 'tap', pointers: [] });
  assert.equal(d.sent, [{ type: 'error', msg: 'touch.action must be down, move, up or cancel' }]);
  assert.equal(d.handled, []);
  assert.equal(d.mirrored, []);
});

test.run();
