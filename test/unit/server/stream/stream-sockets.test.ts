import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StreamSockets } from '../../../../server/stream/stream-sockets.ts';
import type { OpenSocket } from '../../../../server/stream/stream-sockets.ts';
import { FakeSocket } from './fake-socket.ts';

// The open phone-stream sockets (server/stream/stream-sockets.ts): the cap per holder (a user, or a share viewer's
// key), the viewer keys present, and the bytes queued.

function open(grant: OpenSocket['grant'], buffered = 0): OpenSocket {
  const socket = new FakeSocket();
  socket.bufferedAmount = buffered;
  return { socket: socket.ws, grant };
}

test("a holder is full at its allowance: a user's sockets count together whatever their token, a viewer key's apart", () => {
  const sockets = new StreamSockets(2);
  const user = { tokenHash: 'a', userId: 7 };
  assert.not.ok(sockets.full(user));
  const first = open(user);
  sockets.add(first);
  sockets.add(open({ tokenHash: 'b', userId: 7 }));
  assert.ok(sockets.full(user));
  assert.ok(sockets.full({ tokenHash: 'c', userId: 7 }), 'another token of the same user');
  assert.not.ok(sockets.full({ tokenHash: 'a', userId: 8 }));
  assert.not.ok(sockets.full({ tokenHash: 'key', userId: 7, byViewerKey: true }), "a share viewer's key is its own holder");
  sockets.delete(first);
  assert.not.ok(sockets.full(user), 'a socket closing makes room');
  assert.is(sockets.size, 1);
});

test('the viewer keys present are those of open sockets opened by a key', () => {
  const sockets = new StreamSockets(16);
  sockets.add(open({ tokenHash: 'owner', userId: 1 }));
  const viewer = open({ tokenHash: 'key-1', userId: 2, byViewerKey: true });
  sockets.add(viewer);
  sockets.add(open({ tokenHash: 'key-1', userId: 2, byViewerKey: true }));
  sockets.add(open({ tokenHash: 'key-2', userId: 3, byViewerKey: true }));
  assert.equal([...sockets.viewerKeys()].sort(), ['key-1', 'key-2']);
  assert.is([...sockets].length, 4);
});

test('bytes queued: in all, and on the most backed-up socket', () => {
  const sockets = new StreamSockets(16);
  assert.equal(sockets.buffered(), { sockets: 0, total: 0, max: 0 });
  sockets.add(open({ tokenHash: 'a', userId: 1 }, 100));
  sockets.add(open({ tokenHash: 'b', userId: 2 }, 4000));
  sockets.add(open({ tokenHash: 'c', userId: 3 }, 0));
  assert.equal(sockets.buffered(), { sockets: 3, total: 4100, max: 4000 });
});

test.run();
