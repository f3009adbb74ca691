import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUserByMobile } from '../../../server/data/users.ts';
import { hashToken, issueTokenPair } from '../../../server/lib/tokens.ts';
import { iconRect } from '../../../server/stream/phone-layout.ts';
import { ErrorCode } from '../../../src/core/error-codes.ts';
import { CLOSE_SHARE_BLOCKED, CLOSE_SHARE_ENDED, CLOSE_SHARE_REMOVED, STREAM_MESSAGES } from '../../../src/contract/stream-protocol.ts';
import { SCALE_MOBILE, directDeps, phoneId } from './device-helpers.ts';
import { client, start } from './stream-helpers.ts';

// Screen sharing by link (server/API.md "Screen sharing"; spec §1, §4, §6): tokens stored hashed, one live link per
// phone, the room's limit from the tenant's config, blocking, kicking, control requests, and the stream closing a
// viewer's socket within the one-second re-check (revalidate runs it at once) with a reason its page can show.

const SHARE = '/api/device/share';
const HOUR = 3600_000;

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

async function createShare(permission: 'view' | 'control' = 'view', name = 'Shop assistant', validityHours = 24) {
  const userPhoneId = phoneId(s.ctx, name);
  const reply = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission, validityHours } });
  assert.is(reply.code, 0, reply.msg);
  return { userPhoneId, ...(reply.data as { shareId: number; token: string; expiresAt: number }) };
}

/** A join without an account (no login header), from its own address unless told. */
async function join(token: string, displayName = 'Guest', extra: { viewerKey?: string; login?: string; address?: string } = {}) {
  return s.ctx.call(`${SHARE}/join`, {
    body: { token, displayName, viewerKey: extra.viewerKey },
    token: extra.login,
    address: extra.address ?? '10.0.0.1',
  });
}

async function joined(token: string, displayName = 'Guest', extra: Parameters<typeof join>[2] = {}) {
  const reply = await join(token, displayName, extra);
  assert.is(reply.code, 0, reply.msg);
  return reply.data as { viewerId: number; viewerKey: string; userPhoneId: number; permission: string };
}

const owner = (path: string, body: unknown) => s.ctx.call(`${SHARE}${path}`, { method: 'PUT', body });

test('the token is 128+ random bits, shown once, and stored only as its SHA-256 digest', async () => {
  const share = await createShare();
  assert.ok(Buffer.from(share.token, 'base64url').length >= 16, 'at least 128 bits');
  assert.ok(/^[A-Za-z0-9_-]+$/.test(share.token), 'base64url');
  const row = s.ctx.db.prepare('SELECT * FROM phone_shares WHERE id = ?').get(share.shareId) as Record<string, unknown>;
  assert.is(row.token_hash, hashToken(share.token));
  const everything = JSON.stringify(s.ctx.db.prepare('SELECT * FROM phone_shares').all());
  assert.not.ok(everything.includes(share.token), 'the plain token is nowhere in the table');
  const viewer = await joined(share.token);
  const viewers = JSON.stringify(s.ctx.db.prepare('SELECT * FROM share_viewers').all());
  assert.not.ok(viewers.includes(viewer.viewerKey), 'the viewer key is stored hashed too');
  assert.ok(viewers.includes(hashToken(viewer.viewerKey)));
  // The owner's list never shows the token again.
  const list = await s.ctx.call(`${SHARE}/list`);
  assert.not.ok(JSON.stringify(list.data).includes(share.token));
});

