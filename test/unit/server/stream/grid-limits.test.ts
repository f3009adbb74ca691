import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { issueTokenPair } from '../../../../server/lib/tokens.ts';
import { GRID_SOCKETS_PER_USER } from '../../../../server/stream/grid-server.ts';
import { CLOSE_TRY_AGAIN_LATER, GRID_BUSY_MESSAGE } from '../../../../server/stream/grid-protocol.ts';
import { GRID_TICKETS_PER_MINUTE } from '../../../../server/routes/grid-tickets.ts';
import { WATCH_BURST, WatchPace } from '../../../../server/stream/watch-pace.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { GRID_TICKET_PATH } from '../../../../shared/contract/grid-protocol.ts';
import { CLOSE_TOO_MANY_SOCKETS, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { directDeps, SCALE_MOBILE } from '../device-helpers.ts';
import { closingGridSocket, gridClient, gridTicket } from '../grid-helpers.ts';
import { start, within } from '../stream-helpers.ts';

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
async function otherUser() {
  const user = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const token = (await issueTokenPair(directDeps(s.ctx), user)).accessToken;
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
  const theirs = await served(s.port, await gridTicket(await otherUser()));
  open[0]!.socket.close();
  // The client's close ends after the server answered its close frame, so the server holds that socket as closing
  // at least (or has handled its close): the next one is taken in at once.
  await open[0]!.closed();
  const again = await served(s.port, ticket);
  for (const c of [...open.slice(1), again, theirs]) c.socket.close();
});

test('a renewal at the cap: the new socket takes the place of the user\'s socket already closing, and the cap holds', async () => {
  s = await start();
  const ticket = await gridTicket(s.ctx.call);
  const open = [];
  for (let i = 1; i < GRID_SOCKETS_PER_USER; i++) open.push(await served(s.port, ticket));
  // The renewed ticket's old socket has said goodbye, but the server has not seen its connection end.
  const old = await closingGridSocket(s.port, ticket);
  assert.is(s.stream.gridSocketsOf(s.ctx.userId), GRID_SOCKETS_PER_USER, 'the closing one still counted');
  const renewed = await served(s.port, await gridTicket(s.ctx.call));
  assert.is(s.stream.gridSocketsOf(s.ctx.userId), GRID_SOCKETS_PER_USER, 'it was cut to make room');
  assert.is((await gridClient(s.port, ticket).closed()).code, CLOSE_TOO_MANY_SOCKETS, 'open ones are not replaced');
  for (const c of [...open, renewed]) c.socket.close();
  old.destroy();
});

test('the server holds a bounded number of grid sockets in all: past it, a socket is closed with 1013, try again later', async () => {
  s = await start({ gridSocketsInAll: 2 });
  const mine = await served(s.port, await gridTicket(s.ctx.call));
  const theirTicket = await gridTicket(await otherUser());
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
  assert.is(await s.ctx.db.value('SELECT COUNT(*) FROM grid_tickets'), GRID_TICKETS_PER_MINUTE);
  assert.is((await (await otherUser())(GRID_TICKET_PATH, { method: 'POST' })).code, 0);
  s.ctx.advance(60_000);
  assert.is((await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' })).code, 0);
});

test('watch changes past a burst are held, not answered at once; the last one asked is applied soon after', async () => {
  s = await start();
  const c = await served(s.port, await gridTicket(s.ctx.call));
  // Ids of no phone of this user: each change the server applies is answered `unavailable` at once, with no picture.
  const sets = Array.from({ length: 4 * WATCH_BURST }, (_, i) => [900_000 + i]);
  for (const ids of sets) await c.watch(ids);
  // The burst is applied in order; the changes held after it collapse into the last one, applied once the pace
  // allows (half a second): the answer after the burst's is the last set's, none of those between.
  for (const ids of sets.slice(0, WATCH_BURST)) assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: ids });
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: sets.at(-1) }, 'the held ones collapse into the last');
  const answered = () => c.all.filter((m) => m.kind === 'json' && m.value.type === 'unavailable');
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

/** A pace of one change, refilled every 10 ms, on `clock`; `next()` is the next change it applies, within a bound. */
function fastPace(clock: () => number) {
  const applied: number[][] = [];
  let wake = () => {};
  const pace = new WatchPace((ids) => {
    applied.push(ids);
    wake();
  }, { burst: 1, perSecond: 100, clock });
  const next = () => within(new Promise<void>((resolve) => (wake = resolve)), 'the held change not applied', 200);
  return { pace, applied, next };
}

test('watch pace: a held change is applied in time when the clock stands still', async () => {
  const { pace, applied, next } = fastPace(() => 5_000);
  pace.offer([1]);
  pace.offer([2]);
  pace.offer([3]);
  assert.equal(applied, [[1]], 'the burst spent, the rest held');
  await next();
  assert.equal(applied, [[1], [3]], 'the last one asked');
  pace.dispose();
});

test('watch pace: a clock set back holds nothing longer, and refills from its new time', async () => {
  let clock = 3_600_000;
  const { pace, applied, next } = fastPace(() => clock);
  pace.offer([1]);
  clock = 0;
  pace.offer([2]);
  await next();
  assert.equal(applied, [[1], [2]]);
  // Refilled from the time it was set back to, not from an hour later.
  clock += 10;
  pace.offer([3]);
  assert.equal(applied, [[1], [2], [3]], 'a token 10 ms later');
  pace.dispose();
});

test.run();
