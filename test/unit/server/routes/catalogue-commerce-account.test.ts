import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { findEntry } from '../../../../src/core/errors.ts';
import '../../error-texts.ts';
import { changeMobile, closeAccount, findUserByMobile } from '../../../../server/data/users.ts';
import { ERROR_MESSAGES } from '../../../../server/lib/errors.ts';
import { createOrder, DAY, getOrder, MINUTE, ORDER, PAY, PRO, snapshot, submit } from '../commerce-helpers.ts';
import { demo, phoneId, phoneRow } from '../device-helpers.ts';
import { setup } from '../helpers.ts';

// Spec §8 messages of commerce, activation codes and accounts, and where the reference server gives them (API.md
// "Commerce", "Activation and redeem codes", "User"). The error cases account is server/db/seed-cases.ts.

const CASES_MOBILE = '13800138002';
const ACTIVATE = '/api/product/activation-code/activate';

/** A logged-in account answering in English (the catalogue's wording). */
async function account(mobile?: string) {
  const ctx = await demo(1, mobile);
  return { ...ctx, call: ((path, options = {}) => ctx.call(path, { language: 'en-US', ...options })) as typeof ctx.call };
}

test('remaining time insufficient: the seeded upgrade order of a phone now under a day; nothing is charged', async () => {
  const ctx = await account(CASES_MOBILE);
  const lastDay = await phoneId(ctx, 'Last day', 1, CASES_MOBILE);
  const orders = (await ctx.call(`${ORDER}/page?status=waitPay`)).data.list;
  assert.equal(orders.map((o: any) => [o.type, o.userPhoneIds, o.payAmount]), [['upgrade', [lastDay], 130]]);
  const before = await snapshot(ctx);
  const paid = await submit(ctx, orders[0].orderId);
  assert.is(paid.code, ErrorCode.REMAINING_TIME_INSUFFICIENT);
  assert.is(paid.msg, 'Remaining time insufficient: the phone has less than 1 day left to upgrade');
  assert.equal(paid.data, { userPhoneId: lastDay });
  assert.equal(await snapshot(ctx), before);
  assert.is((await getOrder(ctx, orders[0].orderId)).status, 'waitPay');
  // The window closes 20 minutes after the seed, as API.md says.
  ctx.advance(20 * MINUTE);
  assert.is((await getOrder(ctx, orders[0].orderId)).status, 'paymentClosed');
});

test('remaining time insufficient: an upgrade placed with a day left and paid after it ran out, by mock or wallet', async () => {
  const ctx = await account();
  const reader = await phoneId(ctx, 'Reader');
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + DAY + 10 * MINUTE, reader);
  const order = await createOrder(ctx, { type: 'upgrade', userPhoneIds: [reader], targetGradeId: PRO });
  const wallet = await submit(ctx, order.orderId, 'alipay');
  assert.is(wallet.data.status, 'waiting');
  ctx.advance(10 * MINUTE + 1);
  const mock = await submit(ctx, order.orderId);
  assert.is(mock.code, ErrorCode.REMAINING_TIME_INSUFFICIENT);
  const notified = await ctx.call(`${PAY}/notify/alipay`, { body: { paymentId: wallet.data.paymentId, result: 'success' }, tenant: null, token: '' });
  assert.is(notified.code, ErrorCode.REMAINING_TIME_INSUFFICIENT);
  assert.is(await ctx.db.value('SELECT status FROM payments WHERE id = ?', wallet.data.paymentId), 'failed');
  assert.is((await phoneRow(ctx, reader)).grade_id, 1);
  assert.is((await getOrder(ctx, order.orderId)).status, 'waitPay');
});

test('activation code supports renewal only: a renewal code sent to make a new phone', async () => {
  const ctx = await account();
  const reply = await ctx.call(ACTIVATE, { body: { type: 1, codes: ['RENSTD000001', 'NEWSTD000001'] } });
  assert.is(reply.code, 0);
  assert.equal(reply.data[0], {
    code: 'RENSTD000001',
    status: 'specMismatch',
    errorCode: ErrorCode.ACTIVATION_RENEWAL_ONLY,
    msg: 'This activation code supports renewal only',
  });
  assert.is(reply.data[1].status, 'activated');
  assert.is(reply.data[1].errorCode, undefined);
});

test('activation code supports purchase only: a new-phone code sent to renew a phone', async () => {
  const ctx = await account();
  const shop = await phoneId(ctx, 'Shop assistant');
  const reply = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['NEWSTD000001'], userPhoneIds: [shop] } });
  assert.equal(reply.data, [
    { code: 'NEWSTD000001', status: 'specMismatch', userPhoneId: shop, errorCode: ErrorCode.ACTIVATION_PURCHASE_ONLY, msg: 'This activation code supports purchase only' },
  ]);
  // A renewal code of another grade is still a plain specification mismatch.
  const pro = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['RENPRO000001'], userPhoneIds: [shop] } });
  assert.equal(pro.data, [{ code: 'RENPRO000001', status: 'specMismatch', userPhoneId: shop }]);
});

