import { test } from 'uvu';
import { WebSocket } from 'ws';
import type { PhoneScreen } from '../../../../server/data/phone-tokens.ts';
import { GridSession } from '../../../../server/stream/grid-session.ts';
import { PhoneEntry } from '../../../../server/stream/phone-entry.ts';
import { VirtualScreen } from '../../../../server/stream/virtual-screen.ts';
import * as assert from 'uvu/assert';
import { THUMB_QUALITY, parseGridMessage, thumbMessage } from '../../../../server/stream/grid-protocol.ts';
import { CLOSE_NOT_ASSIGNED, FRAME_KIND, PATCH_KIND, SCREENSHOT_KIND, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { iconRect } from '../../../../server/stream/phone-layout.ts';
import { GRID_TICKET_PATH, GRID_TICKET_TTL_MS, MAX_WATCHED, THUMB_HEADER_BYTES, THUMB_HEIGHT, THUMB_KIND, THUMB_WIDTH } from '../../../../shared/contract/grid-protocol.ts';
import { SCALE_MOBILE, phoneId } from '../device-helpers.ts';
import { gridClient, gridTicket } from '../grid-helpers.ts';
import { WAIT_MS, client, size, start } from '../stream-helpers.ts';

// The live grid end to end (API.md "Live grid"): the ticket call, then one socket watching several phones' thumbnails
// on the same screens phone-view streams.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

async function assertRefused(c: ReturnType<typeof gridClient>) {
  const { code, reason } = await c.closed();
  assert.is(code, CLOSE_NOT_ASSIGNED);
  assert.equal(JSON.parse(reason), { code: CLOSE_NOT_ASSIGNED, msg: STREAM_MESSAGES.notAssigned });
}

test('protocol: thumb is kind 3, apart from the phone stream\'s kinds; watch takes at most 20 positive integers (group control\'s windows), deduplicated', () => {
  assert.is(THUMB_KIND, 3);
  assert.is(new Set([FRAME_KIND, SCREENSHOT_KIND, PATCH_KIND, THUMB_KIND]).size, 4, 'the kinds share the first byte');
  assert.equal(parseGridMessage('{"type":"watch","userPhoneIds":[3,1,3]}'), { type: 'watch', userPhoneIds: [3, 1] });
  assert.equal(parseGridMessage('{"type":"watch","userPhoneIds":[]}'), { type: 'watch', userPhoneIds: [] });
  const tooMany = JSON.stringify({ type: 'watch', userPhoneIds: Array.from({ length: MAX_WATCHED + 1 }, (_, i) => i + 1) });
  for (const bad of [tooMany, '{"type":"watch","userPhoneIds":[1.5]}', '{"type":"watch","userPhoneIds":["1"]}', '{"type":"watch"}', '{"type":"watch","userPhoneIds":[0]}']) {
    assert.equal(parseGridMessage(bad), { error: 'watch.userPhoneIds must be at most 20 positive integers' }, bad);
  }
  assert.equal(parseGridMessage('nope'), { error: 'Malformed JSON' });
  assert.equal(parseGridMessage('{"type":"touch"}'), { error: 'Unknown message type' });
  const message = thumbMessage(0x01020304, 0x0a0b0c0d, Buffer.from([0xff, 0xd8]));
  assert.equal([...message], [3, 1, 2, 3, 4, 10, 11, 12, 13, 0xff, 0xd8]);
  assert.equal(parseGridMessage('{"type":"ack","seq":7}'), { type: 'ack', seq: 7 });
  for (const bad of ['{"type":"ack"}', '{"type":"ack","seq":-1}', '{"type":"ack","seq":"7"}']) assert.ok('error' in parseGridMessage(bad), bad);
});

test('ticket: only with a login, lives 10 minutes; a bad or expired ticket is closed with 4403', async () => {
  const anonymous = await s.ctx.call(GRID_TICKET_PATH, { method: 'POST', token: '' });
  assert.is(anonymous.code, 401);
  const reply = await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' });
  assert.is(reply.code, 0);
  assert.type(reply.data.ticket, 'string');
  assert.is(reply.data.expireTime, s.ctx.now() + GRID_TICKET_TTL_MS);
  assert.is(reply.headers.get('cache-control'), 'no-store');
  // Only a digest is stored.
  const stored = await s.ctx.db.column('SELECT ticket_hash FROM grid_tickets') as string[];
  assert.is(stored.length, 1);
  assert.is.not(stored[0], reply.data.ticket);

  await assertRefused(gridClient(s.port, 'no-such-ticket'));
  await assertRefused(gridClient(s.port, ''));
  const open = gridClient(s.port, reply.data.ticket);
  await open.watch([]);
  await open.send('nope');
  assert.equal(await open.json('error'), { type: 'error', msg: 'Malformed JSON' });
  // Expiry closes the open socket within a second (the tick), and the ticket opens nothing any more.
  s.ctx.advance(GRID_TICKET_TTL_MS);
  await assertRefused(open);
  await assertRefused(gridClient(s.port, reply.data.ticket));
});

test('logout ends the ticket: its open socket closes within a second, and no new ticket is issued', async () => {
  const c = gridClient(s.port, await gridTicket(s.ctx.call));
  const id = await phoneId(s.ctx, 'Shop assistant');
  await c.watch([id]);
  await c.thumb(id);
  const started = Date.now();
  assert.is((await s.ctx.call('/api/merchant/auth/logout', { method: 'POST' })).code, 0);
  await assertRefused(c);
  assert.ok(Date.now() - started < 1000, `closed after ${Date.now() - started} ms`);
  assert.is((await s.ctx.call(GRID_TICKET_PATH, { method: 'POST' })).code, 401);
});

test('watch: each watched phone sends a 180x320 JPEG tagged with its id; a new watch replaces the set; [] stops', async () => {
  const a = await phoneId(s.ctx, 'Shop assistant');
  const b = await phoneId(s.ctx, 'Work phone');
  const c = gridClient(s.port, await gridTicket(s.ctx.call));
  await c.watch([a, b]);
  const seen = new Map<number, Buffer>();
  while (seen.size < 2) {
    const thumb = await c.thumb();
    seen.set(thumb.id, thumb.jpeg);
  }
  assert.equal([...seen.keys()].sort(), [a, b].sort());
  for (const jpeg of seen.values()) assert.equal(await size(jpeg), [180, 320]);
  assert.not.ok(seen.get(a)!.equals(seen.get(b)!), 'each phone has its own picture');
  assert.is(s.stream.gridWatching(a), 1);
  assert.is(s.stream.gridWatching(b), 1);

  await c.watch([b]);
  await c.send('nope');
  await c.json('error');
  assert.is(s.stream.gridWatching(a), 0);
  assert.is(s.stream.gridWatching(b), 1);
  // Watching a phone again sends its picture at once, even though it did not change.
  await c.watch([a, b]);
  assert.equal(await size((await c.thumb(a)).jpeg), [180, 320]);

  await c.watch([]);
  await c.send('nope');
  await c.json('error');
  assert.is(s.stream.gridWatching(a), 0);
  assert.is(s.stream.gridWatching(b), 0);
  // Prove the silence with a picture that did change: a second grid sees it, the first gets nothing.
  const other = gridClient(s.port, await gridTicket(s.ctx.call));
  await other.watch([a]);
  await other.thumb(a);
  const before = c.all.length;
  // Changed behind the stream's back: the one-second tick notices it.
  assert.ok(s.stream.screen(a)!.text('changed'));
  await other.thumb(a);
  await c.send('nope');
  await c.json('error');
  assert.is(c.all.slice(before).filter((m) => m.kind === 'thumb').length, 0);
  c.socket.close();
  other.socket.close();
});

test('a foreign, an unknown, an offline and an expired id are answered unavailable and not streamed', async () => {
  const mine = await phoneId(s.ctx, 'Shop assistant');
  const offline = await phoneId(s.ctx, 'Backup');
  const expired = await phoneId(s.ctx, 'Old account');
  const maintenance = await phoneId(s.ctx, 'Test device');
  const theirs = await phoneId(s.ctx, 'Phone 0001', 1, SCALE_MOBILE);
  const c = gridClient(s.port, await gridTicket(s.ctx.call));
  await c.watch([theirs, mine, 999_999, offline, expired, maintenance]);
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: [theirs, 999_999, offline, expired, maintenance] });
  assert.is((await c.thumb()).id, mine);
  await c.send('nope');
  await c.json('error');
  assert.equal([...new Set(c.all.filter((m) => m.kind === 'thumb').map((m) => (m as { id: number }).id))], [mine]);
  assert.is(s.stream.gridWatching(theirs), 0);
  c.socket.close();
});

