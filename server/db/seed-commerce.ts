import type { CouponType, OrderType } from '../../shared/contract/shop-words.ts';
import { insertCoupon } from '../data/coupons.ts';
import type { NewCoupon } from '../data/coupons.ts';
import { findUserByMobile } from '../data/users.ts';
import type { Db } from '../lib/types.ts';
import { flag } from './dialect.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';

// Commerce data of the seed (API.md "Commerce"). Packages and stock are keyed and inserted ON CONFLICT DO NOTHING on
// every start (stock an operator or a sale changed is kept); coupons and codes only while their table is empty, so
// what was used or removed stays that way. Times are relative to the seed time, like the phones' expiries.

const DEMO_MOBILE = '13800138000';

/** Cents. The 30-day price fixes the daily price upgrades use (7800 / 30 = 260 a day for Pro). */
const PRICES: Record<number, Array<{ days: number; price: number; originalPrice: number }>> = {
  1: [
    { days: 7, price: 1200, originalPrice: 1200 },
    { days: 30, price: 3900, originalPrice: 4800 },
    { days: 90, price: 10500, originalPrice: 11700 },
  ],
  2: [
    { days: 7, price: 2400, originalPrice: 2400 },
    { days: 30, price: 7800, originalPrice: 9600 },
    { days: 90, price: 21000, originalPrice: 23400 },
  ],
  3: [
    { days: 7, price: 4800, originalPrice: 4800 },
    { days: 30, price: 15600, originalPrice: 19200 },
    { days: 90, price: 42000, originalPrice: 46800 },
  ],
};
/** Ultra has none, so buying it shows "stock insufficient" and the allocate-later path. */
const STOCK: Record<number, number> = { 1: 500, 2: 200, 3: 0 };

type SeedCoupon = Omit<NewCoupon, 'tenantId' | 'userId' | 'createdAt' | 'validFrom' | 'validUntil'> & { from: number; until: number };

/** One coupon per state the coupon list and the preview can show. */
const COUPONS: SeedCoupon[] = [
  { type: 'cash', value: 500, minAmount: 3000, maxDiscount: null, orderTypes: ['buy', 'renew'], from: -DAY_MS, until: 90 * DAY_MS },
  { type: 'discount', value: 85, minAmount: 0, maxDiscount: 2000, orderTypes: ['buy'], from: -DAY_MS, until: 90 * DAY_MS },
  { type: 'extension', value: 3, minAmount: 0, maxDiscount: null, orderTypes: ['renew'], from: -DAY_MS, until: 90 * DAY_MS },
  { type: 'cash', value: 1000, minAmount: 5000, maxDiscount: null, orderTypes: ['buy', 'renew', 'upgrade'], from: 7 * DAY_MS, until: 60 * DAY_MS },
  { type: 'cash', value: 300, minAmount: 0, maxDiscount: null, orderTypes: ['buy', 'renew'], from: -30 * DAY_MS, until: -DAY_MS },
  { type: 'cash', value: 800, minAmount: 0, maxDiscount: null, orderTypes: ['buy', 'renew'], from: -20 * DAY_MS, until: 40 * DAY_MS, usedAt: -2 * DAY_MS },
];

/** Code, type (1 new phone, 2 renewal), grade, days; `used` and `expired` make the two refusals visible. */
const CODES: Array<{ code: string; type: 1 | 2; grade: number; days: number; used?: boolean; expired?: boolean }> = [
  ...[1, 2, 3, 4, 5].map((n) => ({ code: `NEWSTD00000${n}`, type: 1 as const, grade: 1, days: 30 })),
  ...[1, 2, 3].map((n) => ({ code: `NEWPRO00000${n}`, type: 1 as const, grade: 2, days: 30 })),
  { code: 'NEWULT000001', type: 1, grade: 3, days: 30 },
  ...[1, 2, 3, 4, 5].map((n) => ({ code: `RENSTD00000${n}`, type: 2 as const, grade: 1, days: 30 })),
  ...[1, 2, 3].map((n) => ({ code: `RENPRO00000${n}`, type: 2 as const, grade: 2, days: 30 })),
  { code: 'USEDCODE0001', type: 1, grade: 1, days: 30, used: true },
  { code: 'EXPIREDCODE1', type: 1, grade: 1, days: 30, expired: true },
];

