import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../src/core/error-codes.ts';
import { GRANT_MAX_PHONES_PER_GRANTEE } from '../../../src/contract/grant-words.ts';
import { CLOSE_NOT_ASSIGNED, STREAM_MESSAGES } from '../../../src/contract/stream-protocol.ts';
import { endPhoneSharing } from '../../../server/data/phone-exclusions.ts';
import { findUserByMobile } from '../../../server/data/users.ts';
import { issueTokenPair } from '../../../server/lib/tokens.ts';
import { createOrder, newKey, ORDER, PRO, submit } from './commerce-helpers.ts';
import { demo, directDeps, phoneId, SCALE_MOBILE } from './device-helpers.ts';
import type { Ctx } from './device-helpers.ts';
import { DEMO_MOBILE } from './helpers.ts';
import { client, start } from './stream-helpers.ts';

// API.md "Grants": every refusal of create, revoke, validate-auth-code and redeem called directly, the grantee's
// limit, codes stored as digests, the mutual exclusion with share links, the stream closing on revoke, view-only
// input refused, and the upgrade refusal of an authorised phone.

const GRANT = '/api/device/user/phone/grant';
const VALIDATE = '/api/merchant/auth/validate-auth-code';
const DAY = 86_400_000;

type Demo = Awaited<ReturnType<typeof demo>>;

/** Another account of tenant 1 (the scale user unless told), logged in, with its calls. */
function other(ctx: Ctx, mobile = SCALE_MOBILE) {
  const user = findUserByMobile(ctx.db, 1, mobile)!;
  const token = issueTokenPair(directDeps(ctx), user).accessToken;
  const call: Ctx['call'] = (path, options = {}) => ctx.call(path, { token, language: 'en-US', ...options });
  return { user, call };
}

const body = (userPhoneId: number, extra: Record<string, unknown> = {}) => ({
  userPhoneId,
  mode: 'account',
  permission: 'view',
  days: 3,
  account: SCALE_MOBILE,
  agreed: true,
  ...extra,
});

async function grant(ctx: Pick<Demo, 'call'>, payload: Record<string, unknown>) {
  return ctx.call(`${GRANT}/create`, { body: payload, language: 'en-US' });
}

test('by account: the grantee gets the phone at once, with an access row until min(now + days, phone expiry)', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Shop assistant');
  const created = await grant(ctx, body(phone, { permission: 'control' }));
  assert.is(created.code, 0, created.msg);
  assert.equal(created.data, { grantId: created.data.grantId, mode: 'account', grantee: '138****8001', expireTime: ctx.now() + 3 * DAY });
  const access = ctx.db.prepare("SELECT * FROM phone_access WHERE phone_id = ? AND kind = 'grant'").get(phone) as any;
  assert.equal([access.permission, access.expires_at, access.revoked_at], ['control', ctx.now() + 3 * DAY, null]);
  const grantee = other(ctx);
  const mine = (await grantee.call(`${GRANT}/granted-to-me`)).data;
  assert.equal(mine.limit, GRANT_MAX_PHONES_PER_GRANTEE);
  assert.equal(mine.list.map((p: any) => [p.userPhoneId, p.name, p.permission, p.owner]), [[phone, 'Shop assistant', 'control', '138****8000']]);
  // By user number as well.
  const byNumber = await grant(ctx, body(phoneId(ctx, 'Backup'), { account: grantee.user.user_no }));
  assert.is(byNumber.code, 0, byNumber.msg);
  const records = (await ctx.call(`${GRANT}/page`)).data;
  assert.is(records.total, 2);
  assert.equal(records.list.map((r: any) => [r.phoneName, r.mode, r.permission, r.status, r.days, r.grantee]), [
    ['Backup', 'account', 'view', 'active', 3, '138****8001'],
    ['Shop assistant', 'account', 'control', 'active', 3, '138****8001'],
  ]);
});

