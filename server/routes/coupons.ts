import { Hono } from 'hono';
import { COUPON_STATUSES } from '../../src/shop/order-types.ts';
import type { CouponStatus } from '../../src/shop/order-types.ts';
import { listCoupons } from '../data/coupons.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { couponJson } from '../lib/coupons.ts';
import { ok } from '../lib/envelope.ts';
import { badRequest } from '../lib/errors.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The user's coupons (API.md "Coupons"). Redeem codes that grant them are in codes.ts.

export function couponRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  // `unused` (the default) also lists coupons held by an unpaid order (inUse: true) and those not valid yet.
  routes.get('/api/promotion/coupon/list', tenant, auth, (c) => {
    const status = (c.req.query('status') ?? '').trim() || 'unused';
    if (!COUPON_STATUSES.includes(status as CouponStatus)) throw badRequest(`status must be one of ${COUPON_STATUSES.join(', ')}`);
    const now = deps.now();
    const language = languageOf(c);
    return ok(c, listCoupons(deps.db, c.get('user').id, status as CouponStatus, now).map((row) => couponJson(row, language, now)));
  });

  return routes;
}