test('a phone-view tap changes the grid picture: both draw the same screen', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const grid = gridClient(s.port, await gridTicket(s.ctx.call));
  await grid.watch([id]);
  const first = await grid.thumb(id);
  const view = client(s.port, await s.securityToken(id), id);
  await view.frame();
  const model = s.stream.screen(id)!;
  const p = model.toDevice(iconRect(0));
  view.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  view.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  view.send({ type: 'ping', t: 1 });
  await view.json('pong');
  assert.equal(model.screen, { kind: 'app', app: 0 });
  // The next grid picture shows it (with the touch dot if it has not faded by then: 3 pictures a second at most).
  const tapped = await grid.thumb(id);
  assert.not.ok(tapped.jpeg.equals(first.jpeg));
  assert.is(s.stream.sessionCount(id), 1);
  assert.is(s.stream.gridWatching(id), 1);
  view.socket.close();
  grid.socket.close();
});

test('at most 3 pictures a second per phone, however fast it changes', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const grid = gridClient(s.port, await gridTicket(s.ctx.call));
  await grid.watch([id]);
  await grid.thumb(id);
  const view = client(s.port, await s.securityToken(id), id);
  await view.frame();
  view.send({ type: 'key', key: 'home' });
  const typing = setInterval(() => view.send({ type: 'text', text: 'x' }), 40);
  try {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await grid.thumb(id)).at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 333 ms apart, less the timers' and the loopback's jitter.
    assert.ok(Math.min(...gaps) >= 300, `gaps ${gaps.join(', ')}`);
  } finally {
    clearInterval(typing);
  }
  view.socket.close();
  grid.socket.close();
});

