import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { count, createOrder, DAY, packageId, PRO, shop, STANDARD, stock, snapshot, submit } from '../commerce-helpers.ts';
import { listPhones, phoneId, phoneRow } from '../device-helpers.ts';

// API.md "Activation and redeem codes": activation codes of type 1 (new phone) and 2 (renewal), and their records.

const ACTIVATE = '/api/product/activation-code/activate';
const RECORDS = '/api/product/activation-code/record/page';

test('type 1: a new phone per code, from stock, in the default group, listed with the others', async () => {
  const ctx = await shop();
  const reply = await ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000001', 'NEWPRO000001'] } });
  assert.is(reply.code, 0);
  const [std, pro] = reply.data;
  assert.equal([std.code, std.status, pro.code, pro.status], ['NEWSTD000001', 'activated', 'NEWPRO000001', 'activated']);
  assert.equal([(await phoneRow(ctx, std.userPhoneId)).grade_id, (await phoneRow(ctx, pro.userPhoneId)).grade_id], [STANDARD, PRO]);
  assert.is((await phoneRow(ctx, std.userPhoneId)).expire_time, ctx.now() + 30 * DAY);
  assert.equal([await stock(ctx, STANDARD), await stock(ctx, PRO)], [499, 199]);
  const list = await listPhones(ctx, 'pageSize=200', 'en-US');
  assert.is(list.total, 26);
  assert.equal(
    list.list.filter((p) => p.userPhoneId === std.userPhoneId).map((p) => [p.name, p.groupName, p.businessStatus]),
    [['Standard 1', 'Default group', 'online']],
  );
});

test('every status: activated, alreadyActivated, notExist, specMismatch, expired, noStock; codes are case-sensitive', async () => {
  const ctx = await shop();
  const codes = ['NEWSTD000002', 'newstd000003', 'USEDCODE0001', 'EXPIREDCODE1', 'NEWULT000001', 'RENSTD000001', 'ZZZZZZZZZZZZ', 'NEWSTD000002'];
  const reply = await ctx.call(ACTIVATE, { body: { type: 1, codes } });
  assert.equal(
    reply.data.map((r: any) => [r.code, r.status]),
    [
      ['NEWSTD000002', 'activated'],
      ['newstd000003', 'notExist'],
      ['USEDCODE0001', 'alreadyActivated'],
      ['EXPIREDCODE1', 'expired'],
      ['NEWULT000001', 'noStock'],
      ['RENSTD000001', 'specMismatch'],
      ['ZZZZZZZZZZZZ', 'notExist'],
      ['NEWSTD000002', 'alreadyActivated'],
    ],
  );
  assert.is(reply.data.filter((r: any) => r.userPhoneId !== undefined).length, 1);
  // Refused codes stay usable by the right call: the upper-case code, and Ultra once stock arrives.
  await ctx.db.run('UPDATE grade_stock SET stock = 1 WHERE tenant_id = 1 AND grade_id = 3');
  const retry = await ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000003', 'NEWULT000001'] } });
  assert.equal(retry.data.map((r: any) => r.status), ['activated', 'activated']);
});

test('type 2: code i renews phone i from max(now, expiry); grade or type mismatch is specMismatch', async () => {
  const ctx = await shop();
  const shopPhone = await phoneId(ctx, 'Shop assistant');
  const old = await phoneId(ctx, 'Old account');
  const spare = await phoneId(ctx, 'Spare');
  const before = (await phoneRow(ctx, shopPhone)).expire_time as number;
  const reply = await ctx.call(ACTIVATE, {
    body: { type: 2, codes: ['RENSTD000001', 'RENSTD000002', 'RENPRO000001', 'RENSTD000003', 'NEWPRO000001'], userPhoneIds: [shopPhone, old, shopPhone, spare, spare] },
  });
  assert.equal(
    reply.data.map((r: any) => [r.status, r.userPhoneId]),
    [
      ['activated', shopPhone],
      ['activated', old],
      ['specMismatch', shopPhone],
      ['specMismatch', spare],
      ['specMismatch', spare],
    ],
  );
  assert.is((await phoneRow(ctx, shopPhone)).expire_time, before + 30 * DAY);
  assert.is((await phoneRow(ctx, old)).expire_time, ctx.now() + 30 * DAY);
  assert.is((await ctx.call(ACTIVATE, { body: { type: 2, codes: ['RENPRO000001'], userPhoneIds: [spare] } })).data[0].status, 'activated');
  // The same phone twice: two renewals.
  await ctx.call(ACTIVATE, { body: { type: 2, codes: ['RENSTD000004', 'RENSTD000005'], userPhoneIds: [old, old] } });
  assert.is((await phoneRow(ctx, old)).expire_time, ctx.now() + 90 * DAY);
});

