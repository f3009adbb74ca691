import type { CouponStatus, CouponType, OrderType } from '../../shared/contract/shop-words.ts';
import { PAYMENT_WINDOW_MS } from '../../shared/contract/shop-words.ts';
import type { Db } from '../lib/types.ts';

// A user's coupons. A coupon chosen by an unpaid order is held by it; the hold is derived from the order (still
// waitPay and inside its 30-minute window), so cancelling or letting the order close frees the coupon without anyone
// having to remember to.

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

/** SQL true when an unpaid order inside its window holds coupon `c`. */
const HELD = `EXISTS (SELECT 1 FROM orders o WHERE o.coupon_id = c.id AND o.status = 'waitPay' AND o.create_time > CAST(@now AS BIGINT) - ${PAYMENT_WINDOW_MS})`;

const LIST_CONDITIONS: Record<CouponStatus, string> = {
  unused: 'c.used_at IS NULL AND c.valid_until > @now',
  used: 'c.used_at IS NOT NULL',
  expired: 'c.used_at IS NULL AND c.valid_until <= @now',
};

/**
 * The coupons an order may consider: unused and not held by another unpaid order. Expired and not-yet-valid ones are
 * included so the preview can say why they do not fit.
 */
export async function couponsForOrder(db: Db, userId: number, now: number): Promise<CouponRow[]> {
  return await db.all(`SELECT c.* FROM coupons c WHERE c.user_id = @userId AND c.used_at IS NULL AND NOT ${HELD} ORDER BY c.id`, { userId, now }) as CouponRow[];
}

/** The list of one status, each row with `held` (1 when an unpaid order holds it). */
export async function listCoupons(db: Db, userId: number, status: CouponStatus, now: number): Promise<Array<CouponRow & { held: number }>> {
  return await db.all(`SELECT c.*, ${HELD} AS held FROM coupons c WHERE c.user_id = @userId AND ${LIST_CONDITIONS[status]} ORDER BY c.valid_until, c.id`, {
    userId,
    now,
  }) as Array<CouponRow & { held: number }>;
}

/** What a coupon gives and when: the terms pricing reads (server/lib/pricing.ts). */
export interface CouponTerms {
  type: CouponType;
  value: number;
  minAmount: number;
  maxDiscount: number | null;
  validFrom: number;
  validUntil: number;
  orderTypes: OrderType[];
}

export interface NewCoupon extends CouponTerms {
  tenantId: number;
  userId: number;
  createdAt: number;
  usedAt?: number | null;
}

export async function insertCoupon(db: Db, coupon: NewCoupon): Promise<number> {
  return Number(
    (await db.run(`INSERT INTO coupons (tenant_id, user_id, type, value, min_amount, max_discount, valid_from, valid_until, order_types, used_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, 
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
    )).lastId,
  );
}

/** False when the coupon was used meanwhile. */
export async function useCoupon(db: Db, couponId: number, orderId: number, now: number): Promise<boolean> {
  return (await db.run('UPDATE coupons SET used_at = ?, used_order_id = ? WHERE id = ? AND used_at IS NULL', now, orderId, couponId)).changes === 1;
}