test('create refusals, each with its code: not mine, days, agreement, remaining time, self, unknown, closed or guest grantee', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Shop assistant');
  const scalePhone = ctx.db.prepare('SELECT id FROM phones WHERE user_id = ? LIMIT 1').pluck().get(other(ctx).user.id) as number;
  assert.is((await grant(ctx, body(scalePhone))).code, ErrorCode.DEVICE_NOT_EXIST, 'another account\'s phone');
  assert.is((await grant(ctx, body(999_999))).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await grant(ctx, body('x' as never))).code, ErrorCode.DEVICE_NOT_EXIST);
  for (const days of [0, -1, 1.5, '2.5', 1000, '', null, 'abc', undefined]) {
    const reply = await grant(ctx, body(phone, { days }));
    assert.is(reply.code, ErrorCode.GRANT_DAYS_INVALID, String(days));
  }
  assert.is((await grant(ctx, body(phone, { days: 999 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING, 'valid days, but past the phone');
  assert.is((await grant(ctx, body(phone, { days: '7' }))).code, 0, 'days as digits are read');
  const backup = phoneId(ctx, 'Backup');
  for (const agreed of [false, undefined, 'true', 1]) {
    const reply = await grant(ctx, body(backup, { agreed }));
    assert.equal([reply.code, reply.msg], [ErrorCode.GRANT_AGREEMENT_REQUIRED, 'Please read and accept the authorization agreement'], String(agreed));
  }
  // Backup has 20 days: 20 fits, 21 does not. Reader has exactly 1 day: 1 fits. Old account has expired.
  assert.is((await grant(ctx, body(backup, { days: 21 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING);
  assert.is((await grant(ctx, body(phoneId(ctx, 'Old account'), { days: 1 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING);
  assert.is((await grant(ctx, body(phoneId(ctx, 'Game farm 3'), { days: 1 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING, '3 hours left');
  assert.is((await grant(ctx, body(backup, { account: DEMO_MOBILE }))).code, ErrorCode.GRANT_SELF);
  const demoUserNo = findUserByMobile(ctx.db, 1, DEMO_MOBILE)!.user_no;
  assert.is((await grant(ctx, body(backup, { account: demoUserNo }))).code, ErrorCode.GRANT_SELF);
  for (const account of ['13912340000', '', '   ', '99999999']) {
    assert.is((await grant(ctx, body(backup, { account }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, account);
  }
  // The green tenant's account with the same number is another account: not found in tenant 1.
  const closed = await ctx.smsLogin('13912345678');
  ctx.db.prepare('UPDATE users SET deleted_at = ? WHERE id = ?').run(ctx.now(), closed.data.userId);
  assert.is((await grant(ctx, body(backup, { account: '13912345678' }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, 'closed account');
  const guest = await ctx.guestLogin();
  const guestNo = ctx.db.prepare('SELECT user_no FROM users WHERE id = ?').pluck().get(guest.data.userId) as string;
  assert.is((await grant(ctx, body(backup, { account: guestNo }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, 'guest');
  assert.is((await ctx.call(`${GRANT}/create`, { body: body(backup), token: guest.data.accessToken })).code, ErrorCode.GUEST_NOT_ALLOWED);
  // None of the refused calls left a row.
  assert.is(ctx.db.prepare('SELECT COUNT(*) FROM phone_grants').pluck().get(), 1);
  assert.is((await grant(ctx, body(backup, { mode: 'lend' }))).code, ErrorCode.BAD_REQUEST);
  assert.is((await grant(ctx, body(backup, { permission: 'admin' }))).code, ErrorCode.BAD_REQUEST);
});

test('one live grant or code per phone; a live share link refuses a grant (spec §4)', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Shop assistant');
  assert.is((await grant(ctx, body(phone, { mode: 'code' }))).code, 0);
  assert.is((await grant(ctx, body(phone))).code, ErrorCode.GRANT_PHONE_AUTHORIZED, 'an unredeemed code');
  assert.is((await grant(ctx, body(phone, { mode: 'code' }))).code, ErrorCode.GRANT_PHONE_AUTHORIZED);
  const backup = phoneId(ctx, 'Backup');
  const first = await grant(ctx, body(backup));
  assert.is((await grant(ctx, body(backup, { account: '13800138002' }))).code, ErrorCode.GRANT_PHONE_AUTHORIZED, 'a live grant');
  // Revoked, the phone may be granted again.
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: first.data.grantId } })).code, 0);
  assert.is((await grant(ctx, body(backup, { account: '13800138002' }))).code, 0);

  // A share link (the share API is built elsewhere: its row is planted).
  const shared = phoneId(ctx, 'Archive');
  const plant = (expiresAt: number, endedAt: number | null) =>
    ctx.db
      .prepare('INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at, ended_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)')
      .run(shared, ctx.userId, `hash-${Math.random()}`, 'view', expiresAt, ctx.now(), endedAt);
  plant(ctx.now() + DAY, ctx.now());
  plant(ctx.now() - 1, null);
  assert.is((await grant(ctx, body(shared, { mode: 'code' }))).code, 0, 'ended and expired links do not count');
  const another = phoneId(ctx, 'Weekend');
  ctx.db
    .prepare('INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at) VALUES (1, ?, ?, ?, ?, ?, ?)')
    .run(another, ctx.userId, 'live-share', 'control', ctx.now() + DAY, ctx.now());
  assert.is((await grant(ctx, body(another))).code, ErrorCode.GRANT_PHONE_SHARED);
  assert.is((await grant(ctx, body(another, { mode: 'code' }))).code, ErrorCode.GRANT_PHONE_SHARED);
});

test('a grantee holds at most 20 phones by grant; ended ones free a place', async () => {
  const ctx = await demo();
  // The scale account (1,000 phones) lends 20 to the demo account.
  const lender = other(ctx);
  const ids = ctx.db
    .prepare('SELECT id FROM phones WHERE user_id = ? AND expire_time > ? ORDER BY id LIMIT 21')
    .pluck()
    .all(lender.user.id, ctx.now() + 2 * DAY) as number[];
  for (const id of ids.slice(0, GRANT_MAX_PHONES_PER_GRANTEE)) {
    const reply = await grant(lender, body(id, { account: DEMO_MOBILE, days: 1 }));
    assert.is(reply.code, 0, reply.msg);
  }
  const refused = await grant(lender, body(ids[20]!, { account: DEMO_MOBILE, days: 1 }));
  assert.equal([refused.code, refused.msg], [ErrorCode.GRANT_LIMIT_REACHED, 'This account already holds the most authorized phones it may']);
  // By code: made freely, refused at redemption.
  const code = (await grant(lender, body(ids[20]!, { mode: 'code', days: 1 }))).data.code as string;
  assert.is((await ctx.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_LIMIT_REACHED);
  assert.is((await ctx.call(`${GRANT}/granted-to-me`)).data.list.length, 20);
  // A day later all 20 have ended with their days: the code's grant too, so it is no longer redeemable.
  ctx.advance(DAY);
  assert.is((await ctx.call(`${GRANT}/granted-to-me`)).data.list.length, 0);
  assert.is((await ctx.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_INVALID);
  assert.is((await grant(lender, body(ids[20]!, { account: DEMO_MOBILE, days: 1 }))).code, 0);
});

test('by code: stored as a digest and a hint, validated, redeemed once; unknown, used, revoked, expired and own codes refused', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Chess club');
  const created = await grant(ctx, body(phone, { mode: 'code', permission: 'control', days: 7, account: 'ignored' }));
  assert.is(created.code, 0, created.msg);
  const code = created.data.code as string;
  assert.match(code, /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
  assert.is(created.data.grantee, undefined);
  // Only a SHA-256 digest and the last 4 characters are kept: the code itself is nowhere in the table.
  const row = ctx.db.prepare('SELECT * FROM phone_grants WHERE id = ?').get(created.data.grantId) as Record<string, unknown>;
  assert.match(String(row.code_hash), /^[0-9a-f]{64}$/);
  assert.is(row.code_hint, code.slice(-4));
  assert.not.ok(Object.values(row).some((value) => typeof value === 'string' && value.includes(code)), 'no plain code stored');
  assert.is(row.grantee_id, null);
  assert.is(ctx.db.prepare('SELECT COUNT(*) FROM phone_access WHERE phone_id = ?').pluck().get(phone), 0, 'no access before redemption');
  const records = (await ctx.call(`${GRANT}/page`)).data.list;
  assert.equal([records[0].status, records[0].codeHint, records[0].grantee], ['pending', code.slice(-4), '']);

  // The owner cannot use their own code.
  assert.is((await ctx.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_SELF);
  assert.is((await ctx.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_SELF);

  const grantee = other(ctx);
  // Typed loosely: lower case, spaces and dashes are forgiven.
  const loose = `${code.slice(0, 4).toLowerCase()} ${code.slice(4, 8)}-${code.slice(8)}`;
  const shown = await grantee.call(`${VALIDATE}?code=${encodeURIComponent(loose)}`);
  assert.is(shown.code, 0, shown.msg);
  assert.equal(shown.data, { phoneName: 'Chess club', phoneNo: shown.data.phoneNo, permission: 'control', days: 7, expireTime: ctx.now() + 7 * DAY, owner: '138****8000' });
  for (const bad of ['', 'SHORT', 'ABCDEFGHJKM0', 'ABCDEFGHJKMNP']) {
    assert.is((await grantee.call(`${VALIDATE}?code=${bad}`)).code, ErrorCode.GRANT_CODE_INVALID, bad);
  }
  assert.is((await grantee.call(`${VALIDATE}?code=ABCDEFGHJKMN`)).code, ErrorCode.GRANT_CODE_INVALID, 'unknown');
  ctx.advance(60_000);
  const redeemed = await grantee.call(`${GRANT}/redeem`, { body: { code: loose } });
  assert.equal(redeemed.data, { userPhoneId: phone, permission: 'control', expireTime: ctx.now() - 60_000 + 7 * DAY });
  const access = ctx.db.prepare("SELECT * FROM phone_access WHERE phone_id = ? AND kind = 'grant'").get(phone) as any;
  assert.equal([access.user_id, access.permission, access.expires_at], [grantee.user.id, 'control', ctx.now() - 60_000 + 7 * DAY], 'days count from creation');
  assert.is((await grantee.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_USED);
  const third = other(ctx, '13800138002');
  assert.is((await third.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_CODE_USED);
  assert.is((await third.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_USED);
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].status, 'active');
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].grantee, '138****8001');

  // Revoked before use: invalid. Expired before use: invalid.
  const revokedCode = await grant(ctx, body(phoneId(ctx, 'Weekend'), { mode: 'code' }));
  await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: revokedCode.data.grantId } });
  assert.is((await third.call(`${GRANT}/redeem`, { body: { code: revokedCode.data.code } })).code, ErrorCode.GRANT_CODE_INVALID);
  const expiring = await grant(ctx, body(phoneId(ctx, 'Archive'), { mode: 'code', days: 1 }));
  ctx.advance(DAY);
  assert.is((await third.call(`${VALIDATE}?code=${expiring.data.code}`)).code, ErrorCode.GRANT_CODE_INVALID);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['expired', 'revoked', 'active']);
});

test('code guesses are throttled per account like activation codes; a known code does not count', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 3 } });
  const guesser = other(ctx);
  for (let i = 0; i < 3; i++) {
    const guess = `ABCDEFGHJK${'MNPQ'[i]}2`;
    assert.is((await guesser.call(`${VALIDATE}?code=${guess}`, { address: `10.0.0.${i}` })).code, ErrorCode.GRANT_CODE_INVALID);
    // Past the growing wait between failures (throttles.ts), so each guess is looked up.
    ctx.advance(60_000);
  }
  const locked = await guesser.call(`${GRANT}/redeem`, { body: { code: 'ABCDEFGHJKMN' }, address: '10.0.0.9' });
  assert.is(locked.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.ok(locked.data.retryAfterSeconds > 0);
  assert.is((await guesser.call(`${VALIDATE}?code=ABCDEFGHJKMN`, { address: '10.0.0.9' })).code, ErrorCode.TOO_MANY_REQUESTS);
  // Someone else is not locked out by this account's guesses.
  const real = (await grant(ctx, body(phoneId(ctx, 'Backup'), { mode: 'code' }))).data.code;
  assert.is((await other(ctx, '13800138002').call(`${VALIDATE}?code=${real}`, { address: '10.0.1.1' })).code, 0);
});

test('revoke: only the owner, GRANT_NOT_EXIST otherwise; the access ends; an ended grant stays as it is', async () => {
  const ctx = await demo();
  const created = await grant(ctx, body(phoneId(ctx, 'Backup')));
  const grantee = other(ctx);
  const id = created.data.grantId;
  assert.is((await grantee.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).code, ErrorCode.GRANT_NOT_EXIST, 'the grantee cannot revoke');
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: 999_999 } })).code, ErrorCode.GRANT_NOT_EXIST);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: 'x' } })).code, ErrorCode.GRANT_NOT_EXIST);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).data, true);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).data, true, 'twice is harmless');
  assert.ok(ctx.db.prepare('SELECT revoked_at FROM phone_access WHERE user_id = ?').pluck().get(grantee.user.id));
  assert.is((await grantee.call(`${GRANT}/granted-to-me`)).data.list.length, 0);
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].status, 'revoked');
});

