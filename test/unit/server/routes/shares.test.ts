import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { hashToken, issueTokenPair } from '../../../../server/lib/tokens.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { CLOSE_NOT_ASSIGNED, CLOSE_SHARE_ENDED, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { demo, directDeps, idsQuery, PHONE, phoneId, SCALE_MOBILE } from '../device-helpers.ts';
import { HOUR, SHARE, shareCalls } from '../share-helpers.ts';
import { client, start } from '../stream-helpers.ts';
import { CASES_MOBILE, codes, give } from '../transfer-helpers.ts';

// Screen sharing by link (server/API.md "Screen sharing"; spec §1, §4, §6): the link itself. Tokens stored hashed,
// one live link per phone, which phones may be shared, who manages, and the ways a share ends (replaced, ended early,
// the phone given away), each closing the viewers' sockets with a reason their page can show. The room and what the
// owner does to viewers: stream/shares-room.test.ts.

let s: Awaited<ReturnType<typeof start>>;
test.before.each(async () => {
  s = await start();
});
test.after.each(async () => {
  await s.stop();
});

const { createShare, join, joined, owner } = shareCalls(() => s);

test('the token is 128+ random bits, shown once, and stored only as its SHA-256 digest', async () => {
  const share = await createShare();
  assert.ok(Buffer.from(share.token, 'base64url').length >= 16, 'at least 128 bits');
  assert.ok(/^[A-Za-z0-9_-]+$/.test(share.token), 'base64url');
  const row = await s.ctx.db.get('SELECT * FROM phone_shares WHERE id = ?', share.shareId) as Record<string, unknown>;
  assert.is(row.token_hash, hashToken(share.token));
  const everything = JSON.stringify(await s.ctx.db.all('SELECT * FROM phone_shares'));
  assert.not.ok(everything.includes(share.token), 'the plain token is nowhere in the table');
  const viewer = await joined(share.token);
  const viewers = JSON.stringify(await s.ctx.db.all('SELECT * FROM share_viewers'));
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

test('a viewer key opens its share\'s phone only: with another phone\'s id the socket is "not assigned"', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const other = await phoneId(s.ctx, 'Work phone');
  const closed = await client(s.port, viewer.viewerKey, other).closed();
  assert.is(closed.code, CLOSE_NOT_ASSIGNED);
  assert.is(s.stream.sessionCount(other), 0);
  // Its own phone it still opens.
  assert.is((await client(s.port, viewer.viewerKey, share.userPhoneId).json('hello')).role, 'viewer');
});

test('an authorised phone cannot be shared; nor an expired, busy, replacing or migrating one', async () => {
  const userPhoneId = await phoneId(s.ctx, 'Work phone');
  const at = s.ctx.now();
  await s.ctx.db
    .run(`INSERT INTO phone_grants (tenant_id, phone_id, owner_id, mode, permission, days, code_hash, expires_at, created_at)
       VALUES (1, ?, ?, 'code', 'view', 3, 'digest', ?, ?)`, userPhoneId, s.ctx.userId, at + 3 * 24 * HOUR, at);
  const create = (id: number) => s.ctx.call(`${SHARE}/create`, { body: { userPhoneId: id, permission: 'view', validityHours: 1 } });
  assert.is((await create(userPhoneId)).code, ErrorCode.SHARE_PHONE_AUTHORIZED);
  const busy = await phoneId(s.ctx, 'Chess club');
  assert.is((await s.ctx.call(`${PHONE}/reboot${idsQuery([busy])}`, { method: 'PUT' })).code, 0);
  const cases: Array<[string, number]> = [
    ['Old account', ErrorCode.DEVICE_EXPIRED],
    ['Chess club', ErrorCode.DEVICE_BUSY],
    ['Being replaced', ErrorCode.DEVICE_REPLACING],
    ['Moving house', ErrorCode.DEVICE_MIGRATED],
  ];
  for (const [name, code] of cases) assert.is((await create(await phoneId(s.ctx, name))).code, code, name);
  assert.is(await s.ctx.db.value('SELECT COUNT(*) FROM phone_shares'), 0);
});

test('a validity off the list is refused by the contract, on a phone that could be shared', async () => {
  const userPhoneId = await phoneId(s.ctx, 'Shop assistant');
  const bad = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 5 } });
  assert.is(bad.status, 200);
  assert.is(bad.code, ErrorCode.BAD_REQUEST);
  assert.match(bad.msg, /^validityHours must be one of 1, 24, 168/);
  assert.is((await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 1 } })).code, 0, 'the same phone, 1 hour');
});

