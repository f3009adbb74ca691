import type { InferInput } from 'valibot';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { CouponOption as CouponOptionSchema, OrderLine } from '../../shared/contract/shop.ts';
import { MAX_VALIDITY_DAYS } from '../../shared/contract/shop-words.ts';
import type { CouponReason, OrderType } from '../../shared/contract/shop-words.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';
import { upgradePrice } from '../../shared/upgrade-price.ts';
import type { UpgradeCheck } from '../../shared/upgrade-price.ts';
import { apiError } from './errors.ts';
import type { CouponTerms } from '../data/coupons.ts';

// Prices of orders (API.md "Commerce"): pure functions of what the database holds and the clock, with no I/O, so
// preview and create run exactly the same code and the money rules can be tested on their own. All amounts are
// integer cents; nothing here ever produces a fraction of a cent.

export interface PricedPackage {
  id: number;
  gradeId: number;
  days: number;
  price: number;
}

export interface PricedGrade {
  id: number;
  sort: number;
  /** Cents per day; null when the grade has no 30-day package to derive it from. */
  dailyPrice: number | null;
}

export interface PricedPhone {
  id: number;
  gradeId: number;
  expireTime: number;
  /** Renewals: days that unpaid renewals of the phone may still add, counted against the ceiling. */
  unpaidDays?: number;
}

export interface PricedCoupon extends CouponTerms {
  id: number;
}

export type OrderPlan =
  | { type: 'buy'; pkg: PricedPackage; quantity: number }
  | { type: 'renew'; pkg: PricedPackage; phones: PricedPhone[] }
  | { type: 'upgrade'; target: PricedGrade; phones: Array<{ phone: PricedPhone; grade: PricedGrade }> };

/** One phone of an order, as the preview answers it and the order stores it (shared/contract/shop.ts). */
export type Line = InferInput<typeof OrderLine>;
export type CouponOption = InferInput<typeof CouponOptionSchema>;

export interface Quote {
  originalAmount: number;
  discountAmount: number;
  payAmount: number;
  extraDays: number;
  couponId: number | null;
  lines: Line[];
  coupons: CouponOption[];
}

/** API.md: the 30-day price / 30, rounded down to a cent, so an upgrade never charges a fraction. */
export function dailyPriceOf(price30: number): number {
  return Math.floor(price30 / 30);
}

/**
 * An upgrade of one phone, by the rule the client shows (shared/upgrade-price.ts): the higher grade's daily price
 * minus the current one over the remaining days; refused under 1 day left, when not higher, or at 999 days (spec §9).
 */
export function upgradeCheck(remainingMs: number, current: PricedGrade, target: PricedGrade): UpgradeCheck {
  return upgradePrice(remainingMs, current.dailyPrice, target.dailyPrice, target.sort > current.sort);
}

const UPGRADE_CODES = {
  remainingTooShort: ErrorCode.UPGRADE_REMAINING_TOO_SHORT,
  notHigher: ErrorCode.UPGRADE_NOT_HIGHER,
  tooLong: ErrorCode.UPGRADE_TOO_LONG,
} as const;

/** One line per phone (bought, renewed or upgraded); the first refused phone refuses the whole order. */
export function priceLines(plan: OrderPlan, now: number): Line[] {
  switch (plan.type) {
    case 'buy':
      return Array.from({ length: plan.quantity }, () => ({ gradeId: plan.pkg.gradeId, days: plan.pkg.days, amount: plan.pkg.price }));
    case 'renew':
      return plan.phones.map((phone) => ({ userPhoneId: phone.id, gradeId: plan.pkg.gradeId, days: plan.pkg.days, amount: plan.pkg.price }));
    case 'upgrade':
      return plan.phones.map(({ phone, grade }) => {
        const check = upgradeCheck(phone.expireTime - now, grade, plan.target);
        if (!check.ok) throw apiError(UPGRADE_CODES[check.reason], { userPhoneId: phone.id });
        return { userPhoneId: phone.id, gradeId: plan.target.id, fromGradeId: grade.id, days: check.days, amount: check.amount };
      });
  }
}

