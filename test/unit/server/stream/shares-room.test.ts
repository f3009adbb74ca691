import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { VIEWER_GRACE_MS } from '../../../../server/lib/shares.ts';
import { issueTokenPair } from '../../../../server/lib/tokens.ts';
import { iconRect } from '../../../../server/stream/phone-layout.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { CLOSE_SHARE_BLOCKED, CLOSE_SHARE_REMOVED, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { directDeps, SCALE_MOBILE } from '../device-helpers.ts';
import { eventually, SHARE, shareCalls } from '../share-helpers.ts';
import { client, start } from '../stream-helpers.ts';

// Screen sharing by link (server/API.md "Screen sharing"; spec §4, §6): the room. Its limit from the tenant's config,
// who holds a place (seen within the grace period), blocking (a browser and its account), kicking, control requests,
// and the stream closing a viewer's socket within the one-second re-check (revalidate runs it at once).

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const { createShare, join, joined, owner, status } = shareCalls(() => s);
const setRoomLimit = async (limit: number) =>
  await s.ctx.db.run("UPDATE configs SET value = ? WHERE tenant_id = 1 AND config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'", String(limit));
const login = async (mobile = SCALE_MOBILE, tenant = 1) => (await issueTokenPair(directDeps(s.ctx), (await findUserByMobile(s.ctx.db, tenant, mobile))!)).accessToken;

test("the room holds the tenant's configured number of viewers; a viewer already in it is not counted twice", async () => {
  await setRoomLimit(2);
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
  await s.ctx.db.run("DELETE FROM configs WHERE config_key = 'PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT'");
  assert.is(((await s.ctx.call(`${SHARE}/list`)).data as { roomLimit: number }).roomLimit, 5);
});

test('a join that never opens a socket holds its place only for the grace period; an open socket keeps it', async () => {
  await setRoomLimit(2);
  const share = await createShare();
  const watching = await joined(share.token, 'Watching');
  const c = client(s.port, watching.viewerKey, share.userPhoneId);
  await c.json('hello');
  const idle = await joined(share.token, 'Idle', { address: '10.0.0.2' });
  assert.is((await join(share.token, 'Late', { address: '10.0.0.3' })).code, ErrorCode.SHARE_ROOM_FULL);
  s.ctx.advance(VIEWER_GRACE_MS + 1);
  // The stream's tick sees the open socket at the new time; the idle join was not seen since.
  await eventually(async () => (await status(watching.viewerKey)).state === 'enabled', 'the watching viewer was never seen again');
  assert.is((await status(idle.viewerKey)).state, 'disabled');
  await joined(share.token, 'Late', { address: '10.0.0.3' });
  assert.is((await join(share.token, 'Fourth', { address: '10.0.0.4' })).code, ErrorCode.SHARE_ROOM_FULL);
  // The idle key's socket is told it left the room; its page joins again, and the room is full.
  assert.is((await client(s.port, idle.viewerKey, share.userPhoneId).closed()).code, CLOSE_SHARE_REMOVED);
  assert.is((await join(share.token, 'Idle', { viewerKey: idle.viewerKey, address: '10.0.0.2' })).code, ErrorCode.SHARE_ROOM_FULL);
  c.socket.close();
});

test('a closed socket frees its place a grace period later even when no timer marks the row (a restart loses them)', async () => {
  await s.stop();
  // A grace timer that never fires within the test stands in for the one a restart loses.
  s = await start({ viewerGraceMs: 3_600_000 });
  await setRoomLimit(1);
  const share = await createShare();
  const viewer = await joined(share.token, 'Gone');
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  c.socket.close();
  await c.closed();
  assert.is((await join(share.token, 'Next', { address: '10.0.0.2' })).code, ErrorCode.SHARE_ROOM_FULL, 'within the grace: its place is kept');
  s.ctx.advance(VIEWER_GRACE_MS + 1);
  assert.is(await s.ctx.db.value('SELECT state FROM share_viewers WHERE id = ?', viewer.viewerId), 'enabled', 'the row was never marked');
  assert.is((await status(viewer.viewerKey)).state, 'disabled');
  await joined(share.token, 'Next', { address: '10.0.0.2' });
});

test('a viewer key of one share joining another share is a new viewer there', async () => {
  const first = await createShare('view', 'Shop assistant');
  const viewer = await joined(first.token);
  const second = await createShare('view', 'Work phone');
  const there = await joined(second.token, 'Guest', { viewerKey: viewer.viewerKey });
  assert.is.not(there.viewerId, viewer.viewerId);
  assert.is.not(there.viewerKey, viewer.viewerKey);
  assert.is((await status(viewer.viewerKey)).state, 'enabled', 'the first share keeps its viewer');
});