test('unknown, replaced and expired tokens all answer SHARE_ENDED; a new link kills the old one and its viewers', async () => {
  assert.is((await join('not-a-token')).code, ErrorCode.SHARE_ENDED);
  assert.is((await s.ctx.call(`${SHARE}/open`, { body: { token: 'x'.repeat(500) } })).code, ErrorCode.SHARE_ENDED);
  const first = await createShare('view');
  const viewer = await joined(first.token);
  const c = client(s.port, viewer.viewerKey, first.userPhoneId);
  assert.is((await c.json('hello')).role, 'viewer');
  const second = await createShare('control');
  assert.is((await c.closed()).code, CLOSE_SHARE_ENDED);
  assert.is((await join(first.token)).code, ErrorCode.SHARE_ENDED);
  assert.is((await s.ctx.call(`${SHARE}/open`, { body: { token: first.token } })).code, ErrorCode.SHARE_ENDED);
  const opened = await s.ctx.call(`${SHARE}/open`, { body: { token: second.token } });
  assert.equal([opened.data.shareId, opened.data.permission, opened.data.phoneName], [second.shareId, 'control', 'Shop assistant']);
  const list = (await s.ctx.call(`${SHARE}/list`)).data as { list: any[] };
  const old = list.list.find((share) => share.shareId === first.shareId);
  assert.equal([old.status, old.endReason, old.viewers[0].state], ['ended', 'replaced', 'cancelled']);
  // Expired: an hour's link, an hour later.
  const short = await createShare('view', 'Work phone', 1);
  s.ctx.advance(HOUR + 1);
  assert.is((await join(short.token)).code, ErrorCode.SHARE_ENDED);
});

test('ending a share early closes every viewer\'s socket with "ended", and the viewer calls say so', async () => {
  const share = await createShare();
  const viewers = [await joined(share.token, 'A'), await joined(share.token, 'B')];
  const sockets = viewers.map((viewer) => client(s.port, viewer.viewerKey, share.userPhoneId));
  for (const socket of sockets) await socket.json('hello');
  assert.is((await owner('/end', { shareId: share.shareId })).code, 0);
  for (const socket of sockets) {
    const closed = await socket.closed();
    assert.is(closed.code, CLOSE_SHARE_ENDED);
    assert.is(JSON.parse(closed.reason).msg, STREAM_MESSAGES.shareEnded);
  }
  assert.is((await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewers[0]!.viewerKey } })).code, ErrorCode.SHARE_ENDED);
  assert.is((await owner('/end', { shareId: share.shareId })).code, ErrorCode.SHARE_ENDED, 'an ended share cannot end twice');
  // A socket opened afterwards with the old key is told the same.
  const late = client(s.port, viewers[0]!.viewerKey, share.userPhoneId);
  assert.is((await late.closed()).code, CLOSE_SHARE_ENDED);
});

