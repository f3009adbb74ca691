import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { GRANT_MAX_PHONES_PER_GRANTEE } from '../../../../shared/contract/grant-words.ts';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { createOrder, newKey, ORDER, PRO, submit } from '../commerce-helpers.ts';
import { demo, phoneId } from '../device-helpers.ts';
import { body, DAY, grant, GRANT, other } from '../grant-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';

// API.md "Grants", making and ending them: every refusal of create and revoke called directly, the grantee's limit,
// the mutual exclusion with share links, tenants kept apart, the records' phone names, and the upgrade refusal of
// an authorised phone. Codes, and what ends a grant from outside, are in grant-codes.test.ts.

const SHARE = '/api/device/share';

test('by account: the grantee gets the phone at once, with an access row for the granted days', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Shop assistant');
  const created = await grant(ctx, body(phone, { permission: 'control' }));
  assert.is(created.code, 0, created.msg);
  assert.equal(created.data, { grantId: created.data.grantId, mode: 'account', grantee: '138****8001', expireTime: ctx.now() + 3 * DAY });
  const access = await ctx.db.get("SELECT * FROM phone_access WHERE phone_id = ? AND kind = 'grant'", phone) as any;
  assert.equal([access.permission, access.expires_at, access.revoked_at], ['control', ctx.now() + 3 * DAY, null]);
  const grantee = await other(ctx);
  const mine = (await grantee.call(`${GRANT}/granted-to-me`)).data;
  assert.equal(mine.limit, GRANT_MAX_PHONES_PER_GRANTEE);
  assert.equal(mine.list.map((p: any) => [p.userPhoneId, p.name, p.permission, p.owner]), [[phone, 'Shop assistant', 'control', '138****8000']]);
  // By user number as well.
  const byNumber = await grant(ctx, body(await phoneId(ctx, 'Backup'), { account: grantee.user.user_no }));
  assert.is(byNumber.code, 0, byNumber.msg);
  const records = (await ctx.call(`${GRANT}/page`)).data;
  assert.is(records.total, 2);
  assert.equal(records.list.map((r: any) => [r.phoneName, r.mode, r.permission, r.status, r.days, r.grantee]), [
    ['Backup', 'account', 'view', 'active', 3, '138****8001'],
    ['Shop assistant', 'account', 'control', 'active', 3, '138****8001'],
  ]);
});

