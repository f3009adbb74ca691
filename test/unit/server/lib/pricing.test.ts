import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { ApiError } from '../../../../server/lib/errors.ts';
import { couponEffect, couponReason, dailyPriceOf, quote, upgradeCheck } from '../../../../server/lib/pricing.ts';
import type { PricedCoupon, PricedGrade } from '../../../../server/lib/pricing.ts';

// server/lib/pricing.ts on its own: the money rules of API.md "Commerce", in integer cents.

const DAY = 86_400_000;
const NOW = 1_000 * DAY;
const standard: PricedGrade = { id: 1, sort: 1, dailyPrice: 130 };
const pro: PricedGrade = { id: 2, sort: 2, dailyPrice: 260 };
const ultra: PricedGrade = { id: 3, sort: 3, dailyPrice: 520 };

function coupon(overrides: Partial<PricedCoupon>): PricedCoupon {
  return { id: 1, type: 'cash', value: 500, minAmount: 0, maxDiscount: null, validFrom: NOW - DAY, validUntil: NOW + DAY, orderTypes: ['buy', 'renew', 'upgrade'], ...overrides };
}

function refusalCode(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 0;
}

test('dailyPrice is the 30-day price / 30 rounded down to a cent', () => {
  assert.is(dailyPriceOf(3900), 130);
  assert.is(dailyPriceOf(7800), 260);
  assert.is(dailyPriceOf(15600), 520);
  assert.is(dailyPriceOf(3929), 130);
  assert.is(dailyPriceOf(29), 0);
});

test('upgrade: whole days rounded up, the daily difference, both refusals and not-higher', () => {
  assert.equal(upgradeCheck(30 * DAY, standard, pro), { ok: true, days: 30, amount: 30 * 130 });
  assert.equal(upgradeCheck(29 * DAY + 1, standard, pro), { ok: true, days: 30, amount: 3900 });
  assert.equal(upgradeCheck(DAY, standard, ultra), { ok: true, days: 1, amount: 390 });
  assert.equal(upgradeCheck(DAY - 1, standard, pro), { ok: false, reason: 'remainingTooShort' });
  assert.equal(upgradeCheck(-DAY, standard, pro), { ok: false, reason: 'remainingTooShort' });
  assert.equal(upgradeCheck(998 * DAY, standard, pro), { ok: true, days: 998, amount: 998 * 130 });
  assert.equal(upgradeCheck(998 * DAY + 1, standard, pro), { ok: false, reason: 'tooLong' });
  assert.equal(upgradeCheck(30 * DAY, pro, pro), { ok: false, reason: 'notHigher' });
  assert.equal(upgradeCheck(30 * DAY, ultra, pro), { ok: false, reason: 'notHigher' });
  // A "higher" grade that is not dearer is no upgrade either.
  assert.equal(upgradeCheck(30 * DAY, standard, { id: 4, sort: 4, dailyPrice: 130 }), { ok: false, reason: 'notHigher' });
});

test('coupon effects: cash capped at the amount, discount rounded down and capped, extension adds days only', () => {
  assert.equal(couponEffect(coupon({ value: 500 }), 15600), { discountAmount: 500, extraDays: 0 });
  assert.equal(couponEffect(coupon({ value: 1500 }), 1200), { discountAmount: 1200, extraDays: 0 });
  assert.equal(couponEffect(coupon({ type: 'discount', value: 85, maxDiscount: 2000 }), 15600), { discountAmount: 2000, extraDays: 0 });
  assert.equal(couponEffect(coupon({ type: 'discount', value: 85, maxDiscount: 2000 }), 3900), { discountAmount: 585, extraDays: 0 });
  // 15% of 1001 is 150.15: the discount is 150, the customer pays 851.
  assert.equal(couponEffect(coupon({ type: 'discount', value: 85, maxDiscount: null }), 1001), { discountAmount: 150, extraDays: 0 });
  assert.equal(couponEffect(coupon({ type: 'extension', value: 3 }), 7800), { discountAmount: 0, extraDays: 3 });
});

