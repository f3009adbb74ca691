import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOSE_POLICY, CLOSE_TOO_MANY_SOCKETS, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { MALFORMED_LIMIT } from '../../../../server/stream/socket-messages.ts';
import { phoneId } from '../device-helpers.ts';
import { gridClient, gridTicket } from '../grid-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// What a socket that is not a client gets (API.md "Streaming"): a flood of malformed messages closes the socket
// instead of being answered one by one, and one user cannot hold more than its allowance of stream sockets.

let s: Awaited<ReturnType<typeof start>>;
test.after.each(async () => {
  await s.stop();
});

test('a phone socket is told about each of its first malformed messages, then closed as a policy violation', async () => {
  s = await start();
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = client(s.port, await s.securityToken(id), id);
  await c.json('hello');
  for (let i = 0; i < MALFORMED_LIMIT; i++) {
    c.send({ type: 'no-such-message' });
    assert.is((await c.json('error')).msg.length > 0, true, `reply ${i + 1}`);
  }
  c.socket.send(Buffer.from([1, 2, 3]));
  const closed = await c.closed();
  assert.is(closed.code, CLOSE_POLICY);
  assert.equal(JSON.parse(closed.reason), { code: CLOSE_POLICY, msg: STREAM_MESSAGES.malformedFlood });
  const errors = c.queue.filter((m) => m.kind === 'json' && m.value.type === 'error');
  assert.is(errors.length, 0, 'no reply to the message that closed it');
});

test('a live-grid socket flooding malformed messages is closed the same way', async () => {
  s = await start();
  const grid = gridClient(s.port, await gridTicket(s.ctx.call));
  await grid.opened;
  for (let i = 0; i <= MALFORMED_LIMIT; i++) grid.socket.send('not json');
  const closed = await grid.closed();
  assert.is(closed.code, CLOSE_POLICY);
});

test("one user holds at most its allowance of stream sockets; the next is refused, and one closing makes room", async () => {
  s = await start({ socketsPerUser: 3 });
  const id = await phoneId(s.ctx, 'Shop assistant');
  const token = await s.securityToken(id);
  const open = [client(s.port, token, id), client(s.port, await s.securityToken(id), id), client(s.port, token, id)];
  for (const c of open) await c.json('hello');
  const refused = client(s.port, token, id);
  const closed = await refused.closed();
  assert.is(closed.code, CLOSE_TOO_MANY_SOCKETS);
  assert.equal(JSON.parse(closed.reason), { code: CLOSE_TOO_MANY_SOCKETS, msg: STREAM_MESSAGES.tooManySockets });
  assert.is(s.stream.sessionCount(), 3);
  open[0]!.socket.close();
  await open[0]!.closed();
  const again = client(s.port, token, id);
  assert.is((await again.json('hello')).type, 'hello');
});

test.run();
