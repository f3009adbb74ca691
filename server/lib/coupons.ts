import { flag } from '../db/dialect.ts';
import type { InferInput } from 'valibot';
import type { Coupon } from '../../shared/contract/shop-orders.ts';
import type { CouponStatus, OrderType } from '../../shared/contract/shop-words.ts';
import type { CouponRow } from '../data/coupons.ts';
import type { PricedCoupon } from './pricing.ts';
import type { Language } from './types.ts';

// A user's coupons (API.md "Coupons") as the pricing and the client see them; stored in data/coupons.ts.

export function toPricedCoupon(row: CouponRow): PricedCoupon {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    minAmount: row.min_amount,
    // 0 when the coupon has no cap (the client's type is a plain number).
    maxDiscount: row.max_discount ?? 0,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    orderTypes: row.order_types.split(',').filter(Boolean) as OrderType[],
  };
}

export function couponStatus(row: CouponRow, now: number): CouponStatus {
  if (row.used_at !== null) return 'used';
  return now >= row.valid_until ? 'expired' : 'unused';
}

function yuan(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Names are not stored: they describe the terms, worded per language (as grade names are). */
export function couponName(row: Pick<CouponRow, 'type' | 'value' | 'min_amount' | 'max_discount'>, language: Language): string {
  const en = language === 'en-US';
  switch (row.type) {
    case 'cash':
      if (row.min_amount > 0) return en ? `¥${yuan(row.value)} off orders from ¥${yuan(row.min_amount)}` : `满${yuan(row.min_amount)}减${yuan(row.value)}`;
      return en ? `¥${yuan(row.value)} off` : `立减${yuan(row.value)}元`;
    case 'discount': {
      const cap = row.max_discount === null ? '' : en ? `, up to ¥${yuan(row.max_discount)} off` : `，最高减${yuan(row.max_discount)}`;
      return en ? `${100 - row.value}% off${cap}` : `${row.value / 10}折${cap}`;
    }
    case 'extension':
      return en ? `${row.value} extra ${row.value === 1 ? 'day' : 'days'}` : `延长${row.value}天`;
  }
}

export function couponJson(row: CouponRow & { held: number }, language: Language, now: number): InferInput<typeof Coupon> {
  const { id, type, value, minAmount, validFrom, validUntil, orderTypes } = toPricedCoupon(row);
  return {
    couponId: id,
    name: couponName(row, language),
    type,
    value,
    minAmount,
    // 0 when the coupon has no cap.
    maxDiscount: row.max_discount ?? 0,
    validFrom,
    validUntil,
    orderTypes,
    status: couponStatus(row, now),
    // Held by an unpaid order (spec §4 "in use"): listed as unused, but no other order is offered it.
    inUse: flag(row.held),
  };
}
