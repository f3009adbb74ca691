import { PAYMENT_WINDOW_MS } from './order-state.ts';
import type { CouponType, OrderType, PricedCoupon } from './pricing.ts';
import type { Db, Language } from './types.ts';

// A user's coupons (API.md "Coupons"). A coupon chosen by an unpaid order is held by it; the hold is derived from the
// order (still waitPay and inside its 30-minute window), so cancelling or letting the order close frees the coupon
// without anyone having to remember to.

export interface CouponRow {
  id: number;
  tenant_id: number;
  user_id: number;
  type: CouponType;
  value: number;
  min_amount: number;
  max_discount: number | null;
  valid_from: number;
  valid_until: number;
  order_types: string;
  used_at: number | null;
  used_order_id: number | null;
  created_at: number;
}

export type CouponStatus = 'unused' | 'used' | 'expired';
export const COUPON_LIST_STATUSES = ['unused', 'used', 'expired'] as const;

/** SQL true when an unpaid order inside its window holds coupon `c`. */
const HELD = `EXISTS (SELECT 1 FROM orders o WHERE o.coupon_id = c.id AND o.status = 'waitPay' AND o.create_time > @now - ${PAYMENT_WINDOW_MS})`;

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

/**
 * The coupons an order may consider: unused and not held by another unpaid order. Expired and not-yet-valid ones are
 * included so the preview can say why they do not fit (API.md lists those reasons).
 */
export function loadCouponsForOrder(db: Db, userId: number, now: number): CouponRow[] {
  return db.prepare(`SELECT c.* FROM coupons c WHERE c.user_id = @userId AND c.used_at IS NULL AND NOT ${HELD} ORDER BY c.id`).all({ userId, now }) as CouponRow[];
}

/** The list of one status; `unused` includes the held ones (`inUse: true`) and those not valid yet. */
export function listCoupons(db: Db, userId: number, status: (typeof COUPON_LIST_STATUSES)[number], now: number) {
  const where = {
    unused: 'c.used_at IS NULL AND c.valid_until > @now',
    used: 'c.used_at IS NOT NULL',
    expired: 'c.used_at IS NULL AND c.valid_until <= @now',
  }[status];
  return db.prepare(`SELECT c.*, ${HELD} AS held FROM coupons c WHERE c.user_id = @userId AND ${where} ORDER BY c.valid_until, c.id`).all({ userId, now }) as Array<
    CouponRow & { held: number }
  >;
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

export function couponJson(row: CouponRow & { held: number }, language: Language, now: number) {
  const priced = toPricedCoupon(row);
  return {
    couponId: row.id,
    name: couponName(row, language),
    type: row.type,
    value: row.value,
    minAmount: row.min_amount,
    // 0 when the coupon has no cap (the client's type is a plain number).
    maxDiscount: row.max_discount ?? 0,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    status: couponStatus(row, now),
    // Held by an unpaid order (spec §4 "in use"): listed as unused, but no other order is offered it.
    inUse: row.held === 1,
    orderTypes: priced.orderTypes,
  };
}

export interface NewCoupon {
  tenantId: number;
  userId: number;
  type: CouponType;
  value: number;
  minAmount: number;
  maxDiscount: number | null;
  validFrom: number;
  validUntil: number;
  orderTypes: OrderType[];
  createdAt: number;
  usedAt?: number | null;
}

export function insertCoupon(db: Db, coupon: NewCoupon): number {
  return Number(
    db
      .prepare(
        `INSERT INTO coupons (tenant_id, user_id, type, value, min_amount, max_discount, valid_from, valid_until, order_types, used_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        coupon.tenantId,
        coupon.userId,
        coupon.type,
        coupon.value,
        coupon.minAmount,
        coupon.maxDiscount,
        coupon.validFrom,
        coupon.validUntil,
        coupon.orderTypes.join(','),
        coupon.usedAt ?? null,
        coupon.createdAt,
      ).lastInsertRowid,
  );
}
