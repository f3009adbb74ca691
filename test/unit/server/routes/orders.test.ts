import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { coupons, count, createOrder, DAY, getOrder, ORDER, packageId, PRO, shop, STANDARD, stock, ULTRA } from '../commerce-helpers.ts';
import { phoneId } from '../device-helpers.ts';

// API.md "Products" and "Orders": goods, preview and create for buy, renew and upgrade, in exact cents.

test('goods list: three grades with 7/30/90-day packages, daily prices and stock', async () => {
  const ctx = await shop();
  const reply = await ctx.call('/api/product/goods/list');
  assert.is(reply.code, 0);
  const goods = reply.data as Array<Record<string, any>>;
  assert.equal(
    goods.map((g) => [g.gradeId, g.gradeName, g.dailyPrice, g.stock]),
    [
      [1, 'Standard', 130, 500],
      [2, 'Pro', 260, 200],
      [3, 'Ultra', 520, 0],
    ],
  );
  assert.equal(goods[1]!.packages.map(({ packageId: _id, ...p }: any) => p), [
    { name: '7 days', days: 7, price: 2400, originalPrice: 2400 },
    { name: '30 days', days: 30, price: 7800, originalPrice: 9600 },
    { name: '90 days', days: 90, price: 21000, originalPrice: 23400 },
  ]);
  assert.equal(goods.map((g) => g.packages.map((p: any) => p.price)), [[1200, 3900, 10500], [2400, 7800, 21000], [4800, 15600, 42000]]);
  assert.is(goods[1]!.packages[1].packageId, await packageId(ctx, PRO, 30));
  const zh = await ctx.call('/api/product/goods/list', { language: 'zh-CN' });
  assert.equal([zh.data[0].gradeName, zh.data[0].packages[0].name], ['标准型', '7天']);
  assert.is((await ctx.call('/api/product/goods/list', { token: '' })).code, ErrorCode.UNAUTHORIZED);
});

test('buy: Pro 30 days x2 with the cash coupon is 7800*2-500, with the discount coupon capped at 2000', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const body = { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2 };
  const plain = await ctx.call(`${ORDER}/preview`, { body });
  assert.is(plain.code, 0);
  assert.equal([plain.data.originalAmount, plain.data.discountAmount, plain.data.payAmount, plain.data.extraDays], [15600, 0, 15600, 0]);
  assert.equal(plain.data.lines, [
    { gradeId: PRO, days: 30, amount: 7800 },
    { gradeId: PRO, days: 30, amount: 7800 },
  ]);
  const byId = Object.fromEntries(plain.data.coupons.map((o: any) => [o.couponId, o]));
  assert.equal(byId[c.cash500], { couponId: c.cash500, usable: true, reason: '', discountAmount: 500 });
  assert.equal(byId[c.discount85], { couponId: c.discount85, usable: true, reason: '', discountAmount: 2000 });
  assert.is(byId[c.extension3].reason, 'orderType');
  assert.is(byId[c.notYetValid].reason, 'notYetValid');
  assert.is(byId[c.expired].reason, 'expired');
  assert.is(byId[c.used], undefined);

  const cash = await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId: c.cash500 } });
  assert.equal([cash.data.originalAmount, cash.data.discountAmount, cash.data.payAmount], [15600, 500, 15100]);
  const discount = await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId: c.discount85 } });
  assert.equal([discount.data.discountAmount, discount.data.payAmount], [2000, 13600]);

  const created = await createOrder(ctx, { ...body, couponId: c.cash500 });
  assert.equal([created.payAmount, created.status], [15100, 'waitPay']);
  assert.match(created.orderNo, /^\d{20}$/);
  const order = await getOrder(ctx, created.orderId);
  assert.equal(
    { ...order, lines: undefined },
    {
      orderId: created.orderId, orderNo: created.orderNo, type: 'buy', status: 'waitPay', gradeId: PRO, gradeName: 'Pro', packageName: '30 days',
      days: 30, extraDays: 0, quantity: 2, phoneCount: 0, userPhoneIds: [], originalAmount: 15600, discountAmount: 500, payAmount: 15100,
      couponId: c.cash500, createTime: ctx.now(), closeTime: ctx.now() + 30 * 60_000, payTime: null, payMethod: null, remark: '', lines: undefined,
    },
  );
});