test('create refusals, each with its code: not mine, expired, days, agreement, remaining time, self, unknown, closed or guest grantee', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Shop assistant');
  const scalePhone = await ctx.db.value('SELECT id FROM phones WHERE user_id = ? LIMIT 1', (await other(ctx)).user.id) as number;
  assert.is((await grant(ctx, body(scalePhone))).code, ErrorCode.DEVICE_NOT_EXIST, 'another account\'s phone');
  assert.is((await grant(ctx, body(999_999))).code, ErrorCode.DEVICE_NOT_EXIST);
  assert.is((await grant(ctx, body('x' as never))).code, ErrorCode.DEVICE_NOT_EXIST);
  for (const days of [0, -1, 1.5, '2.5', 1000, '', null, 'abc', undefined]) {
    const reply = await grant(ctx, body(phone, { days }));
    assert.is(reply.code, ErrorCode.GRANT_DAYS_INVALID, String(days));
  }
  assert.is((await grant(ctx, body(phone, { days: 999 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING, 'valid days, but past the phone');
  assert.is((await grant(ctx, body(phone, { days: '7' }))).code, 0, 'days as digits are read');
  const backup = await phoneId(ctx, 'Backup');
  for (const agreed of [false, undefined, 'true', 1]) {
    const reply = await grant(ctx, body(backup, { agreed }));
    assert.equal([reply.code, reply.msg], [ErrorCode.GRANT_AGREEMENT_REQUIRED, 'Please read and accept the authorization agreement'], String(agreed));
  }
  // Backup has 20 days: 20 fits, 21 does not. An expired phone says so, whatever the days.
  assert.is((await grant(ctx, body(backup, { days: 21 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING);
  assert.is((await grant(ctx, body(await phoneId(ctx, 'Old account'), { days: 1 }))).code, ErrorCode.DEVICE_EXPIRED);
  assert.is((await grant(ctx, body(await phoneId(ctx, 'Game farm 3'), { days: 1 }))).code, ErrorCode.GRANT_DAYS_OVER_REMAINING, '3 hours left');
  assert.is((await grant(ctx, body(backup, { account: DEMO_MOBILE }))).code, ErrorCode.GRANT_SELF);
  const demoUserNo = (await findUserByMobile(ctx.db, 1, DEMO_MOBILE))!.user_no;
  assert.is((await grant(ctx, body(backup, { account: demoUserNo }))).code, ErrorCode.GRANT_SELF);
  for (const account of ['13912340000', '', '   ', '99999999']) {
    assert.is((await grant(ctx, body(backup, { account }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, account);
  }
  const closed = await ctx.smsLogin('13912345678');
  await ctx.db.run('UPDATE users SET deleted_at = ? WHERE id = ?', ctx.now(), closed.data.userId);
  assert.is((await grant(ctx, body(backup, { account: '13912345678' }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, 'closed account');
  const guest = await ctx.guestLogin();
  const guestNo = await ctx.db.value('SELECT user_no FROM users WHERE id = ?', guest.data.userId) as string;
  assert.is((await grant(ctx, body(backup, { account: guestNo }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND, 'guest');
  assert.is((await ctx.call(`${GRANT}/create`, { body: body(backup), token: guest.data.accessToken })).code, ErrorCode.GUEST_NOT_ALLOWED);
  // None of the refused calls left a row.
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM phone_grants'), 1);
  assert.is((await grant(ctx, body(backup, { mode: 'lend' }))).code, ErrorCode.BAD_REQUEST);
  assert.is((await grant(ctx, body(backup, { permission: 'admin' }))).code, ErrorCode.BAD_REQUEST);
});

test('one live grant or code per phone; a live share link refuses a grant (spec §4)', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Shop assistant');
  assert.is((await grant(ctx, body(phone, { mode: 'code' }))).code, 0);
  assert.is((await grant(ctx, body(phone))).code, ErrorCode.GRANT_PHONE_AUTHORIZED, 'an unredeemed code');
  assert.is((await grant(ctx, body(phone, { mode: 'code' }))).code, ErrorCode.GRANT_PHONE_AUTHORIZED);
  const backup = await phoneId(ctx, 'Backup');
  const first = await grant(ctx, body(backup));
  assert.is((await grant(ctx, body(backup, { account: '13800138002' }))).code, ErrorCode.GRANT_PHONE_AUTHORIZED, 'a live grant');
  // Revoked, the phone may be granted again.
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: first.data.grantId } })).code, 0);
  assert.is((await grant(ctx, body(backup, { account: '13800138002' }))).code, 0);

  // Share links, made and ended through the share API; an expired one is planted (the API makes live ones only).
  const share = (userPhoneId: number) => ctx.call(`${SHARE}/create`, { body: { userPhoneId, permission: 'view', validityHours: 1 } });
  const shared = await phoneId(ctx, 'Archive');
  const ended = await share(shared);
  assert.is((await ctx.call(`${SHARE}/end`, { method: 'PUT', body: { shareId: ended.data.shareId } })).code, 0);
  await ctx.db
    .run("INSERT INTO phone_shares (tenant_id, phone_id, owner_id, token_hash, permission, expires_at, created_at) VALUES (1, ?, ?, 'expired', 'view', ?, ?)", shared, ctx.userId, ctx.now() - 1, ctx.now() - DAY);
  assert.is((await grant(ctx, body(shared, { mode: 'code' }))).code, 0, 'ended and expired links do not count');
  const another = await phoneId(ctx, 'Weekend');
  assert.is((await share(another)).code, 0);
  assert.is((await grant(ctx, body(another))).code, ErrorCode.GRANT_PHONE_SHARED);
  assert.is((await grant(ctx, body(another, { mode: 'code' }))).code, ErrorCode.GRANT_PHONE_SHARED);
});

test('an expired, busy, replaced or migrating phone is refused with its own code, in either mode', async () => {
  const ctx = await demo();
  const busy = await phoneId(ctx, 'Chess club');
  assert.is((await ctx.call(`/api/device/user/phone/reboot?userPhoneIds=${busy}`, { method: 'PUT' })).code, 0);
  const cases: Array<[string, number]> = [
    ['Old account', ErrorCode.DEVICE_EXPIRED],
    ['Chess club', ErrorCode.DEVICE_BUSY],
    ['Being replaced', ErrorCode.DEVICE_REPLACING],
    ['Moving house', ErrorCode.DEVICE_MIGRATED],
  ];
  for (const [name, code] of cases) {
    for (const mode of ['account', 'code']) {
      assert.is((await grant(ctx, body(await phoneId(ctx, name), { mode, days: 1 }))).code, code, `${name} ${mode}`);
    }
  }
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM phone_grants'), 0);
});

test('tenants: a number registered only in another tenant is not found; unknown accounts count as guesses', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 3 } });
  const elsewhere = '13912340001';
  assert.is((await ctx.smsLogin(elsewhere, 100)).code, 0);
  const backup = await phoneId(ctx, 'Backup');
  assert.is((await grant(ctx, body(backup, { account: elsewhere }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND);
  assert.is((await grant(ctx, body(backup, { account: (await findUserByMobile(ctx.db, 100, elsewhere))!.user_no }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND);
  ctx.advance(60_000);
  assert.is((await grant(ctx, body(backup, { account: '99999999' }))).code, ErrorCode.GRANT_TARGET_NOT_FOUND);
  ctx.advance(60_000);
  // Three unknown accounts: the next grant by account waits, one by code does not ask about anyone.
  assert.is((await grant(ctx, body(backup))).code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is((await grant(ctx, body(backup, { mode: 'code' }))).code, 0);
});

test("the records keep the phone's number and name as granted: the new owner's renaming stays theirs", async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Spare');
  const phoneNo = await ctx.db.value('SELECT phone_no FROM phones WHERE id = ?', phone);
  const made = await grant(ctx, body(phone));
  const names = async () => (await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => [r.phoneNo, r.phoneName]);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: made.data.grantId } })).code, 0);
  const receiver = await other(ctx, '13800138002');
  assert.is((await ctx.call('/api/device/user/phone/give', { method: 'PUT', body: { userPhoneIds: [phone], target: '13800138002' } })).code, 0);
  assert.is((await receiver.call('/api/device/user/phone/rename', { method: 'PUT', body: { userPhoneId: phone, name: 'Private' } })).code, 0);
  assert.equal(await names(), [[phoneNo, 'Spare']]);
});

test('a grantee holds at most 20 phones by grant; ended ones free a place', async () => {
  const ctx = await demo();
  // The scale account (1,000 phones) lends 20 to the demo account.
  const lender = await other(ctx);
  const ids = await ctx.db
    .column('SELECT id FROM phones WHERE user_id = ? AND expire_time > ? ORDER BY id LIMIT 21', lender.user.id, ctx.now() + 2 * DAY) as number[];
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

test('revoke: only the owner, GRANT_NOT_EXIST otherwise; the access ends; an ended grant stays as it is', async () => {
  const ctx = await demo();
  const created = await grant(ctx, body(await phoneId(ctx, 'Backup')));
  const grantee = await other(ctx);
  const id = created.data.grantId;
  assert.is((await grantee.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).code, ErrorCode.GRANT_NOT_EXIST, 'the grantee cannot revoke');
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: 999_999 } })).code, ErrorCode.GRANT_NOT_EXIST);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: 'x' } })).code, ErrorCode.GRANT_NOT_EXIST);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).data, true);
  assert.is((await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: id } })).data, true, 'twice is harmless');
  assert.ok(await ctx.db.value('SELECT revoked_at FROM phone_access WHERE user_id = ?', grantee.user.id));
  assert.is((await grantee.call(`${GRANT}/granted-to-me`)).data.list.length, 0);
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].status, 'revoked');
});

test('upgrade: an authorised phone is refused with UPGRADE_AUTHORIZED at preview, create and payment', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Shop assistant');
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
  assert.is(await ctx.db.value('SELECT grade_id FROM phones WHERE id = ?', phone), 1, 'not upgraded');
  // Another phone, not authorised, still upgrades.
  assert.is((await ctx.call(`${ORDER}/preview`, { body: { ...upgrade, userPhoneIds: [await phoneId(ctx, 'Backup')] } })).code, 0);
});

test.run();