const REDEEM_CODES: Array<{ code: string; type: CouponType; value: number; minAmount: number; maxDiscount: number | null; orderTypes: OrderType[]; used?: boolean }> = [
  // Covers a 7-day Standard phone entirely: the "paid at once" path of a zero-amount order.
  { code: 'WELCOME2026', type: 'cash', value: 1200, minAmount: 0, maxDiscount: null, orderTypes: ['buy'] },
  { code: 'SPRING50', type: 'discount', value: 50, minAmount: 0, maxDiscount: 5000, orderTypes: ['buy', 'renew', 'upgrade'] },
  { code: 'USEDREDEEM', type: 'cash', value: 500, minAmount: 0, maxDiscount: null, orderTypes: ['buy'], used: true },
];

/** Tables without a natural key are seeded only while empty, so rows an operator removed stay removed. */
export const isEmpty = async (db: Db, table: string) => flag(await db.value(`SELECT NOT EXISTS (SELECT 1 FROM ${table})`));

export async function seedCommerce(db: Db, tenantIds: number[], now: number): Promise<void> {
  for (const tenantId of tenantIds) {
    for (const [grade, packages] of Object.entries(PRICES)) {
      for (const p of packages) await db.run('INSERT INTO packages (tenant_id, grade_id, days, price, original_price) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', tenantId, Number(grade), p.days, p.price, p.originalPrice);
      await db.run('INSERT INTO grade_stock (tenant_id, grade_id, stock) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', tenantId, Number(grade), STOCK[Number(grade)]);
    }
  }

  const demo = await findUserByMobile(db, 1, DEMO_MOBILE);
  if (demo && await isEmpty(db, 'coupons')) {
    for (const { from, until, usedAt, ...coupon } of COUPONS) {
      await insertCoupon(db, { ...coupon, tenantId: 1, userId: demo.id, validFrom: now + from, validUntil: now + until, createdAt: now, usedAt: usedAt === undefined || usedAt === null ? null : now + usedAt });
    }
  }

  if (await isEmpty(db, 'activation_codes')) {
    // The used code was activated by the demo user onto its first phone, which the records page then shows.
    const firstPhone = demo ? ((await db.value("SELECT id FROM phones WHERE user_id = ? AND phone_no = 'CP10000001'", demo.id) as number | undefined) ?? null) : null;
    for (const c of CODES) {
      const usedBy = c.used && demo ? demo.id : null;
      await db.run(`INSERT INTO activation_codes (tenant_id, code, type, grade_id, days, expires_at, used_at, used_by_user_id, user_phone_id, created_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.code, c.type, c.grade, c.days, now + (c.expired ? -DAY_MS : 365 * DAY_MS), c.used ? now - 10 * DAY_MS : null, usedBy, c.used ? firstPhone : null, now);
    }
    if (demo) {
      await db.run(`INSERT INTO activation_records (tenant_id, user_id, code, type, status, grade_id, days, user_phone_id, created_at)
         VALUES (1, ?, 'USEDCODE0001', 1, 'activated', 1, 30, ?, ?)`, demo.id, firstPhone, now - 10 * DAY_MS);
    }
  }

  if (await isEmpty(db, 'redeem_codes')) {
    for (const r of REDEEM_CODES) {
      await db.run(`INSERT INTO redeem_codes (tenant_id, code, coupon_type, value, min_amount, max_discount, order_types, valid_days, used_at, used_by_user_id, created_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, 30, ?, ?, ?)`, r.code, r.type, r.value, r.minAmount, r.maxDiscount, r.orderTypes.join(','), r.used ? now - DAY_MS : null, r.used && demo ? demo.id : null, now);
    }
  }
}