test('a grant ends when the phone changes hands: records say so, its code is invalid, the grantee loses it', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Backup');
  await grant(ctx, body(phone));
  const codePhone = phoneId(ctx, 'Weekend');
  const code = (await grant(ctx, body(codePhone, { mode: 'code' }))).data.code as string;
  const grantee = other(ctx);
  // Moved to a third account (as a transfer does, before any row is marked).
  const third = findUserByMobile(ctx.db, 1, '13800138002')!;
  ctx.db.prepare('UPDATE phones SET user_id = ? WHERE id IN (?, ?)').run(third.id, phone, codePhone);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['transferred', 'transferred']);
  assert.is((await grantee.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_CODE_INVALID, 'a code of a phone that moved');
  // The new owner may grant it: the old grants no longer count.
  const newOwner = other(ctx, '13800138002');
  assert.is((await grant(newOwner, body(phone, { account: DEMO_MOBILE }))).code, 0);
  assert.is((await grantee.call(`${GRANT}/granted-to-me`)).data.list.length, 0);
  assert.is((await grantee.call(`/api/device/user/phone/security-token?userPhoneId=${phone}`, { method: 'POST' })).code, ErrorCode.DEVICE_NOT_EXIST);
  // The transfer then marks the rows (data/phone-exclusions.ts): the records keep saying so.
  endPhoneSharing(ctx.db, codePhone, ctx.now());
  assert.equal(ctx.db.prepare('SELECT end_reason FROM phone_grants WHERE phone_id = ?').pluck().all(codePhone), ['transferred']);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['transferred', 'transferred']);
});

