import { Hono } from 'hono';
import * as contract from '../../shared/contract/apps.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { appOperationReply, listPhoneApps, settleLater, startAppOperation } from '../lib/app-operations.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// App batch management (shared/contract/apps.ts); the rules are in lib/app-operations.ts and lib/phone-apps.ts.

export function appRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.listApps, guard, async (c, { query }) => await listPhoneApps(deps, c.get('user'), query.userPhoneIds));

  contractRoute(routes, deps, contract.operateApp, guard, async (c, { body }) => {
    const user = c.get('user');
    const { reply, endsAt, operationId } = await startAppOperation(deps, user, body);
    // Ends the items even when nobody polls (with the real clock; a test's clock settles them when read).
    const wait = Math.max(0, endsAt - deps.now()) + 50;
    setTimeout(() => void settleLater(deps, operationId, user.id), wait).unref();
    return reply;
  });

  contractRoute(routes, deps, contract.appOperation, guard, async (c, { query }) => await appOperationReply(deps, c.get('user'), query.operationId));

  return routes;
}
