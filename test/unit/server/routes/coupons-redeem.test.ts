import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { count, coupons, DAY, shop } from '../commerce-helpers.ts';

// API.md "Coupons" and redeem codes.

const LIST = '/api/promotion/coupon/list';
const REDEEM = '/api/promotion/redeem-code/use';

test('coupon list per status, with terms, validity and named per language', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const now = ctx.now();
  const unused = (await ctx.call(`${LIST}?status=unused`)).data as Array<Record<string, any>>;
  assert.equal(unused.map((x) => x.couponId).sort(), [c.cash500, c.discount85, c.extension3, c.notYetValid].sort());
  assert.equal(unused.find((x) => x.couponId === c.cash500), {
    couponId: c.cash500,
    name: '¥5 off orders from ¥30',
    type: 'cash',
    value: 500,
    minAmount: 3000,
    maxDiscount: 0,
    validFrom: now - DAY,
    validUntil: now + 90 * DAY,
    status: 'unused',
    inUse: false,
    orderTypes: ['buy', 'renew'],
  });
  assert.equal(
    unused.filter((x) => x.couponId !== c.cash500 && x.couponId !== c.notYetValid).map((x) => [x.name, x.maxDiscount, x.orderTypes]).sort(),
    [
      ['15% off, up to ¥20 off', 2000, ['buy']],
      ['3 extra days', 0, ['renew']],
    ],
  );
  assert.equal((await ctx.call(`${LIST}`)).data, unused);
  assert.equal((await ctx.call(`${LIST}?status=used`)).data.map((x: any) => [x.couponId, x.status]), [[c.used, 'used']]);
  assert.equal((await ctx.call(`${LIST}?status=expired`)).data.map((x: any) => [x.couponId, x.status]), [[c.expired, 'expired']]);
  const zh = (await ctx.call(`${LIST}?status=unused`, { language: 'zh-CN' })).data.map((x: any) => x.name);
  assert.ok(zh.includes('满30减5') && zh.includes('8.5折，最高减20') && zh.includes('延长3天'), zh.join());
  assert.is((await ctx.call(`${LIST}?status=all`)).code, ErrorCode.BAD_REQUEST);
  // Time moves coupons between lists.
  ctx.advance(91 * DAY);
  assert.equal((await ctx.call(`${LIST}?status=unused`)).data, []);
  assert.is((await ctx.call(`${LIST}?status=expired`)).data.length, 5);
  assert.equal((await (await shop(100)).call(LIST)).data, []);
});

test('redeem codes: format, unknown, used, and success granting a coupon once', async () => {
  const ctx = await shop();
  const redeem = (code: unknown) => ctx.call(REDEEM, { body: { code } });
  for (const code of ['A'.repeat(21), '', '   ', 'WELCOME-2026', '欢迎2026', 42.5, null]) {
    const reply = await redeem(code);
    assert.equal([reply.code, reply.msg], [ErrorCode.REDEEM_CODE_INVALID, 'A redeem code is 1-20 letters or digits'], String(code));
  }
  const unknown = await redeem('A'.repeat(20));
  assert.equal([unknown.code, unknown.msg], [ErrorCode.REDEEM_CODE_INVALID, 'The redeem code is not valid']);
  const used = await redeem('USEDREDEEM');
  assert.equal([used.code, used.msg], [ErrorCode.REDEEM_CODE_USED, 'This redeem code has already been used']);

  const ok = await redeem(' WELCOME2026 ');
  assert.is(ok.code, 0);
  assert.equal(Object.keys(ok.data).sort(), ['couponId', 'kind']);
  assert.is(ok.data.kind, 'coupon');
  const granted = (await ctx.call(LIST)).data.find((x: any) => x.couponId === ok.data.couponId);
  assert.equal([granted.type, granted.value, granted.minAmount, granted.validFrom, granted.validUntil], ['cash', 1200, 0, ctx.now(), ctx.now() + 30 * DAY]);
  assert.is((await redeem('WELCOME2026')).code, ErrorCode.REDEEM_CODE_USED);
  // Matched ignoring case, unlike activation codes.
  assert.is((await redeem('spring50')).code, 0);
  // Another user cannot take a used code, and codes belong to their tenant.
  const second = await ctx.smsLogin('13912345678');
  assert.is((await ctx.call(REDEEM, { body: { code: 'SPRING50' }, token: second.data.accessToken })).code, ErrorCode.REDEEM_CODE_USED);
  assert.is((await (await shop(100)).call(REDEEM, { body: { code: 'SPRING50' } })).code, ErrorCode.REDEEM_CODE_INVALID);
  const guest = (await ctx.guestLogin()).data.accessToken;
  assert.is((await ctx.call(REDEEM, { body: { code: 'SPRING50' }, token: guest })).code, ErrorCode.GUEST_NOT_ALLOWED);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons WHERE user_id = ?', ctx.userId), 8);
});

test('concurrent redemptions of one code grant one coupon', async () => {
  const ctx = await shop();
  const replies = await Promise.all([ctx.call(REDEEM, { body: { code: 'SPRING50' } }), ctx.call(REDEEM, { body: { code: 'SPRING50' } })]);
  assert.equal(replies.map((r) => r.code).sort(), [0, ErrorCode.REDEEM_CODE_USED].sort());
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons'), 7);
});

test.run();