test('upgrade: an authorised phone is refused with UPGRADE_AUTHORIZED at preview, create and payment', async () => {
  const ctx = await demo();
  const phone = phoneId(ctx, 'Shop assistant');
  const upgrade = { type: 'upgrade', targetGradeId: PRO, userPhoneIds: [phone] };
  // An order placed before the grant, paid after it.
  const order = await createOrder(ctx as never, upgrade);
  assert.is((await grant(ctx, body(phone, { mode: 'code' }))).code, 0);
  for (const path of ['preview', 'create']) {
    const reply = await ctx.call(`${ORDER}/${path}`, { body: upgrade, language: 'en-US' });
    assert.equal([reply.code, reply.msg, reply.data], [ErrorCode.UPGRADE_AUTHORIZED, 'An authorized phone cannot be upgraded', { userPhoneId: phone }], path);
  }
  const paid = await submit(ctx as never, order.orderId, 'mock', newKey());
  assert.is(paid.code, ErrorCode.UPGRADE_AUTHORIZED);
  assert.is(ctx.db.prepare('SELECT grade_id FROM phones WHERE id = ?').pluck().get(phone), 1, 'not upgraded');
  // Another phone, not authorised, still upgrades.
  assert.is((await ctx.call(`${ORDER}/preview`, { body: { ...upgrade, userPhoneIds: [phoneId(ctx, 'Backup')] } })).code, 0);
});

