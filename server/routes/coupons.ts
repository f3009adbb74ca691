import { Hono } from 'hono';
import * as contract from '../../shared/contract/shop-orders.ts';
import { listCoupons } from '../data/coupons.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { couponJson } from '../lib/coupons.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The user's coupons (shared/contract/shop-orders.ts; API.md "Coupons"). Redeem codes that grant them are in codes.ts.

export function couponRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  // `unused` (the default) also lists coupons held by an unpaid order (inUse: true) and those not valid yet.
  contractRoute(routes, deps, contract.listCoupons, guard, async (c, { query }) => {
    const now = deps.now();
    const language = languageOf(c);
    return (await listCoupons(deps.db, c.get('user').id, query.status, now)).map((row) => couponJson(row, language, now));
  });

  return routes;
}