test('coupon usability reasons on a small order; an unusable or foreign coupon is refused by preview and create alike', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const body = { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 };
  const preview = await ctx.call(`${ORDER}/preview`, { body });
  const reasons = Object.fromEntries(preview.data.coupons.map((o: any) => [o.couponId, [o.usable, o.reason, o.discountAmount]]));
  assert.equal(reasons, {
    [c.cash500]: [false, 'minAmount', 0],
    [c.discount85]: [true, '', 180],
    [c.extension3]: [false, 'orderType', 0],
    [c.notYetValid]: [false, 'notYetValid', 0],
    [c.expired]: [false, 'expired', 0],
  });
  for (const couponId of [c.cash500, c.expired, c.used, c.notYetValid, 999_999]) {
    assert.is((await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId } })).code, ErrorCode.COUPON_UNAVAILABLE, String(couponId));
    const refused = await ctx.call(`${ORDER}/create`, { body: { ...body, couponId } });
    assert.is(refused.code, ErrorCode.COUPON_UNAVAILABLE);
    assert.is(refused.msg, 'Coupon is not available or not yet usable');
  }
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM orders WHERE user_id = ?', ctx.userId), 0);
  // Another user's coupon is as unknown as a missing one.
  const green = await shop(100);
  assert.equal((await green.call(`${ORDER}/preview`, { body: { ...body, packageId: await packageId(ctx, STANDARD, 7, 100) } })).data.coupons, []);
  const foreign = await green.call(`${ORDER}/preview`, { body: { ...body, packageId: await packageId(ctx, STANDARD, 7, 100), couponId: c.discount85 } });
  assert.is(foreign.code, ErrorCode.COUPON_UNAVAILABLE);
});

test('a coupon held by an unpaid order is not offered to another order', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const body = { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1, couponId: c.discount85 };
  await createOrder(ctx, body);
  assert.is((await ctx.call(`${ORDER}/create`, { body })).code, ErrorCode.COUPON_UNAVAILABLE);
  const offered = (await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId: undefined } })).data.coupons.map((o: any) => o.couponId);
  assert.not.ok(offered.includes(c.discount85));
  const list = (await ctx.call('/api/promotion/coupon/list?status=unused')).data;
  const held = list.find((x: any) => x.couponId === c.discount85);
  assert.equal([held.status, held.inUse], ['unused', true]);
});

test('buy: quantity 1-20, unknown or foreign packages, stock insufficient unless allocateLater', async () => {
  const ctx = await shop();
  const pro = await packageId(ctx, PRO, 30);
  for (const quantity of [0, 21, 1.5, -1, '2', undefined]) {
    const reply = await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: pro, quantity } });
    assert.is(reply.code, ErrorCode.QUANTITY_INVALID, String(quantity));
  }
  assert.is((await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: pro, quantity: 20 } })).code, 0);
  for (const id of [999, await packageId(ctx, PRO, 30, 100)]) {
    const reply = await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: id, quantity: 1 } });
    assert.equal([reply.code, reply.msg], [ErrorCode.PACKAGE_NOT_EXIST, 'The package does not exist']);
  }
  assert.is((await ctx.call(`${ORDER}/preview`, { body: { type: 'sell', packageId: pro, quantity: 1 } })).code, ErrorCode.BAD_REQUEST);

  const ultra = { type: 'buy', packageId: await packageId(ctx, ULTRA, 30), quantity: 1 };
  for (const path of ['preview', 'create']) {
    const refused = await ctx.call(`${ORDER}/${path}`, { body: ultra });
    assert.equal([refused.code, refused.msg], [ErrorCode.STOCK_INSUFFICIENT, 'Stock insufficient for this phone type, please contact support']);
  }
  await ctx.db.run('UPDATE grade_stock SET stock = 1 WHERE tenant_id = 1 AND grade_id = ?', PRO);
  assert.is((await ctx.call(`${ORDER}/preview`, { body: { type: 'buy', packageId: pro, quantity: 2 } })).code, ErrorCode.STOCK_INSUFFICIENT);
  const later = await ctx.call(`${ORDER}/preview`, { body: { ...ultra, allocateLater: true } });
  assert.equal([later.code, later.data.payAmount], [0, 15600]);
  assert.is((await ctx.call(`${ORDER}/create`, { body: { ...ultra, allocateLater: true } })).data.status, 'waitPay');
  assert.is(await stock(ctx, ULTRA), 0);
});