test('stream: a view-only grantee\'s input is refused; revoke closes the grantee\'s socket within a second', async () => {
  const s = await start();
  try {
    const phone = phoneId(s.ctx, 'Shop assistant');
    const viewGrant = await grant(s.ctx, body(phone, { permission: 'view' }));
    assert.is(viewGrant.code, 0);
    const grantee = other(s.ctx);
    const c = client(s.port, await s.securityToken(phone, 86400, grantee.call), phone);
    const hello = await c.json('hello');
    assert.equal([hello.role, hello.control], ['grantee', false]);
    await c.frame();
    const model = s.stream.screen(phone)!;
    const before = model.frameKey();
    c.send({ type: 'touch', action: 'down', pointers: [{ id: 0, x: 100, y: 300 }] });
    c.send({ type: 'touch', action: 'up', pointers: [{ id: 0, x: 100, y: 300 }] });
    assert.is((await c.json('error')).msg, STREAM_MESSAGES.viewOnly);
    assert.is(model.frameKey(), before, 'the phone did not move');

    const started = Date.now();
    assert.is((await s.ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: viewGrant.data.grantId } })).code, 0);
    assert.is((await c.closed()).code, CLOSE_NOT_ASSIGNED);
    assert.ok(Date.now() - started < 1000, 'closed within a second');
    assert.is.not((await grantee.call(`/api/device/user/phone/security-token?userPhoneId=${phone}`, { method: 'POST' })).code, 0, 'no new token');
  } finally {
    await s.stop();
  }
});

test.run();