test("only the owner manages: another account's share and viewers answer like missing ones", async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const stranger = (await findUserByMobile(s.ctx.db, 1, SCALE_MOBILE))!;
  const token = (await issueTokenPair(directDeps(s.ctx), stranger)).accessToken;
  const as = (path: string, body: unknown) => s.ctx.call(`${SHARE}${path}`, { method: 'PUT', body, token });
  assert.is((await s.ctx.call(`${SHARE}/get?shareId=${share.shareId}`, { token })).code, ErrorCode.SHARE_ENDED);
  assert.is((await s.ctx.call(`${SHARE}/get?shareId=999999`)).code, ErrorCode.SHARE_ENDED);
  assert.is((await as('/end', { shareId: share.shareId })).code, ErrorCode.SHARE_ENDED);
  assert.is((await as('/viewer/state', { viewerId: viewer.viewerId, action: 'block' })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
  assert.is((await as('/viewer/permission', { viewerId: viewer.viewerId, permission: 'control' })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
  assert.equal(((await s.ctx.call(`${SHARE}/list`, { token })).data as { list: unknown[] }).list, []);
  const strangerPhone = await phoneId(s.ctx, 'Phone 0001', 1, SCALE_MOBILE);
  const create = await s.ctx.call(`${SHARE}/create`, { body: { userPhoneId: strangerPhone, permission: 'view', validityHours: 1 } });
  assert.is(create.code, ErrorCode.DEVICE_NOT_EXIST, "another's phone cannot be shared");
  assert.is((await s.ctx.call(`${SHARE}/viewer/status`, { body: { viewerKey: 'nobody' } })).code, ErrorCode.SHARE_VIEWER_NOT_EXIST);
});

test('a transfer (give) ends the share: the viewer\'s socket closes, its control request is dropped, the token is dead', async () => {
  const share = await createShare();
  const viewer = await joined(share.token);
  const c = client(s.port, viewer.viewerKey, share.userPhoneId);
  await c.json('hello');
  assert.is((await s.ctx.call(`${SHARE}/viewer/request-control`, { body: { viewerKey: viewer.viewerKey } })).data.controlRequested, true);
  const given = await give(s.ctx, [share.userPhoneId], CASES_MOBILE);
  assert.is(given.code, 0, given.msg);
  assert.equal(codes(given), [0]);
  const closed = await c.closed();
  assert.is(closed.code, CLOSE_SHARE_ENDED);
  assert.is(JSON.parse(closed.reason).msg, STREAM_MESSAGES.shareEnded);
  const row = await s.ctx.db.get('SELECT state, control_requested_at FROM share_viewers WHERE id = ?', viewer.viewerId);
  assert.equal(row, { state: 'cancelled', control_requested_at: null });
  assert.is((await join(share.token)).code, ErrorCode.SHARE_ENDED);
  assert.equal(((await s.ctx.call(`${SHARE}/list`)).data as { list: unknown[] }).list, [], 'the share left with the phone');
});

test('display names follow the name rule; joins are throttled per address', async () => {
  const share = await createShare();
  // '' is no name (the server gives one: stream/shares-first-visit.test.ts); a name of spaces or over the rule is refused.
  assert.is((await join(share.token, '   ')).code, ErrorCode.NAME_INVALID);
  assert.is((await join(share.token, 'x'.repeat(21))).code, ErrorCode.NAME_INVALID);
  // An app of its own with a small limit: the 4th join from one address waits.
  const limited = await demo(1, undefined, { limits: { shareJoinAddressPerHour: 3 } });
  try {
    const userPhoneId = await phoneId(limited, 'Shop assistant');
    const created = await limited.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 1 } });
    const body = { token: created.data.token, displayName: 'Flood' };
    for (let i = 0; i < 3; i++) assert.is((await limited.call(`${SHARE}/join`, { body, address: '10.9.9.9' })).code, 0);
    const fourth = await limited.call(`${SHARE}/join`, { body, address: '10.9.9.9' });
    assert.is(fourth.code, ErrorCode.TOO_MANY_REQUESTS);
    assert.is((await limited.call(`${SHARE}/join`, { body, address: '10.9.9.10' })).code, 0, 'another address is not held back');
  } finally {
    limited.db.close();
  }
});

test.run();