test('renew: own grade only, extends from max(now, expiry), the extension coupon adds days', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const shopPhone = await phoneId(ctx, 'Shop assistant');
  const old = await phoneId(ctx, 'Old account');
  const body = { type: 'renew', packageId: await packageId(ctx, STANDARD, 30), userPhoneIds: [shopPhone, old, shopPhone] };
  const preview = await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId: c.extension3 } });
  assert.is(preview.code, 0);
  const now = ctx.now();
  assert.equal([preview.data.originalAmount, preview.data.payAmount, preview.data.extraDays], [7800, 7800, 3]);
  assert.equal(preview.data.lines, [
    { userPhoneId: shopPhone, gradeId: STANDARD, days: 30, amount: 3900, newExpireTime: now + 30 * DAY + 33 * DAY },
    { userPhoneId: old, gradeId: STANDARD, days: 30, amount: 3900, newExpireTime: now + 33 * DAY },
  ]);
  const cash = await ctx.call(`${ORDER}/preview`, { body: { ...body, couponId: c.cash500 } });
  assert.equal([cash.data.payAmount, cash.data.extraDays], [7300, 0]);

  const pro = await ctx.call(`${ORDER}/preview`, { body: { ...body, packageId: await packageId(ctx, PRO, 30) } });
  assert.equal([pro.code, pro.data], [ErrorCode.PACKAGE_NOT_EXIST, { userPhoneId: shopPhone }]);
  const green = await shop(100);
  const foreign = await green.call(`${ORDER}/preview`, { body: { ...body, packageId: await packageId(ctx, STANDARD, 30, 100) } });
  assert.is(foreign.code, ErrorCode.DEVICE_NOT_EXIST);
  for (const userPhoneIds of [[], Array.from({ length: 21 }, (_, i) => i + 1), 'x']) {
    assert.is((await ctx.call(`${ORDER}/preview`, { body: { ...body, userPhoneIds } })).code, ErrorCode.QUANTITY_INVALID);
  }
});

test('upgrade: days x daily difference, under 1 day and 999 days refused, not higher refused', async () => {
  const ctx = await shop();
  const shopPhone = await phoneId(ctx, 'Shop assistant');
  const reader = await phoneId(ctx, 'Reader');
  const spare = await phoneId(ctx, 'Spare');
  const now = ctx.now();
  const preview = await ctx.call(`${ORDER}/preview`, { body: { type: 'upgrade', targetGradeId: ULTRA, userPhoneIds: [shopPhone, reader] } });
  assert.is(preview.code, 0);
  assert.equal(preview.data.lines, [
    { userPhoneId: shopPhone, gradeId: ULTRA, fromGradeId: STANDARD, days: 30, amount: 30 * 390, newExpireTime: now + 30 * DAY },
    { userPhoneId: reader, gradeId: ULTRA, fromGradeId: STANDARD, days: 1, amount: 390, newExpireTime: now + DAY },
  ]);
  assert.is(preview.data.payAmount, 31 * 390);
  const upgrade = (ids: number[], targetGradeId = PRO) => ctx.call(`${ORDER}/preview`, { body: { type: 'upgrade', targetGradeId, userPhoneIds: ids } });
  // An hour later the 30 days still count as 30 started days; Reader drops under one day.
  ctx.advance(3_600_000);
  assert.is((await upgrade([shopPhone])).data.payAmount, 30 * 130);
  const short = await upgrade([shopPhone, reader]);
  assert.equal([short.code, short.msg, short.data], [ErrorCode.UPGRADE_REMAINING_TOO_SHORT, 'A phone needs at least 1 day remaining to upgrade', { userPhoneId: reader }]);
  assert.is((await upgrade([await phoneId(ctx, 'Old account')])).code, ErrorCode.UPGRADE_REMAINING_TOO_SHORT);
  assert.is((await upgrade([spare])).code, ErrorCode.UPGRADE_NOT_HIGHER);
  assert.is((await upgrade([spare], STANDARD)).code, ErrorCode.UPGRADE_NOT_HIGHER);
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 998 * DAY, shopPhone);
  assert.is((await upgrade([shopPhone])).data.payAmount, 998 * 130);
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 998 * DAY + 1, shopPhone);
  const long = await upgrade([shopPhone]);
  assert.equal([long.code, long.msg], [ErrorCode.UPGRADE_TOO_LONG, 'The upgraded duration must be under 999 days']);
  assert.is((await upgrade([spare], 9)).code, ErrorCode.PACKAGE_NOT_EXIST);
  // Coupons: the discount coupon is for buying only, the extension coupon never fits an upgrade.
  const reasons = (await upgrade([spare], ULTRA)).data.coupons.map((o: any) => o.reason);
  assert.ok(reasons.every((r: string) => r !== ''));
});

test('guests may browse and preview but not order', async () => {
  const ctx = await shop();
  const guest = (await ctx.guestLogin()).data.accessToken;
  const body = { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1 };
  assert.is((await ctx.call('/api/product/goods/list', { token: guest })).code, 0);
  assert.is((await ctx.call(`${ORDER}/preview`, { body, token: guest })).code, 0);
  const refused = await ctx.call(`${ORDER}/create`, { body, token: guest });
  assert.equal([refused.code, refused.msg], [ErrorCode.GUEST_NOT_ALLOWED, 'This feature needs a registered account']);
  assert.equal((await ctx.call(`${ORDER}/page`, { token: guest })).data, { list: [], total: 0 });
});

test.run();