test('coupon reasons: expired, not yet valid, order type, minimum amount', () => {
  assert.is(couponReason(coupon({}), 'buy', 0, NOW), '');
  assert.is(couponReason(coupon({ validUntil: NOW }), 'buy', 5000, NOW), 'expired');
  assert.is(couponReason(coupon({ validFrom: NOW + 1 }), 'buy', 5000, NOW), 'notYetValid');
  assert.is(couponReason(coupon({ validFrom: NOW }), 'buy', 5000, NOW), '');
  assert.is(couponReason(coupon({ orderTypes: ['renew'] }), 'buy', 5000, NOW), 'orderType');
  assert.is(couponReason(coupon({ type: 'extension', value: 3 }), 'upgrade', 5000, NOW), 'orderType');
  assert.is(couponReason(coupon({ minAmount: 3000 }), 'buy', 2999, NOW), 'minAmount');
  assert.is(couponReason(coupon({ minAmount: 3000 }), 'buy', 3000, NOW), '');
});

test('quote: Pro 30 days x2 with the cash coupon is 7800*2-500; an unusable chosen coupon is refused', () => {
  const plan = { type: 'buy' as const, pkg: { id: 5, gradeId: 2, days: 30, price: 7800 }, quantity: 2 };
  const cash = coupon({ id: 1, minAmount: 3000 });
  const discount = coupon({ id: 2, type: 'discount', value: 85, maxDiscount: 2000 });
  const later = coupon({ id: 3, validFrom: NOW + DAY, validUntil: NOW + 9 * DAY });
  const q = quote(plan, [cash, discount, later], 1, NOW);
  assert.equal([q.originalAmount, q.discountAmount, q.payAmount, q.extraDays], [15600, 500, 15100, 0]);
  assert.equal(q.lines, [
    { gradeId: 2, days: 30, amount: 7800 },
    { gradeId: 2, days: 30, amount: 7800 },
  ]);
  // Usable first, the biggest discount first.
  assert.equal(q.coupons, [
    { couponId: 2, usable: true, reason: '', discountAmount: 2000 },
    { couponId: 1, usable: true, reason: '', discountAmount: 500 },
    { couponId: 3, usable: false, reason: 'notYetValid', discountAmount: 0 },
  ]);
  assert.is(quote(plan, [cash, discount], 2, NOW).payAmount, 13600);
  assert.is(refusalCode(() => quote(plan, [cash, later], 3, NOW)), ErrorCode.COUPON_UNAVAILABLE);
  assert.is(refusalCode(() => quote(plan, [cash], 99, NOW)), ErrorCode.COUPON_UNAVAILABLE);
});

test('quote: renewals extend from max(now, expiry) plus extension days; upgrades keep the expiry', () => {
  const pkg = { id: 2, gradeId: 1, days: 30, price: 3900 };
  const phones = [
    { id: 10, gradeId: 1, expireTime: NOW + 5 * DAY },
    { id: 11, gradeId: 1, expireTime: NOW - 2 * DAY },
  ];
  const q = quote({ type: 'renew', pkg, phones }, [coupon({ id: 7, type: 'extension', value: 3, orderTypes: ['renew'] })], 7, NOW);
  assert.equal([q.originalAmount, q.payAmount, q.extraDays], [7800, 7800, 3]);
  assert.equal(q.lines.map((l) => l.newExpireTime), [NOW + 38 * DAY, NOW + 33 * DAY]);

  const up = quote({ type: 'upgrade', target: ultra, phones: [{ phone: phones[0]!, grade: standard }] }, [], null, NOW);
  assert.equal(up.lines, [{ userPhoneId: 10, gradeId: 3, fromGradeId: 1, days: 5, amount: 5 * 390, newExpireTime: NOW + 5 * DAY }]);
  const short = { type: 'upgrade' as const, target: ultra, phones: [{ phone: phones[1]!, grade: standard }] };
  assert.is(refusalCode(() => quote(short, [], null, NOW)), ErrorCode.UPGRADE_REMAINING_TOO_SHORT);
});

test.run();