/** Why a coupon does not fit an order, or '' when it does. Extension days mean nothing to an upgrade. */
export function couponReason(coupon: PricedCoupon, type: OrderType, originalAmount: number, now: number): CouponReason {
  if (now >= coupon.validUntil) return 'expired';
  if (now < coupon.validFrom) return 'notYetValid';
  if (!coupon.orderTypes.includes(type) || (coupon.type === 'extension' && type === 'upgrade')) return 'orderType';
  if (originalAmount < coupon.minAmount) return 'minAmount';
  return '';
}

/**
 * What a fitting coupon does. The discount is rounded down (the customer pays the odd cent, the shop never pays
 * more than the coupon says) and never exceeds the amount or maxDiscount.
 */
export function couponEffect(coupon: PricedCoupon, originalAmount: number): { discountAmount: number; extraDays: number } {
  switch (coupon.type) {
    case 'cash':
      return { discountAmount: Math.min(coupon.value, originalAmount), extraDays: 0 };
    case 'discount': {
      const off = Math.floor((originalAmount * (100 - coupon.value)) / 100);
      return { discountAmount: Math.min(off, coupon.maxDiscount ?? off, originalAmount), extraDays: 0 };
    }
    case 'extension':
      return { discountAmount: 0, extraDays: coupon.value };
  }
}

/**
 * The whole price of an order: lines, the coupons the user could apply (usable ones first, the best first), and
 * the chosen coupon's effect. A chosen coupon that does not fit is refused rather than ignored, so a create never
 * charges something other than what the user saw.
 */
export function quote(plan: OrderPlan, coupons: PricedCoupon[], chosenCouponId: number | null, now: number): Quote {
  const lines = priceLines(plan, now);
  const originalAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const options = coupons.map((coupon) => {
    const reason = couponReason(coupon, plan.type, originalAmount, now);
    return { couponId: coupon.id, usable: reason === '', reason, discountAmount: reason === '' ? couponEffect(coupon, originalAmount).discountAmount : 0 };
  });
  options.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountAmount - a.discountAmount || a.couponId - b.couponId);

  let effect = { discountAmount: 0, extraDays: 0 };
  if (chosenCouponId !== null) {
    const chosen = coupons.find((coupon) => coupon.id === chosenCouponId);
    if (!chosen || !options.find((option) => option.couponId === chosenCouponId)!.usable) throw apiError(ErrorCode.COUPON_UNAVAILABLE);
    effect = couponEffect(chosen, originalAmount);
  }

  // Renewals show where each phone will end up; an upgrade keeps the expiry. A bought phone's expiry starts at
  // payment, so it has none yet.
  if (plan.type === 'renew') {
    plan.phones.forEach((phone, index) => {
      const newExpireTime = renewedExpiry(phone.expireTime, plan.pkg.days + effect.extraDays, now);
      // Were every unpaid renewal of the phone paid too, it would end up this far.
      const withUnpaid = renewedExpiry(phone.expireTime, plan.pkg.days + effect.extraDays + (phone.unpaidDays ?? 0), now);
      if (exceedsValidityCeiling(withUnpaid, now)) throw apiError(ErrorCode.RENEW_TOO_LONG, { userPhoneId: phone.id });
      lines[index]!.newExpireTime = newExpireTime;
    });
  } else if (plan.type === 'upgrade') {
    plan.phones.forEach(({ phone }, index) => {
      lines[index]!.newExpireTime = phone.expireTime;
    });
  }

  return {
    originalAmount,
    discountAmount: effect.discountAmount,
    payAmount: originalAmount - effect.discountAmount,
    extraDays: effect.extraDays,
    couponId: chosenCouponId,
    lines,
    coupons: options,
  };
}

/** Whether an expiry leaves MAX_VALIDITY_DAYS or more of validity. */
export function exceedsValidityCeiling(expireTime: number, now: number): boolean {
  return expireTime - now >= MAX_VALIDITY_DAYS * DAY_MS;
}

/** A renewal adds its days to the expiry, or to now for a phone that has already expired (the lapse is not billed). */
export function renewedExpiry(expireTime: number, days: number, now: number): number {
  return Math.max(now, expireTime) + days * DAY_MS;
}