test("the room holds the tenant's configured number of viewers; a viewer already in it is not counted twice", async () => {
  s.ctx.db.prepare("UPDATE configs SET value = '2' WHERE tenant_id = 1 AND config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'").run();
  const share = await createShare();
  const first = await joined(share.token, 'A');
  await joined(share.token, 'B', { address: '10.0.0.2' });
  assert.is((await join(share.token, 'C', { address: '10.0.0.3' })).code, ErrorCode.SHARE_ROOM_FULL);
  // The same browser reloading keeps its place.
  assert.is((await joined(share.token, 'A again', { viewerKey: first.viewerKey })).viewerId, first.viewerId);
  // One leaves: the next gets in.
  assert.is((await s.ctx.call(`${SHARE}/viewer/leave`, { body: { viewerKey: first.viewerKey } })).code, 0);
  await joined(share.token, 'C', { address: '10.0.0.3' });
  const got = (await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`)).data as { share: any; roomLimit: number };
  assert.is(got.roomLimit, 2);
  assert.equal(got.share.viewers.map((v: any) => [v.displayName, v.state]), [['A again', 'disabled'], ['B', 'enabled'], ['C', 'enabled']]);
  // The default is 5 (spec §6) when the key is missing.
  s.ctx.db.prepare("DELETE FROM configs WHERE config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'").run();
  assert.is(((await s.ctx.call(`${SHARE}/list`)).data as { roomLimit: number }).roomLimit, 5);
});

test('a blocked viewer is closed with "blocked" and cannot rejoin by its key or its account; unblocked, it can', async () => {
  const share = await createShare();
  const stranger = findUserByMobile(s.ctx.db, 1, SCALE_MOBILE)!;
  const login = issueTokenPair(directDeps(s.ctx), stranger).accessToken;
  const viewer = await joined(share.token, 'Scale', { login });
  const row = s.ctx.db.prepare('SELECT user_id FROM share_viewers WHERE id = ?').get(viewer.viewerId) as { user_id: number };
  assert.is(row.user_id, stranger.id, 'the account that joined is kept');
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'block' })).code, 0);
  const closed = await c.closed();
  assert.is(closed.code, CLOSE_SHARE_BLOCKED);
  assert.is(JSON.parse(closed.reason).msg, STREAM_MESSAGES.shareBlocked);
  assert.is((await join(share.token, 'Scale', { viewerKey: viewer.viewerKey })).code, ErrorCode.SHARE_BLOCKED, 'by its key');
  assert.is((await join(share.token, 'Other name', { login })).code, ErrorCode.SHARE_BLOCKED, 'by its account, from another browser');
  // A blocked viewer's socket is refused with the same reason.
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId).closed()).code, CLOSE_SHARE_BLOCKED);
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'unblock' })).code, 0);
  const status = await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewer.viewerKey } });
  assert.is(status.data.state, 'unblocked');
  assert.is((await joined(share.token, 'Scale', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
});

test('a kicked viewer is closed with "removed" and may rejoin; cancel does the same to one who left', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'kick' })).code, 0);
  assert.is((await c.closed()).code, CLOSE_SHARE_REMOVED);
  const status = await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewer.viewerKey } });
  assert.is(status.data.state, 'cancelled');
  assert.is((await joined(share.token, 'Guest', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
  await s.ctx.call(`${SHARE}/viewer/leave`, { body: { viewerKey: viewer.viewerKey } });
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'cancel' })).code, 0);
  assert.is((await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewer.viewerKey } })).data.state, 'cancelled');
  await joined(share.token, 'Guest', { viewerKey: viewer.viewerKey });
});

test('view-only input is refused on the socket; a control request approved gives control, and the viewer drives', async () => {
  const share = await createShare('view');
  const viewer = await joined(share.token);
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  const hello = await c.json('hello');
  assert.equal([hello.role, hello.control], ['viewer', false]);
  await c.frame();
  const model = s.stream.screen(share.userPhoneId)!;
  const before = model.frameKey();
  const p = model.toDevice(iconRect(0));
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  assert.is((await c.json('error')).msg, STREAM_MESSAGES.viewOnly);
  assert.is(model.frameKey(), before, 'the phone did not move');

  const asked = await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: viewer.viewerKey } });
  assert.equal(asked.data, { state: 'enabled', permission: 'view', controlRequested: true });
  const listed = (await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`)).data.share.viewers[0];
  assert.is(listed.controlRequested, true, 'the owner sees the request');
  // Declined: the request is gone, the permission unchanged.
  assert.is((await owner('/viewer/control-request', { viewerId: viewer.viewerId, approve: false })).code, 0);
  assert.equal((await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewer.viewerKey } })).data, {
    state: 'enabled',
    permission: 'view',
    controlRequested: false,
  });
  await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: viewer.viewerKey } });
  assert.is((await owner('/viewer/control-request', { viewerId: viewer.viewerId, approve: true })).code, 0);
  assert.equal(await c.json('control'), { type: 'control', control: true, reason: 'permission' });
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  await c.frame();
  assert.equal(model.screen, { kind: 'app', app: 0 }, 'the viewer opened an app');
  // The owner moves them back to watching.
  assert.is((await owner('/viewer/permission', { viewerId: viewer.viewerId, permission: 'view' })).code, 0);
  assert.equal(await c.json('control'), { type: 'control', control: false, reason: 'permission' });
  c.socket.close();
});

test('an authorised phone cannot be shared; an expired one neither', async () => {
  const userPhoneId = phoneId(s.ctx, 'Work phone');
  const at = s.ctx.now();
  s.ctx.db
    .prepare(
      `INSERT INTO phone_grants (tenant_id, phone_id, owner_id, mode, permission, days, code_hash, expires_at, created_at)
       VALUES (1, ?, ?, 'code', 'view', 3, 'digest', ?, ?)`,
    )
    .run(userPhoneId, s.ctx.userId, at + 3 * 24 * HOUR, at);
  const refused = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 1 } });
  assert.is(refused.code, ErrorCode.SHARE_PHONE_AUTHORIZED);
  const expired = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId: phoneId(s.ctx, 'Old account'), permission: 'view', validityHours: 1 } });
  assert.is(expired.code, ErrorCode.DEVICE_EXPIRED);
  const bad = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 5 } });
  assert.is(bad.status, 200);
  assert.is.not(bad.code, 0, 'a validity off the list is refused');
});