test('a join with an over-long viewer key is refused like an unknown viewer', async () => {
  const share = await createShare();
  assert.is((await join(share.token, 'Guest', { viewerKey: 'k'.repeat(101) })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
});

test("a login of another tenant than the share's is not recorded as the viewer's account", async () => {
  const share = await createShare();
  const foreign = await joined(share.token, 'Green', { login: await login(DEMO_MOBILE, 100), tenant: 100 });
  const row = await s.ctx.db.get('SELECT user_id FROM share_viewers WHERE id = ?', foreign.viewerId) as { user_id: number | null };
  assert.is(row.user_id, null);
  const viewers = (await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`)).data.share.viewers;
  assert.is(viewers[0].member, false);
});

test('a blocked viewer is closed with "blocked" and cannot rejoin by its key or its account; unblocked, it can', async () => {
  const share = await createShare();
  const stranger = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const viewer = await joined(share.token, 'Scale', { login: await login() });
  const row = await s.ctx.db.get('SELECT user_id FROM share_viewers WHERE id = ?', viewer.viewerId) as { user_id: number };
  assert.is(row.user_id, stranger.id, 'the account that joined is kept');
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'block' })).code, 0);
  const closed = await c.closed();
  assert.is(closed.code, CLOSE_SHARE_BLOCKED);
  assert.is(JSON.parse(closed.reason).msg, STREAM_MESSAGES.shareBlocked);
  assert.is((await join(share.token, 'Scale', { viewerKey: viewer.viewerKey })).code, ErrorCode.SHARE_BLOCKED, 'by its key');
  assert.is((await join(share.token, 'Other name', { login: await login() })).code, ErrorCode.SHARE_BLOCKED, 'by its account, from another browser');
  // A blocked viewer's socket is refused with the same reason.
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId).closed()).code, CLOSE_SHARE_BLOCKED);
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'unblock' })).code, 0);
  assert.is((await status(viewer.viewerKey)).state, 'unblocked');
  assert.is((await joined(share.token, 'Scale', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
});

test('blocking an account in one browser blocks its other browsers too: their sockets close, their keys stay out', async () => {
  const share = await createShare();
  const phone = await joined(share.token, 'Scale phone', { login: await login() });
  const laptop = await joined(share.token, 'Scale laptop', { login: await login(), address: '10.0.0.2' });
  assert.is.not(phone.viewerId, laptop.viewerId);
  const sockets = [client(s.port, phone.viewerKey, share.userPhoneId), client(s.port, laptop.viewerKey, share.userPhoneId)];
  for (const socket of sockets) await socket.json('hello');
  assert.is((await owner('/viewer/state', { viewerId: phone.viewerId, action: 'block' })).code, 0);
  for (const socket of sockets) assert.is((await socket.closed()).code, CLOSE_SHARE_BLOCKED);
  assert.is((await status(laptop.viewerKey)).state, 'shielded');
  // The other browser's key, with no login, does not get back in.
  assert.is((await join(share.token, 'Scale laptop', { viewerKey: laptop.viewerKey, address: '10.0.0.2' })).code, ErrorCode.SHARE_BLOCKED);
  // A row of the account left unblocked (written before blocking covered every row) is refused by its account.
  await s.ctx.db.run("UPDATE share_viewers SET state = 'disabled' WHERE id = ?", laptop.viewerId);
  assert.is((await join(share.token, 'Scale laptop', { viewerKey: laptop.viewerKey, address: '10.0.0.2' })).code, ErrorCode.SHARE_BLOCKED);
  // Unblocking lifts the block on every row of the account.
  await s.ctx.db.run("UPDATE share_viewers SET state = 'shielded' WHERE id = ?", laptop.viewerId);
  assert.is((await owner('/viewer/state', { viewerId: phone.viewerId, action: 'unblock' })).code, 0);
  assert.equal([(await status(phone.viewerKey)).state, (await status(laptop.viewerKey)).state], ['unblocked', 'unblocked']);
  await joined(share.token, 'Scale laptop', { viewerKey: laptop.viewerKey, address: '10.0.0.2' });
});

test('a kicked viewer is closed with "removed" and may rejoin at once; cancel does the same to one who left; unblocking an unblocked one changes nothing', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'unblock' })).code, 0);
  assert.is((await status(viewer.viewerKey)).state, 'enabled', 'unblock of a viewer who is not blocked is a no-op');
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'kick' })).code, 0);
  assert.is((await c.closed()).code, CLOSE_SHARE_REMOVED);
  assert.is((await status(viewer.viewerKey)).state, 'cancelled');
  assert.is((await joined(share.token, 'Guest', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
  await s.ctx.call(`${SHARE}/viewer/leave`, { body: { viewerKey: viewer.viewerKey } });
  assert.is((await owner('/viewer/state', { viewerId: viewer.viewerId, action: 'cancel' })).code, 0);
  assert.is((await status(viewer.viewerKey)).state, 'cancelled');
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
  assert.equal(await status(viewer.viewerKey), { state: 'enabled', permission: 'view', controlRequested: false });
  await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: viewer.viewerKey } });
  assert.is((await owner('/viewer/control-request', { viewerId: viewer.viewerId, approve: true })).code, 0);
  assert.equal(await c.json('control'), { type: 'control', control: true, reason: 'permission' });
  c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...p }] });
  c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...p }] });
  await c.frame();
  assert.equal(model.screen, { kind: 'app', app: 0 }, 'the viewer opened an app');
  // The owner on the phone takes control back: the viewer watches, and the owner sees it.
  const own = client(s.port, await s.securityToken(share.userPhoneId), share.userPhoneId);
  await own.json('hello');
  assert.equal(await own.json('audience'), { type: 'audience', watching: 0, controlling: 1 });
  own.send({ type: 'control.take' });
  assert.equal(await c.json('control'), { type: 'control', control: false, reason: 'taken' });
  assert.equal(await own.json('audience'), { type: 'audience', watching: 1, controlling: 0 });
  own.socket.close();
  assert.equal(await c.json('control'), { type: 'control', control: true, reason: 'returned' });
  // The owner moves them back to watching.
  assert.is((await owner('/viewer/permission', { viewerId: viewer.viewerId, permission: 'view' })).code, 0);
  assert.equal(await c.json('control'), { type: 'control', control: false, reason: 'permission' });
  c.socket.close();
});

test("the owner's phone-view socket hears a control request at once, and hears it answered", async () => {
  const share = await createShare('view');
  const first = await joined(share.token, 'Ana');
  const second = await joined(share.token, 'Bo');
  const own = client(s.port, await s.securityToken(share.userPhoneId), share.userPhoneId);
  await own.json('hello');
  await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: second.viewerKey } });
  assert.equal(await own.json('control.requests'), { type: 'control.requests', requests: [{ viewerId: second.viewerId, name: 'Bo' }] });
  s.ctx.advance(1000);
  await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: first.viewerKey } });
  const both = await own.json('control.requests');
  assert.equal(both.requests.map((request: { name: string }) => request.name), ['Bo', 'Ana'], 'oldest first');
  // A second owner's socket opened later hears the waiting requests on the next re-check.
  const later = client(s.port, await s.securityToken(share.userPhoneId), share.userPhoneId);
  await later.json('hello');
  assert.is((await later.json('control.requests')).requests.length, 2);
  assert.is((await owner('/viewer/control-request', { viewerId: second.viewerId, approve: true })).code, 0);
  assert.equal(await own.json('control.requests'), { type: 'control.requests', requests: [{ viewerId: first.viewerId, name: 'Ana' }] });
  assert.is((await owner('/viewer/control-request', { viewerId: first.viewerId, approve: false })).code, 0);
  assert.equal(await own.json('control.requests'), { type: 'control.requests', requests: [] });
  own.socket.close();
  later.socket.close();
});

test('a viewer whose page went away (no socket for the grace period) leaves the room; a reconnect within it keeps the place', async () => {
  await s.stop();
  s = await start({ viewerGraceMs: 200 });
  const share = await createShare();
  const viewer = await joined(share.token);
  const first = client(s.port, viewer.viewerKey, share.userPhoneId);
  await first.json('hello');
  first.socket.close();
  await first.closed();
  // Back within the grace: still in the room.
  const second = client(s.port, viewer.viewerKey, share.userPhoneId);
  await second.json('hello');
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.is((await status(viewer.viewerKey)).state, 'enabled');
  second.socket.close();
  await eventually(async () => (await status(viewer.viewerKey)).state === 'disabled', 'the viewer never left the room');
  // Its socket is now refused as put out of the room; joining again (same key) brings it back.
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId).closed()).code, CLOSE_SHARE_REMOVED);
  assert.is((await joined(share.token, 'Guest', { viewerKey: viewer.viewerKey })).viewerId, viewer.viewerId);
});

test('the grace counts from the last close: a reconnect and a second close start it afresh', async () => {
  const graceMs = 1500;
  await s.stop();
  s = await start({ viewerGraceMs: graceMs });
  const share = await createShare();
  const viewer = await joined(share.token);
  const first = client(s.port, viewer.viewerKey, share.userPhoneId);
  await first.json('hello');
  first.socket.close();
  await first.closed();
  const firstClose = Date.now();
  const second = client(s.port, viewer.viewerKey, share.userPhoneId);
  await second.json('hello');
  await new Promise((resolve) => setTimeout(resolve, firstClose + 500 - Date.now()));
  second.socket.close();
  await second.closed();
  const secondClose = Date.now();
  // Past the first close's grace, within the second's.
  await new Promise((resolve) => setTimeout(resolve, firstClose + graceMs + 200 - Date.now()));
  const state = (await status(viewer.viewerKey)).state;
  if (Date.now() < secondClose + graceMs) assert.is(state, 'enabled', 'still in the room');
  await eventually(async () => (await status(viewer.viewerKey)).state === 'disabled', 'the viewer never left the room');
  assert.ok(Date.now() >= secondClose + graceMs, 'gone only a grace period after the last close');
});

test.run();
