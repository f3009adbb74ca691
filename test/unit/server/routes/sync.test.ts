import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { iconRect } from '../../../../server/stream/phone-layout.ts';
import { demo, PHONE, phoneId, SCALE_MOBILE } from '../device-helpers.ts';
import { body, grant, other } from '../grant-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { CASES_MOBILE, codes, give } from '../transfer-helpers.ts';
import { client, start } from '../stream-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';
import type { VirtualScreen } from '../../../../server/stream/virtual-screen.ts';

type Started = Awaited<ReturnType<typeof start>>;

/**
 * Waits until input sent to `phone` shows on its own screen (`shows`: it was taken), then until the fan-out of what
 * it took has reached the followers: what a follower shows next is decided.
 */
async function taken(s: Started, phone: number, shows: (screen: VirtualScreen) => boolean): Promise<void> {
  for (const deadline = Date.now() + 3000; !shows(s.stream.screen(phone)!); ) {
    if (Date.now() > deadline) throw new Error(`phone ${phone} did not take the input`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await s.stream.mirrored(phone);
}

// API.md "Group control": every refusal made directly against the API, and the stream's one input fan-out from the
// main-control phone to its followers.

const SYNC = '/api/device/user/phone/sync';
type Call = Awaited<ReturnType<typeof demo>>['call'];

const startSync = (call: Call, userPhoneIds: unknown, mainId: unknown) => call(`${SYNC}/start`, { method: 'POST', body: { userPhoneIds, mainId }, language: 'en-US' });
const getSync = (call: Call, id: number) => call(`${SYNC}/get?userPhoneId=${id}`, { method: 'GET' });
const switchMain = (call: Call, groupId: number, mainId: number) => call(`${SYNC}/main`, { method: 'PUT', body: { groupId, mainId } });
const leave = (call: Call, groupId: number, userPhoneId: number) => call(`${SYNC}/leave`, { method: 'PUT', body: { groupId, userPhoneId } });
const stop = (call: Call, groupId: number) => call(`${SYNC}/stop`, { method: 'PUT', body: { groupId } });

test('start refusals: count, main not a member, authorised, not mine, unusable, already synced', async () => {
  const ctx = await demo();
  const [a, b, c] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Reader'], async (name) => await phoneId(ctx, name)));
  assert.is((await startSync(ctx.call, [a], a)).code, ErrorCode.SYNC_COUNT_INVALID);
  assert.is((await startSync(ctx.call, [a, a], a)).code, ErrorCode.SYNC_COUNT_INVALID, 'repeats are one phone');
  const many = Array.from({ length: 21 }, (_, i) => i + 1);
  assert.is((await startSync(ctx.call, many, 1)).code, ErrorCode.SYNC_COUNT_INVALID);
  assert.is((await startSync(ctx.call, [a, b], c)).code, ErrorCode.SYNC_MAIN_NOT_MEMBER);

  // A phone the scale user lends the demo user by a grant: visible to it, but not syncable.
  const lent = await phoneId(ctx, 'Phone 0010', 1, SCALE_MOBILE);
  const lender = await other(ctx);
  assert.is((await grant(lender, body(lent, { account: DEMO_MOBILE, permission: 'control' }))).code, 0);
  const authorised = await startSync(ctx.call, [a, lent], a);
  assert.is(authorised.code, ErrorCode.SYNC_AUTHORIZED);
  assert.is(authorised.msg, 'Authorized device does not support sync');
  assert.equal(authorised.data, { userPhoneId: lent });
  const notMine = await phoneId(ctx, 'Phone 0011', 1, SCALE_MOBILE);
  assert.is((await startSync(ctx.call, [a, notMine], a)).code, ErrorCode.DEVICE_NOT_EXIST);

  assert.is((await startSync(ctx.call, [a, await phoneId(ctx, 'Backup')], a)).code, ErrorCode.DEVICE_OFFLINE);
  assert.is((await startSync(ctx.call, [a, await phoneId(ctx, 'Old account')], a)).code, ErrorCode.DEVICE_EXPIRED);
  assert.is((await startSync(ctx.call, [a, await phoneId(ctx, 'Test device')], a)).code, ErrorCode.DEVICE_MAINTENANCE);
  assert.is((await startSync(ctx.call, [a, await phoneId(ctx, 'Being replaced')], a)).code, ErrorCode.DEVICE_REPLACING);
  assert.is((await startSync(ctx.call, [a, await phoneId(ctx, 'Moving house')], a)).code, ErrorCode.DEVICE_MIGRATED);
  const rebooting = await phoneId(ctx, 'Music box');
  assert.is((await ctx.call(`${PHONE}/reboot?userPhoneIds=${rebooting}`, { method: 'PUT' })).code, 0);
  assert.is((await startSync(ctx.call, [a, rebooting], a)).code, ErrorCode.DEVICE_BUSY);

  assert.is((await startSync(ctx.call, [a, b], a)).code, 0);
  const again = await startSync(ctx.call, [c, b], c);
  assert.is(again.code, ErrorCode.SYNC_ALREADY_SYNCED);
  assert.equal(again.data, { userPhoneId: b });
  // Nothing of a refused start was kept.
  assert.is((await getSync(ctx.call, c)).data, null);
});

test('the main-control phone is switchable and cannot leave; a follower leaves to individual mode; the last one ends sync', async () => {
  const ctx = await demo();
  const [a, b, c] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Reader'], async (name) => await phoneId(ctx, name)));
  const started = await startSync(ctx.call, [b, a, c], a);
  assert.is(started.code, 0);
  const groupId = started.data.groupId as number;
  assert.is(started.data.mainId, a);
  assert.equal(
    started.data.members.map((m: { userPhoneId: number; role: string; state: string }) => [m.userPhoneId, m.role, m.state]),
    [[a, 'main', 'following'], [b, 'follower', 'following'], [c, 'follower', 'following']],
  );
  assert.equal((await getSync(ctx.call, c)).data, started.data);

  assert.is((await leave(ctx.call, groupId, a)).code, ErrorCode.SYNC_MAIN_CANNOT_LEAVE);
  assert.is((await switchMain(ctx.call, groupId, await phoneId(ctx, 'Music box'))).code, ErrorCode.DEVICE_NOT_EXIST);
  const switched = await switchMain(ctx.call, groupId, c);
  assert.is(switched.data.mainId, c);
  assert.is(switched.data.members[0].userPhoneId, c);
  assert.is((await leave(ctx.call, groupId, c)).code, ErrorCode.SYNC_MAIN_CANNOT_LEAVE);

  const left = await leave(ctx.call, groupId, a);
  assert.equal(left.data.members.map((m: { userPhoneId: number }) => m.userPhoneId), [c, b]);
  assert.is((await getSync(ctx.call, a)).data, null, 'back to individual mode');
  assert.is((await leave(ctx.call, groupId, a)).code, ErrorCode.DEVICE_NOT_EXIST);
  // Only the main-control phone would be left: sync ends.
  assert.is((await leave(ctx.call, groupId, b)).data, null);
  assert.is((await getSync(ctx.call, c)).data, null);
  assert.is((await stop(ctx.call, groupId)).code, ErrorCode.SYNC_NOT_EXIST);
});

test('a phone given to another account leaves its group at once; the group it led ends', async () => {
  const ctx = await demo();
  const [a, b, c] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Reader'], async (name) => await phoneId(ctx, name)));
  const groupId = (await startSync(ctx.call, [a, b, c], a)).data.groupId as number;
  assert.equal(codes(await give(ctx, [c], CASES_MOBILE)), [0]);
  const members = (await getSync(ctx.call, a)).data.members.map((m: { userPhoneId: number }) => m.userPhoneId);
  assert.equal(members, [a, b], 'the follower given away is out');
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM sync_members WHERE phone_id = ?', c), 0);
  assert.equal(codes(await give(ctx, [a], CASES_MOBILE)), [0]);
  assert.is((await getSync(ctx.call, b)).data, null, 'its main device gone, the group ended');
  assert.is((await stop(ctx.call, groupId)).code, ErrorCode.SYNC_NOT_EXIST);
});

test("another account's group is refused like one that does not exist; stop returns every phone", async () => {
  const ctx = await demo();
  const [a, b] = (await mapInOrder(['Shop assistant', 'Game farm 1'], async (name) => await phoneId(ctx, name)));
  const groupId = (await startSync(ctx.call, [a, b], a)).data.groupId as number;
  const stranger = await other(ctx);
  assert.is((await switchMain(stranger.call, groupId, b)).code, ErrorCode.SYNC_NOT_EXIST);
  assert.is((await leave(stranger.call, groupId, b)).code, ErrorCode.SYNC_NOT_EXIST);
  assert.is((await stop(stranger.call, groupId)).code, ErrorCode.SYNC_NOT_EXIST);
  assert.is((await getSync(stranger.call, a)).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await stop(ctx.call, groupId)).data, true);
  assert.is((await getSync(ctx.call, a)).data, null);
  assert.is((await startSync(ctx.call, [b, a], b)).code, 0, 'free to sync again');
});

test('switching to a follower that cannot take input is refused with its reason', async () => {
  const ctx = await demo();
  const [a, b] = (await mapInOrder(['Shop assistant', 'Game farm 1'], async (name) => await phoneId(ctx, name)));
  const groupId = (await startSync(ctx.call, [a, b], a)).data.groupId as number;
  await ctx.db.run("UPDATE phones SET status = 'offline' WHERE id = ?", b);
  assert.is((await switchMain(ctx.call, groupId, b)).code, ErrorCode.DEVICE_OFFLINE);
  const state = (await getSync(ctx.call, a)).data;
  assert.equal([state.members[1].state, state.members[1].code], ['failed', ErrorCode.DEVICE_OFFLINE]);
});

test('a tap on the main-control phone opens the same app on every follower, at the same relative point, in the same tick', async () => {
  const s = await start();
  try {
    const call = s.ctx.call;
    // Work phone has another resolution: the tap reaches it scaled to its own pixels.
    const [main, f1, f2, f3] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Work phone', 'Reader'], async (name) => await phoneId(s.ctx, name)));
    const groupId = (await startSync(call, [main, f1, f2, f3], main)).data.groupId as number;
    const c = client(s.port, await s.securityToken(main), main);
    await c.frame();
    const model = s.stream.screen(main)!;
    const at = model.toDevice(iconRect(0));
    c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, ...at }] });
    c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, ...at }] });
    const deadline = Date.now() + 3000;
    while ((model.screen.kind !== 'app' || s.stream.screen(f1)?.screen.kind !== 'app') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(model.screen, { kind: 'app', app: 0 });
    // The followers follow once the group is read (a database round after the main phone). Checked at once when the
    // first has changed, with no wait: they changed in the same call, to the same app.
    const opened = model.apps[0]!.packageName;
    for (const id of [f1, f2, f3]) {
      const follower = s.stream.screen(id)!;
      assert.equal(follower.screen, { kind: 'app', app: 0 }, `follower ${id}`);
      assert.is(follower.apps[0]!.packageName, opened, `follower ${id} opened the same app`);
    }
    assert.ok(s.stream.screen(f2)!.width !== model.width, 'the follower has another resolution');

    // Keys and text follow too.
    c.send({ type: 'text', text: 'hi' });
    await taken(s, main, (screen) => screen.fieldText(screen.apps[0]!.id) === 'hi');
    for (const id of [f1, f2, f3]) assert.is(s.stream.screen(id)!.fieldText(s.stream.screen(id)!.apps[0]!.id), 'hi');

    // A follower that cannot take input is reported failed; the others still follow.
    await s.ctx.db.run("UPDATE phones SET status = 'offline' WHERE id = ?", f3);
    c.send({ type: 'key', key: 'home' });
    await taken(s, main, (screen) => screen.screen.kind === 'home');
    assert.equal(s.stream.screen(f1)!.screen, { kind: 'home' });
    assert.equal(s.stream.screen(f3)!.screen.kind, 'app', 'the offline follower did not move');
    const state = (await getSync(call, main)).data;
    assert.equal(
      state.members.map((m: { state: string }) => m.state),
      ['following', 'following', 'following', 'failed'],
    );
    await s.ctx.db.run("UPDATE phones SET status = 'online' WHERE id = ?", f3);

    // After a switch the new main-control phone leads; the old one follows.
    assert.is((await switchMain(call, groupId, f1)).code, 0);
    c.send({ type: 'key', key: 'recents' });
    await taken(s, main, (screen) => screen.screen.kind === 'recents');
    assert.equal(s.stream.screen(f1)!.screen, { kind: 'home' }, 'input on a follower is not mirrored');
    const c1 = client(s.port, await s.securityToken(f1), f1);
    await c1.frame();
    c1.send({ type: 'key', key: 'recents' });
    await taken(s, f1, (screen) => screen.screen.kind === 'recents');
    for (const id of [main, f2, f3]) assert.equal(s.stream.screen(id)!.screen, { kind: 'recents' }, `member ${id}`);
    c.socket.close();
    c1.socket.close();
  } finally {
    await s.stop();
  }
});