test('a transfer or the expiry of a watched phone is answered unavailable within a second; the others go on', async () => {
  const a = await phoneId(s.ctx, 'Shop assistant');
  const b = await phoneId(s.ctx, 'Work phone');
  const soon = await phoneId(s.ctx, 'Game farm 2'); // expires 5 minutes after the seed
  const c = gridClient(s.port, await gridTicket(s.ctx.call));
  await c.watch([a, b, soon]);
  for (const id of [a, b, soon]) await c.thumb(id);
  const stranger = await s.ctx.db.value('SELECT id FROM users WHERE mobile = ? AND tenant_id = 1', SCALE_MOBILE) as number;
  await s.ctx.db.run('UPDATE phones SET user_id = ? WHERE id = ?', stranger, a);
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: [a] });
  s.ctx.advance(5 * 60_000);
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: [soon] });
  assert.is(s.stream.gridWatching(a), 0);
  assert.is(s.stream.gridWatching(soon), 0);
  assert.is(s.stream.gridWatching(b), 1);
  // Still open, still streaming the phone that stayed.
  s.stream.screen(b)!.text('still here');
  s.stream.screen(b)!.key('home');
  await c.watch([a, b, soon]);
  assert.equal(await c.json('unavailable'), { type: 'unavailable', userPhoneIds: [a, soon] });
  await c.thumb(b);
  c.socket.close();
});

test('a restarted phone: the grid follows its fresh screen within a second', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const c = gridClient(s.port, await gridTicket(s.ctx.call));
  await c.watch([id]);
  await c.thumb(id);
  const before = s.stream.screen(id)!;
  s.stream.restartPhone(id, { reset: false });
  await c.thumb(id);
  const after = s.stream.screen(id)!;
  assert.is.not(after, before, 'a fresh screen was made for the grid');
  assert.is(s.stream.gridWatching(id), 1);
  c.socket.close();
});

test('a socket that stops acknowledging gets at most two more pictures; its next acknowledgement brings the current one', async () => {
  const id = await phoneId(s.ctx, 'Shop assistant');
  const other = await phoneId(s.ctx, 'Work phone');
  const sent: Buffer[] = [];
  // What the session touches of a `ws` socket: it never acknowledges by itself, the test does.
  const socket = {
    readyState: WebSocket.OPEN,
    OPEN: WebSocket.OPEN,
    send(data: Buffer) {
      sent.push(data);
    },
  };
  const entries = new Map<number, PhoneEntry>();
  // The phones' clock stands still: a minute turning during the test would be a change of its own.
  const stopped = Date.now();
  const clock = () => stopped;
  const entryFor = async (row: PhoneScreen) => {
    const entry = new PhoneEntry(new VirtualScreen({ id: row.id, name: row.name }, clock, row), clock);
    entries.set(row.id, entry);
    return entry;
  };
  const session = new GridSession(socket as unknown as WebSocket, { ticketHash: '-', userId: s.ctx.userId, tenantId: 1 }, {
    db: s.ctx.db,
    now: s.ctx.now,
    clock,
    entryFor,
    currentEntry: (userPhoneId) => entries.get(userPhoneId),
    logError: (line) => s.ctx.errors.push(line),
  });
  await session.watch([id, other]);
  await until(() => sent.length === 2, 'the first picture of each phone');
  const entry = entries.get(id)!;
  for (let i = 0; i < 10; i++) {
    entry.model.text(String(i));
    entry.changed();
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  assert.is(sent.length, 2, 'nothing more while both pictures are unacknowledged');
  session.acked(sent[1]!.readUInt32BE(5));
  await until(() => sent.length === 3, 'a picture once acknowledged');
  // The one sent is the picture of now, not the first of the ten missed ones.
  const current = await entry.frameAt(THUMB_WIDTH, THUMB_HEIGHT, THUMB_QUALITY, entry.model.frameKey());
  assert.is(sent[2]!.readUInt32BE(1), id);
  assert.ok(sent[2]!.subarray(THUMB_HEADER_BYTES).equals(current));
  session.acked(3);
  session.tick();
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is(sent.length, 3, 'nothing changed since: nothing more to send');
  session.dispose();
  assert.is(entry.gridWatchers.size, 0);
});

/** Waits for `ready`, polling every 10 ms, for at most the usual bound. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test.run();
