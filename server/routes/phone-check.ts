import { Hono } from 'hono';
import * as contract from '../../shared/contract/phone-check.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { checkPhone, measureTurn } from '../lib/phone-check.ts';
import { loadOwnedPhone } from '../lib/phones.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The phone check (shared/contract/phone-check.ts); what each check means is in lib/phone-check.ts. The owner's phones
// only: the fixes it offers (reboot, renew) are the owner's.

export function phoneCheckRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.checkPhone, guard, async (c, { query }) => {
    const phone = await loadOwnedPhone(deps.db, c.get('user'), query.userPhoneId);
    const latency = await measureTurn();
    return await checkPhone(deps.db, phone, deps.now(), latency);
  });

  return routes;
}
