import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { findUserByMobile } from '../../../../server/data/users.ts';
import { demo, phoneId, phoneRow, SCALE_MOBILE } from '../device-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { CASES_MOBILE, CHECK, check, give, GIVE, LIST, receiver } from '../transfer-helpers.ts';

// API.md "Transfers", the receiver: a live registered account of the tenant, named by mobile or user number; looked
// up only for a caller giving a phone of its own, each unknown one counted as a guess, and not told by its user
// number when named by mobile.

test('the receiver: a mobile or a user number of the same tenant; unknown, closed, guest, other tenant and self are refused', async () => {
  // Each unknown receiver counts as a guess (next test): here the allowance is large enough for them all.
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 1000, codeAddressMaxFailures: 1000 } });
  const other = await receiver(ctx);
  const id = await phoneId(ctx, 'Spare');
  const byNumber = await check(ctx, [id], other.user.user_no);
  assert.equal([byNumber.code, byNumber.data.receiver], [0, { userNo: other.user.user_no, mobile: '138****8002' }], 'by user number');
  assert.is((await check(ctx, [id], ` ${CASES_MOBILE} `)).code, 0, 'trimmed');
  assert.is((await check(ctx, [id], Number(CASES_MOBILE))).code, 0, 'a number is read as its text');

  const guestToken = (await ctx.guestLogin()).data.accessToken;
  const guestNo = await ctx.db.value('SELECT user_no FROM users WHERE guest = TRUE') as string;
  const otherTenantNo = (await findUserByMobile(ctx.db, 100, DEMO_MOBILE))!.user_no;
  const closed = (await findUserByMobile(ctx.db, 1, SCALE_MOBILE))!;
  await ctx.db.run('UPDATE users SET deleted_at = ? WHERE id = ?', ctx.now(), closed.id);
  for (const target of ['13999999999', '', 'abc', '1380013800x', guestNo, otherTenantNo, SCALE_MOBILE, closed.user_no, null]) {
    for (const call of [check, give]) {
      const reply = await call(ctx, [id], target);
      assert.is(reply.code, ErrorCode.TRANSFER_TARGET_NOT_FOUND, `${call === check ? 'check' : 'give'} ${target}`);
      assert.is(reply.msg, 'The receiving account does not exist');
    }
  }
  const me = (await findUserByMobile(ctx.db, 1, DEMO_MOBILE))!;
  for (const target of [DEMO_MOBILE, me.user_no]) {
    assert.is((await check(ctx, [id], target)).code, ErrorCode.TRANSFER_SELF);
    assert.is((await give(ctx, [id], target)).code, ErrorCode.TRANSFER_SELF);
  }
  assert.is(await ctx.db.value('SELECT COUNT(*) FROM transfer_orders'), 0, 'nothing recorded');
  // Guests may neither give nor check; nobody without a login may.
  assert.is((await ctx.call(CHECK, { method: 'PUT', body: { userPhoneIds: [1], target: CASES_MOBILE }, token: guestToken })).code, ErrorCode.GUEST_NOT_ALLOWED);
  assert.is((await ctx.call(GIVE, { method: 'PUT', body: { userPhoneIds: [1], target: CASES_MOBILE }, token: '' })).code, ErrorCode.UNAUTHORIZED);
  assert.is((await ctx.call(LIST, { token: guestToken })).code, ErrorCode.GUEST_NOT_ALLOWED);
});

test('the receiver is looked up only for a caller giving a phone of its own; unknown receivers count as guesses', async () => {
  const ctx = await demo(1, DEMO_MOBILE, { limits: { codeAccountMaxFailures: 3 } });
  const notMine = [await phoneId(ctx, 'Phone 0001', 1, SCALE_MOBILE), 999_999];
  // Whether the number has an account or not, the answer is the same and nothing counts.
  for (const target of [CASES_MOBILE, '13999999999', (await receiver(ctx)).user.user_no]) {
    for (const call of [check, give]) {
      const reply = await call(ctx, notMine, target);
      assert.equal([reply.code, reply.data], [ErrorCode.DEVICE_NOT_EXIST, null], target);
    }
  }
  const id = await phoneId(ctx, 'Spare');
  for (const target of ['13999999991', '13999999992', '99999999']) {
    assert.is((await check(ctx, [id], target)).code, ErrorCode.TRANSFER_TARGET_NOT_FOUND, target);
    // Past the growing wait between failures (throttles.ts), so each guess is looked up.
    ctx.advance(60_000);
  }
  const locked = await give(ctx, [id], CASES_MOBILE);
  assert.is(locked.code, ErrorCode.TOO_MANY_REQUESTS);
  assert.ok(locked.data.retryAfterSeconds > 0);
  assert.is((await check(ctx, [id], CASES_MOBILE)).code, ErrorCode.TOO_MANY_REQUESTS);
  assert.is((await phoneRow(ctx, id)).user_id, ctx.userId);
});

test.run();
