import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUserByMobile } from '../../../server/data/users.ts';
import { issueTokenPair } from '../../../server/lib/tokens.ts';
import { GRID_SOCKETS_PER_USER } from '../../../server/stream/grid-server.ts';
import { CLOSE_TRY_AGAIN_LATER, GRID_BUSY_MESSAGE } from '../../../server/stream/grid-protocol.ts';
import { GRID_TICKETS_PER_MINUTE } from '../../../server/routes/grid-tickets.ts';
import { WATCH_BURST, WatchPace } from '../../../server/stream/watch-pace.ts';
import { ErrorCode } from '../../../src/core/error-codes.ts';
import { GRID_TICKET_PATH } from '../../../src/contract/grid-protocol.ts';
import { CLOSE_TOO_MANY_SOCKETS, STREAM_MESSAGES } from '../../../src/contract/stream-protocol.ts';
import { directDeps, SCALE_MOBILE } from './device-helpers.ts';
import { gridClient, gridTicket } from './grid-helpers.ts';
import { start } from './stream-helpers.ts';

// The live grid's caps (API.md "Live grid"): sockets per user and in all, tickets per user and minute, and the pace of
// one socket's watch changes. What the app's grid does stays under each of them.

let s: Awaited<ReturnType<typeof start>>;
test.after.each(async () => {
  await s.stop();
});

/** A grid socket the server has taken in: it answers a malformed message (every wait is bounded). */
async function served(port: number, ticket: string) {
  const c = gridClient(port, ticket);
  await c.send('nope');
  await c.json('error');
  return c;
}

/** Another seeded account's calls, logged in. */
function otherUser() {
  const user = findUserByMobile(s.ctx.db, 1, SCALE_MOBILE)!;
  const token = issueTokenPair(directDeps(s.ctx), user).accessToken;
  return (path: string, options: { method?: string } = {}) => s.ctx.call(path, { ...options, token });
}

test('one user holds a few grid sockets at most: the next is closed with 4429; another user still gets one; a closed one makes room', async () => {
  s = await start();
  const ticket = await gridTicket(s.ctx.call);
  const open = [];
  for (let i = 0; i < GRID_SOCKETS_PER_USER; i++) open.push(await served(s.port, ticket));
  // A fresh ticket of the same user counts against the same allowance.
  const extra = gridClient(s.port, await gridTicket(s.ctx.call));
  const { code, reason } = await extra.closed();
  assert.is(code, CLOSE_TOO_MANY_SOCKETS);
  assert.equal(JSON.parse(reason), { code: CLOSE_TOO_MANY_SOCKETS, msg: STREAM_MESSAGES.tooManySockets });
  const theirs = await served(s.port, await gridTicket(otherUser()));
  open[0]!.socket.close();
  await open[0]!.closed();
  // The server sees the close a moment after the client does: a refused try is made again, a few times at most.
  let again = gridClient(s.port, ticket);
  for (let tries = 1; tries < 5 && !(await again.send('nope').then(() => again.json('error')).then(() => true, () => false)); tries++) {
    again = gridClient(s.port, ticket);
  }
  await again.send('nope');
  await again.json('error');
  for (const c of [...open.slice(1), again, theirs]) c.socket.close();
});

test('the server holds a bounded number of grid sockets in all: past it, a socket is closed with 1013, try again later', async () => {
  s = await start({ gridSocketsInAll: 2 });
  const mine = await served(s.port, await gridTicket(s.ctx.call));
  const theirTicket = await gridTicket(otherUser());
  const theirs = await served(s.port, theirTicket);
  const { code, reason } = await gridClient(s.port, theirTicket).closed();
  assert.is(code, CLOSE_TRY_AGAIN_LATER);
  assert.equal(JSON.parse(reason), { code: CLOSE_TRY_AGAIN_LATER, msg: GRID_BUSY_MESSAGE });
  for (const c of [mine, theirs]) c.socket.close();
});

test('tickets: a bounded number per user in any minute, then 429 with the wait; other users are not held; a minute later again', async () => {
  s = await start();
  for (let i = 0; i < GRID_TICKETS_PER_MINUTE; i++) assert.is((await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' })).code, 0, `ticket ${i + 1}`);
  const refused = await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' });
  assert.is(refused.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.equal(refused.data, { retryAfterSeconds: 60 });
  assert.is(refused.headers.get('retry-after'), '60');
  // Refusals store nothing.
  assert.is(s.ctx.db.prepare('SELECT COUNT(*) FROM grid_tickets').pluck().get(), GRID_TICKETS_PER_MINUTE);
  assert.is((await otherUser()(GRID_TICKET_PATH, { method: 'POST' })).code, 0);
  s.ctx.advance(60_000);
  assert.is((await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' })).code, 0);
});

test('watch changes past a burst are held, not answered at once; the last one asked is applied soon after', async () => {
  s = await start();
  const c = await served(s.port, await gridTicket(s.ctx.call));
  // Ids of no phone of this user: each change the server applies is answered `unavailable` at once, with no picture.
  const sets = Array.from({ length: 4 * WATCH_BURST }, (_, i) => [900_000 + i]);
  for (const ids of sets) await c.watch(ids);
  // Messages are handled in order: once this is answered, every watch before it was handled.
  await c.send('nope');
  await c.json('error');
  const answered = () => c.all.filter((m) => m.kind === 'json' && m.value.type === 'unavailable').map((m) => (m as { value: any }).value.userPhoneIds);
  assert.equal(answered(), sets.slice(0, WATCH_BURST), 'a burst is applied at once, the rest held');
  // The held changes collapse into the last one, applied once the pace allows (half a second).
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: sets.at(-1) });
  assert.is(answered().length, WATCH_BURST + 1);
  c.socket.close();
});

test('watch pace: the app\'s fastest scroll stops, then a change every half second for a minute, are all applied at once', () => {
  let clock = 0;
  const applied: number[][] = [];
  const pace = new WatchPace((ids) => applied.push(ids), { clock: () => clock });
  // The app sends a change once the view stayed still for 150 ms: ten stops in a row as fast as that.
  for (let i = 0; i < 10; i++) {
    pace.offer([i + 1]);
    assert.is(applied.length, i + 1, `scroll stop ${i + 1} applied at once`);
    clock += 150;
  }
  for (let i = 0; i < 120; i++) {
    clock += 500;
    pace.offer([100 + i]);
    assert.is(applied.length, 11 + i, `change ${i + 1} at a half-second pace applied at once`);
  }
  pace.dispose();
});

test.run();