test("only the owner manages: another account's share and viewers answer like missing ones", async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const stranger = findUserByMobile(s.ctx.db, 1, SCALE_MOBILE)!;
  const token = issueTokenPair(directDeps(s.ctx), stranger).accessToken;
  const as = (path: string, body: unknown) => s.ctx.call(`${SHARE}${path}`, { method: 'PUT', body, token });
  assert.is((await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`, { token })).code, ErrorCode.SHARE_ENDED);
  assert.is((await s.ctx.call(`${SHARE}/get?shareId=999999`)).code, ErrorCode.SHARE_ENDED);
  assert.is((await as('/end', { shareId: share.shareId })).code, ErrorCode.SHARE_ENDED);
  assert.is((await as('/viewer/state', { viewerId: viewer.viewerId, action: 'block' })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
  assert.is((await as('/viewer/permission', { viewerId: viewer.viewerId, permission: 'control' })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
  assert.equal(((await s.ctx.call(`${SHARE}/list`, { token })).data as { list: unknown[] }).list, []);
  const strangerPhone = phoneId(s.ctx, 'Phone 0001', 1, SCALE_MOBILE);
  const create = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId: strangerPhone, permission: 'view', validityHours: 1 } });
  assert.is(create.code, ErrorCode.DEVICE_NOT_EXIST, "another's phone cannot be shared");
  assert.is((await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: 'nobody' } })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
});

test('a transfer (the phone changes hands) ends the share: sockets closed, the token dead', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  const stranger = findUserByMobile(s.ctx.db, 1, SCALE_MOBILE)!;
  s.ctx.db.prepare('UPDATE phones SET user_id = ? WHERE id = ?').run(stranger.id, share.userPhoneId);
  s.stream.revalidate();
  assert.is((await c.closed()).code, CLOSE_SHARE_ENDED);
  assert.is((await join(share.token)).code, ErrorCode.SHARE_ENDED);
  assert.equal(((await s.ctx.call(`${SHARE}/list`)).data as { list: unknown[] }).list, [], 'the share left with the phone');
});

test('a viewer whose page went away (no socket for the grace period) leaves the room; a reconnect within it keeps the place', async () => {
  await s.stop();
  s = await start({ viewerGraceMs: 200 });
  const share = await createShare();
  const viewer = await joined(share.token);
  const status = async () => (await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: viewer.viewerKey } })).data.state;
  const first = client(s.port, viewer.viewerKey, share.userPhoneId);
  await first.json('hello');
  first.socket.close();
  await first.closed();
  // Back within the grace: still in the room.
  const second = client(s.port, viewer.viewerKey, share.userPhoneId);
  await second.json('hello');
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is(await status(), 'enabled');
  second.socket.close();
  const deadline = Date.now() + 3000;
  while ((await status()) !== 'disabled') {
    if (Date.now() > deadline) assert.unreachable('the viewer never left the room');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Its socket is now refused as put out of the room; joining again (same key) brings it back.
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId).closed()).code, CLOSE_SHARE_REMOVED);
  assert.is((await joined(share.token, 'Guest', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
});

test('display names follow the name rule; joins are throttled per address', async () => {
  const share = await createShare();
  assert.is((await join(share.token, '')).code, ErrorCode.NAME_INVALID);
  assert.is((await join(share.token, 'x'.repeat(21))).code, ErrorCode.NAME_INVALID);
  await s.stop();
  s = await start();
  // A fresh app with a small limit: the 4th join from one address waits.
  const limited = await import('./device-helpers.ts').then(({ demo }) => demo(1, undefined, { limits: { shareJoinAddressPerHour: 3 } }));
  const userPhoneId = phoneId(limited, 'Shop assistant');
  const created = await limited.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 1 } });
  const body = { token: created.data.token, displayName: 'Flood' };
  for (let i = 0; i < 3; i++) assert.is((await limited.call(`${SHARE}/join`, { body, address: '10.9.9.9' })).code, 0);
  const fourth = await limited.call(`${SHARE}/join`, { body, address: '10.9.9.9' });
  assert.is(fourth.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is((await limited.call(`${SHARE}/join`, { body, address: '10.9.9.10' })).code, 0, 'another address is not held back');
});

test.run();