test('refusals of the whole call: count mismatch, wrong format, foreign phones, bad type, guests; nothing done', async () => {
  const ctx = await shop();
  const shopPhone = await phoneId(ctx, 'Shop assistant');
  const before = await snapshot(ctx);
  const refused = async (body: unknown, code: number, msg?: string) => {
    const reply = await ctx.call(ACTIVATE, { body });
    assert.is(reply.code, code, JSON.stringify(body));
    if (msg) assert.is(reply.msg, msg);
  };
  await refused({ type: 2, codes: ['RENSTD000001', 'RENSTD000002'], userPhoneIds: [shopPhone] }, ErrorCode.CODE_COUNT_MISMATCH, 'The number of codes must equal the number of selected phones');
  await refused({ type: 2, codes: ['RENSTD000001'] }, ErrorCode.CODE_COUNT_MISMATCH);
  for (const bad of ['NEWSTD00001', 'NEWSTD0000011', 'NEWSTD00000!', 'NEWSTD 00001', '', 12]) {
    await refused({ type: 1, codes: ['NEWSTD000001', bad] }, ErrorCode.CODE_FORMAT_INVALID);
  }
  await refused({ type: 1, codes: [] }, ErrorCode.CODE_FORMAT_INVALID);
  await refused({ type: 3, codes: ['NEWSTD000001'] }, ErrorCode.BAD_REQUEST);
  await refused({ type: 1, codes: Array.from({ length: 21 }, () => 'NEWSTD000001') }, ErrorCode.BAD_REQUEST);
  const green = await shop(100);
  const foreign = await phoneId(green, '绿洲 1', 100);
  await refused({ type: 2, codes: ['RENSTD000001'], userPhoneIds: [foreign] }, ErrorCode.DEVICE_NOT_EXIST);
  const guest = (await ctx.guestLogin()).data.accessToken;
  assert.is((await ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000001'] }, token: guest })).code, ErrorCode.GUEST_NOT_ALLOWED);
  assert.equal(await snapshot(ctx), before);
  // Codes belong to their tenant.
  assert.is((await green.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000001'] } })).data[0].status, 'notExist');
});

test('records: every attempt of the caller, newest first, with grade, days and phone number', async () => {
  const ctx = await shop();
  const seeded = await ctx.call(RECORDS);
  assert.equal(seeded.data, {
    list: [{ code: 'USEDCODE0001', type: 1, status: 'activated', gradeName: 'Standard', days: 30, userPhoneId: await phoneId(ctx, 'Shop assistant'), phoneNo: 'CP10000001', usedAt: ctx.now() - 10 * DAY }],
    total: 1,
  });
  ctx.advance(1000);
  const made = (await ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWPRO000002', 'XXXXXXXXXXXX'] } })).data[0].userPhoneId;
  const page = await ctx.call(`${RECORDS}?pageNo=1&pageSize=2`);
  assert.is(page.data.total, 3);
  assert.equal(page.data.list, [
    { code: 'XXXXXXXXXXXX', type: 1, status: 'notExist', gradeName: '', days: 0, userPhoneId: null, phoneNo: '', usedAt: ctx.now() },
    { code: 'NEWPRO000002', type: 1, status: 'activated', gradeName: 'Pro', days: 30, userPhoneId: made, phoneNo: (await phoneRow(ctx, made)).phone_no, usedAt: ctx.now() },
  ]);
  assert.is((await ctx.call(`${RECORDS}?pageSize=101`)).code, ErrorCode.BAD_REQUEST);
  assert.equal((await (await shop(100)).call(RECORDS)).data, { list: [], total: 0 });
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM activation_records'), 3);
});

test('a renewal never takes a phone to 999 days of validity: orders refuse it, a code answers tooLong and stays unused', async () => {
  const ctx = await shop();
  const spare = await phoneId(ctx, 'Spare');
  const row = await phoneRow(ctx, spare);
  // 980 days left: 30 more would pass the ceiling.
  await ctx.db.run('UPDATE phones SET grade_id = ?, expire_time = ? WHERE id = ?', STANDARD, ctx.now() + 980 * DAY, spare);
  const body = { type: 'renew', packageId: await packageId(ctx, STANDARD, 30), userPhoneIds: [spare] };
  for (const path of ['/api/trade/order/preview', '/api/trade/order/create']) {
    const reply = await ctx.call(path, { body });
    assert.is(reply.code, ErrorCode.RENEW_TOO_LONG, path);
    assert.is(reply.msg, 'The renewed validity must be under 999 days');
  }
  const code = await ctx.call(ACTIVATE, { body: { type: 2, codes: ['RENSTD000001'], userPhoneIds: [spare] } });
  assert.equal(code.data.map((r: any) => r.status), ['tooLong']);
  assert.is((await phoneRow(ctx, spare)).expire_time, ctx.now() + 980 * DAY, 'the phone keeps its expiry');
  assert.is(await count(ctx, "SELECT COUNT(*) FROM activation_codes WHERE code = 'RENSTD000001' AND used_at IS NULL"), 1, 'the code stays usable');
  // 960 days left: a 30-day renewal (990) is fine.
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 960 * DAY, spare);
  assert.is((await ctx.call('/api/trade/order/preview', { body })).code, 0);
  void row;
});

test('unpaid renewals count against the ceiling when ordering, and a payment that would pass it is refused with nothing charged', async () => {
  const ctx = await shop();
  const spare = await phoneId(ctx, 'Spare');
  await ctx.db.run('UPDATE phones SET grade_id = ?, expire_time = ? WHERE id = ?', STANDARD, ctx.now() + 30 * DAY, spare);
  const body = { type: 'renew', packageId: await packageId(ctx, STANDARD, 90), userPhoneIds: [spare] };
  // 30 + 10 x 90 = 930 days; an 11th unpaid 90-day renewal would make 1,020.
  const orders = [];
  for (let i = 0; i < 10; i++) orders.push(await createOrder(ctx, body));
  for (const path of ['/api/trade/order/preview', '/api/trade/order/create']) {
    assert.is((await ctx.call(path, { body })).code, ErrorCode.RENEW_TOO_LONG, path);
  }
  // Paid one after another, they end at 930 days.
  for (const order of orders) assert.is((await submit(ctx, order.orderId)).code, 0);
  assert.is((await phoneRow(ctx, spare)).expire_time, ctx.now() + 930 * DAY);
  // An order placed under the ceiling, paid after the phone was extended another way, is refused at payment.
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 900 * DAY, spare);
  const late = await createOrder(ctx, { ...body, packageId: await packageId(ctx, STANDARD, 30) });
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 980 * DAY, spare);
  const refused = await submit(ctx, late.orderId);
  assert.is(refused.code, ErrorCode.RENEW_TOO_LONG);
  assert.is((await phoneRow(ctx, spare)).expire_time, ctx.now() + 980 * DAY, 'the phone keeps its expiry');
  assert.is(await count(ctx, "SELECT COUNT(*) FROM orders WHERE id = ? AND status = 'waitPay'", late.orderId), 1, 'the order is still unpaid');
});

test.run();