test('a follower restarting misses the input and shows failed; once up it follows again with the next input', async () => {
  const s = await start();
  try {
    const [main, follower] = (await mapInOrder(['Shop assistant', 'Game farm 1'], async (name) => await phoneId(s.ctx, name)));
    assert.is((await startSync(s.ctx.call, [main, follower], main)).code, 0);
    const c = client(s.port, await s.securityToken(main), main);
    await c.frame();
    assert.is((await s.ctx.call(`${PHONE}/reboot?userPhoneIds=${follower}`, { method: 'PUT' })).code, 0);
    c.send({ type: 'key', key: 'recents' });
    await taken(s, main, (screen) => screen.screen.kind === 'recents');
    assert.is(s.stream.screen(follower), undefined, 'nothing reached the restarting phone');
    const member = async () => (await getSync(s.ctx.call, main)).data.members[1];
    assert.equal([(await member()).state, (await member()).code], ['failed', ErrorCode.DEVICE_BUSY]);
    // Its reboot over (the app's clock), the next input reaches it and it follows again.
    s.ctx.advance(60_000);
    const stored = async () => await s.ctx.db.value('SELECT state FROM sync_members WHERE phone_id = ?', follower);
    assert.is(await stored(), 'failed');
    c.send({ type: 'key', key: 'home' });
    await taken(s, main, (screen) => screen.screen.kind === 'home');
    c.send({ type: 'key', key: 'recents' });
    await taken(s, main, (screen) => screen.screen.kind === 'recents');
    assert.equal(s.stream.screen(follower)?.screen, { kind: 'recents' });
    assert.is(await stored(), 'following');
    assert.is((await member()).state, 'following');
    c.socket.close();
  } finally {
    await s.stop();
  }
});

test("a grantee controlling the main-control phone drives that phone alone", async () => {
  const s = await start();
  try {
    const [main, f1] = (await mapInOrder(['Shop assistant', 'Game farm 1'], async (name) => await phoneId(s.ctx, name)));
    assert.is((await startSync(s.ctx.call, [main, f1], main)).code, 0);
    assert.is((await grant(s.ctx, body(main, { permission: 'control' }))).code, 0);
    const grantee = await other(s.ctx);
    const c = client(s.port, await s.securityToken(main, 86400, grantee.call), main);
    await c.frame();
    c.send({ type: 'key', key: 'recents' });
    await taken(s, main, (screen) => screen.screen.kind === 'recents');
    assert.is(s.stream.screen(f1), undefined, 'the follower was not touched');
    c.socket.close();
  } finally {
    await s.stop();
  }
});

test.run();