test('activation code not bound to a cloud phone: a bound code renews only the phone it was sold for', async () => {
  const ctx = await account(CASES_MOBILE);
  const spare = await phoneId(ctx, 'Spare line', 1, CASES_MOBILE);
  const sold = await phoneId(ctx, 'Sold with code', 1, CASES_MOBILE);
  const notBound = { errorCode: ErrorCode.ACTIVATION_NOT_BOUND, msg: 'The activation code is not bound to a cloud phone you selected' };
  const wrong = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['BOUNDSTD0001'], userPhoneIds: [spare] } });
  assert.equal(wrong.data, [{ code: 'BOUNDSTD0001', status: 'specMismatch', userPhoneId: spare, ...notBound }]);
  // Another account's phone is not the one either.
  const main = await account();
  const other = await main.call(ACTIVATE, { body: { type: 2, codes: ['BOUNDSTD0001'], userPhoneIds: [await phoneId(main, 'Reader')] } });
  assert.equal([other.data[0].status, other.data[0].errorCode], ['specMismatch', ErrorCode.ACTIVATION_NOT_BOUND]);
  const before = (await phoneRow(ctx, sold)).expire_time as number;
  const right = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['BOUNDSTD0001'], userPhoneIds: [sold] } });
  assert.equal(right.data, [{ code: 'BOUNDSTD0001', status: 'activated', userPhoneId: sold }]);
  assert.is((await phoneRow(ctx, sold)).expire_time, before + 30 * DAY);
});

/** change-mobile with a body that arrives only after `meanwhile` ran, as a concurrent request would have. */
async function changeMobileWhile(meanwhile: (env: Awaited<ReturnType<typeof setup>>, userId: number) => Promise<void>) {
  const env = await setup();
  const mobile = '13600000077';
  const login = await env.smsLogin(mobile);
  const token = login.data.accessToken as string;
  const oldCode = await env.sendOwnCode(token, 2);
  assert.is((await env.sendCode('13600000078', 3)).code, 0);
  const body = JSON.stringify({ oldCode, mobile: '13600000078', code: env.lastCode() });
  const stream = new ReadableStream({
    async pull(controller) {
      await meanwhile(env, login.data.userId);
      controller.enqueue(new TextEncoder().encode(body));
      controller.close();
    },
    // Pulled only when the route reads the body, after its session check, not as the stream is made.
  }, { highWaterMark: 0 });
  // With a length the body is read by the route (after the session check), as a socket delivers it; a chunked one
  // would be read whole by the size limit first.
  const length = String(new TextEncoder().encode(body).length);
  const headers = { 'tenant-id': '1', authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': length };
  const response = await env.app.request('/api/merchant/user/change-mobile', { method: 'PUT', headers, body: stream, duplex: 'half' } as RequestInit);
  return { env, reply: (await response.json()) as { code: number; msg: string } };
}

test('account information expired: the account changed while a number change was in flight', async () => {
  const closed = await changeMobileWhile(async (env, userId) => await closeAccount(env.db, userId, env.now()));
  assert.equal([closed.reply.code, closed.reply.msg], [ErrorCode.ACCOUNT_EXPIRED, 'Account information expired, please try again']);
  const moved = await changeMobileWhile(async (env, userId) => void assert.ok(await changeMobile(env.db, userId, '13600000077', '13600000079', env.now())));
  assert.equal([moved.reply.code, moved.reply.msg], [ErrorCode.ACCOUNT_EXPIRED, 'Account information expired, please try again']);
  // Nothing of the refused change was written: the other device's number stands, the new one is free.
  assert.ok(await findUserByMobile(moved.env.db, 1, '13600000079'));
  assert.is(await findUserByMobile(moved.env.db, 1, '13600000078'), null);
});

test("each new code's server message is recognised by the client's message matchers as the same entry", () => {
  const codes = [
    ErrorCode.DEVICE_FAULT,
    ErrorCode.DEVICE_NOT_CONNECTED,
    ErrorCode.DEVICE_REPLACING,
    ErrorCode.DEVICE_MIGRATED,
    ErrorCode.RESTART_FAILED,
    ErrorCode.COMMAND_EXCEPTION,
    ErrorCode.TOKEN_FETCH_FAILED,
    ErrorCode.REMAINING_TIME_INSUFFICIENT,
    ErrorCode.ACCOUNT_EXPIRED,
    ErrorCode.ACTIVATION_RENEWAL_ONLY,
    ErrorCode.ACTIVATION_PURCHASE_ONLY,
    ErrorCode.ACTIVATION_NOT_BOUND,
    ErrorCode.MOCK_MODEL_NOT_EXIST,
    ErrorCode.MOCK_PHONE_AUTHORIZED,
    ErrorCode.MOCK_TYPE_INVALID,
  ] as const;
  for (const code of codes) {
    const byCode = findEntry(code);
    assert.ok(byCode, `no catalogue entry lists ${code}`);
    assert.is(findEntry(0, ERROR_MESSAGES[code])?.key, byCode!.key, ERROR_MESSAGES[code]);
  }
});

test.run();
