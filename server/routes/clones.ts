import { Hono } from 'hono';
import * as contract from '../../shared/contract/clones.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { cloneOrder, clonePhones, createTemplate, deleteTemplate, listTemplates } from '../lib/clones.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import type { PhoneRestarted } from './phone-operations.ts';

// Clone templates and clones (shared/contract/clones.ts); the rules are in lib/clones.ts.

/**
 * `phoneRestarted` hears of a template's source and of each cloned phone (its screen starts again: a cloned one from
 * the new instance, with its new apps).
 */
export function cloneRoutes(deps: Deps, phoneRestarted?: PhoneRestarted): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.listTemplates, guard, async (c) => await listTemplates(deps, c.get('user')));
  contractRoute(routes, deps, contract.createTemplate, guard, async (c, { body }) => {
    const made = await createTemplate(deps, c.get('user'), body.userPhoneId, body.name);
    // Its source restarts its screen for the operation, as the restarts do (a failed template started none).
    if (made.state === 'creating') phoneRestarted?.(body.userPhoneId, 'template');
    return made;
  });
  contractRoute(routes, deps, contract.deleteTemplate, guard, async (c, { body }) => {
    await deleteTemplate(deps, c.get('user'), body.templateId);
    return true;
  });
  contractRoute(routes, deps, contract.clonePhones, guard, async (c, { body }) => {
    const order = await clonePhones(deps, c.get('user'), body.templateId, body.userPhoneIds);
    for (const item of order.items) {
      deps.appsChanged?.(item.userPhoneId);
      phoneRestarted?.(item.userPhoneId, 'clone');
    }
    return order;
  });
  contractRoute(routes, deps, contract.cloneOrder, guard, async (c, { query }) => await cloneOrder(deps, c.get('user'), query.orderNo));

  return routes;
}
