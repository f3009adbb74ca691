import { ErrorCode } from '../../shared/error-codes.ts';
import type { OrderType } from '../../shared/contract/shop-words.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';
import { findRedeemCode, useRedeemCode } from '../data/codes.ts';
import { insertCoupon } from '../data/coupons.ts';
import { apiError, otherCause } from './errors.ts';
import type { Db, UserRow } from './types.ts';

// Redeem codes (API.md "Activation and redeem codes"): a code grants a coupon once, to whoever redeems it first.

/** Checks and uses the code and grants its coupon in one transaction; returns the coupon id. */
export async function redeemCode(db: Db, user: UserRow, code: string, now: number): Promise<number> {
  return await db.transaction(async (db) => {
    const row = await findRedeemCode(db, user.tenant_id, code);
    if (!row) throw otherCause('redeemCodeUnknown');
    if (row.used_at !== null) throw apiError(ErrorCode.REDEEM_CODE_USED);
    const id = await insertCoupon(db, {
      tenantId: user.tenant_id,
      userId: user.id,
      type: row.coupon_type,
      value: row.value,
      minAmount: row.min_amount,
      maxDiscount: row.max_discount,
      validFrom: now,
      validUntil: now + row.valid_days * DAY_MS,
      orderTypes: row.order_types.split(',') as OrderType[],
      createdAt: now,
    });
    // Guarded: a redeem that got there first leaves this one's coupon undone with it.
    if (!(await useRedeemCode(db, row.id, user.id, id, now))) throw apiError(ErrorCode.REDEEM_CODE_USED);
    return id;
  });
}
