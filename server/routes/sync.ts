import { Hono } from 'hono';
import * as contract from '../../shared/contract/sync.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { leaveSync, startSync, stopSync, switchMain, syncOfPhone } from '../lib/sync.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Group control (shared/contract/sync.ts); the rules are in lib/sync.ts, the mirroring in stream/sync-fanout.ts.

export function syncRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  contractRoute(routes, deps, contract.startSync, guard, async (c, { body }) => await startSync(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.getSync, guard, async (c, { query }) => await syncOfPhone(db, c.get('user'), query.userPhoneId, deps.now()));
  contractRoute(routes, deps, contract.switchSyncMain, guard, async (c, { body }) => await switchMain(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.leaveSync, guard, async (c, { body }) => await leaveSync(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.stopSync, guard, async (c, { body }) => await stopSync(db, c.get('user'), body.groupId));

  return routes;
}
