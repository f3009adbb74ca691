import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { CLOSE_NOT_ASSIGNED, STREAM_MESSAGES } from '../../../../shared/contract/stream-protocol.ts';
import { endPhoneSharing } from '../../../../server/data/phone-exclusions.ts';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { demo, phoneId } from '../device-helpers.ts';
import { body, DAY, grant, GRANT, other, VALIDATE } from '../grant-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { client, start } from '../stream-helpers.ts';

// API.md "Grants", codes and what ends a grant from outside: codes stored as digests, validate-auth-code and
// redeem with every refusal, guesses throttled, tenants kept apart, a transfer of the phone, and the stream (view-only
// input refused, revoke closing the grantee's socket). Making grants is in grants.test.ts.

test('by code: stored as a digest and a hint, validated, redeemed once; unknown, used, revoked, expired and own codes refused', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Chess club');
  const created = await grant(ctx, body(phone, { mode: 'code', permission: 'control', days: 7, account: 'ignored' }));
  assert.is(created.code, 0, created.msg);
  const code = created.data.code as string;
  assert.match(code, /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
  assert.is(created.data.grantee, undefined);
  // Only a SHA-256 digest and the last 4 characters are kept: the code itself is nowhere in the table.
  const row = await ctx.db.get('SELECT * FROM phone_grants WHERE id = ?', created.data.grantId) as Record<string, unknown>;
  assert.match(String(row.code_hash), /^[0-9a-f]{64}$/);
  assert.is(row.code_hint, code.slice(-4));
  assert.not.ok(Object.values(row).some((value) => typeof value === 'string' && value.includes(code)), 'no plain code stored');
  assert.is(row.grantee_id, null);
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM phone_access WHERE phone_id = ?', phone), 0, 'no access before redemption');
  const records = (await ctx.call(`${GRANT}/page`)).data.list;
  assert.equal([records[0].status, records[0].codeHint, records[0].grantee], ['pending', code.slice(-4), '']);

  // The owner cannot use their own code.
  assert.is((await ctx.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_SELF);
  assert.is((await ctx.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_SELF);

  const grantee = await other(ctx);
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
  const access = await ctx.db.get("SELECT * FROM phone_access WHERE phone_id = ? AND kind = 'grant'", phone) as any;
  assert.equal([access.user_id, access.permission, access.expires_at], [grantee.user.id, 'control', ctx.now() - 60_000 + 7 * DAY], 'days count from creation');
  assert.is((await grantee.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_USED);
  const third = await other(ctx, '13800138002');
  assert.is((await third.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_CODE_USED);
  assert.is((await third.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_USED);
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].status, 'active');
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].grantee, '138****8001');

  // Revoked before use: invalid. Expired before use: invalid.
  const revokedCode = await grant(ctx, body(await phoneId(ctx, 'Weekend'), { mode: 'code' }));
  await ctx.call(`${GRANT}/revoke`, { method: 'PUT', body: { grantId: revokedCode.data.grantId } });
  assert.is((await third.call(`${GRANT}/redeem`, { body: { code: revokedCode.data.code } })).code, ErrorCode.GRANT_CODE_INVALID);
  const expiring = await grant(ctx, body(await phoneId(ctx, 'Archive'), { mode: 'code', days: 1 }));
  ctx.advance(DAY);
  assert.is((await third.call(`${VALIDATE}?code=${expiring.data.code}`)).code, ErrorCode.GRANT_CODE_INVALID);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['expired', 'revoked', 'active']);
});

test('code guesses are throttled per account like activation codes; a known code does not count', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 3 } });
  const guesser = await other(ctx);
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
  const real = (await grant(ctx, body(await phoneId(ctx, 'Backup'), { mode: 'code' }))).data.code;
  assert.is((await (await other(ctx, '13800138002')).call(`${VALIDATE}?code=${real}`, { address: '10.0.1.1' })).code, 0);
});

test('redeem: a phone busy or being replaced meanwhile is refused with its code, and the code stays redeemable', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Chess club');
  const code = (await grant(ctx, body(phone, { mode: 'code' }))).data.code as string;
  assert.is((await ctx.call(`/api/device/user/phone/reboot?userPhoneIds=${phone}`, { method: 'PUT' })).code, 0);
  const grantee = await other(ctx);
  assert.is((await grantee.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.DEVICE_BUSY);
  await ctx.db.run("UPDATE phones SET status = 'replacing' WHERE id = ?", phone);
  ctx.advance(60_000);
  assert.is((await grantee.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.DEVICE_REPLACING);
  await ctx.db.run("UPDATE phones SET status = 'online' WHERE id = ?", phone);
  assert.is((await grantee.call(`${GRANT}/redeem`, { body: { code } })).code, 0);
});

test("tenants: another tenant's account cannot see or redeem a code", async () => {
  const ctx = await demo();
  const code = (await grant(ctx, body(await phoneId(ctx, 'Backup'), { mode: 'code' }))).data.code as string;
  const green = await other(ctx, DEMO_MOBILE, 100);
  assert.is((await green.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_CODE_INVALID);
  assert.is((await green.call(`${GRANT}/redeem`, { body: { code } })).code, ErrorCode.GRANT_CODE_INVALID);
  assert.is((await ctx.call(`${GRANT}/page`)).data.list[0].status, 'pending');
});

test('a grant ends when the phone changes hands: records say so, its code is invalid, the grantee loses it', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Backup');
  await grant(ctx, body(phone));
  const codePhone = await phoneId(ctx, 'Weekend');
  const code = (await grant(ctx, body(codePhone, { mode: 'code' }))).data.code as string;
  const grantee = await other(ctx);
  // Moved to a third account (as a transfer does, before any row is marked).
  const third = (await findUserByMobile(ctx.db, 1, '13800138002'))!;
  await ctx.db.run('UPDATE phones SET user_id = ? WHERE id IN (?, ?)', third.id, phone, codePhone);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['transferred', 'transferred']);
  assert.is((await grantee.call(`${VALIDATE}?code=${code}`)).code, ErrorCode.GRANT_CODE_INVALID, 'a code of a phone that moved');
  // The new owner may grant it: the old grants no longer count.
  const newOwner = await other(ctx, '13800138002');
  assert.is((await grant(newOwner, body(phone, { account: DEMO_MOBILE }))).code, 0);
  assert.is((await grantee.call(`${GRANT}/granted-to-me`)).data.list.length, 0);
  assert.is((await grantee.call(`/api/device/user/phone/security-token?userPhoneId=${phone}`, { method: 'POST' })).code, ErrorCode.DEVICE_NOT_EXIST);
  // The transfer then marks the rows (data/phone-exclusions.ts): the records keep saying so.
  await endPhoneSharing(ctx.db, codePhone, ctx.now());
  assert.equal(await ctx.db.column('SELECT end_reason FROM phone_grants WHERE phone_id = ?', codePhone), ['transferred']);
  assert.equal((await ctx.call(`${GRANT}/page`)).data.list.map((r: any) => r.status), ['transferred', 'transferred']);
});

test('stream: a view-only grantee\'s input is refused; revoke closes the grantee\'s socket within a second', async () => {
  const s = await start();
  try {
    const phone = await phoneId(s.ctx, 'Shop assistant');
    const viewGrant = await grant(s.ctx, body(phone, { permission: 'view' }));
    assert.is(viewGrant.code, 0);
    const grantee = await other(s.ctx);
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
