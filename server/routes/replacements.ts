import { Hono } from 'hono';
import * as contract from '../../shared/contract/replacements.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { previewReplacement, submitReplacement } from '../lib/replacements.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import type { PhoneRestarted } from './phone-operations.ts';

// Replacement (shared/contract/replacements.ts); the rules are in lib/replacements.ts.

/** `phoneRestarted` hears of each phone whose replacement started (the stream boots its new instance). */
export function replacementRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.previewReplacement, guard, async (c, { body }) =>
    await previewReplacement(deps.db, c.get('user'), body.userPhoneIds, body.replaceType, deps.now()),
  );

  contractRoute(routes, deps, contract.submitReplacement, guard, async (c, { body }) =>
    await submitReplacement(deps.db, c.get('user'), body.userPhoneIds, body.replaceType, deps.now(), phoneRestarted),
  );

  return routes;
}
