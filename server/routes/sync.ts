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

  contractRoute(routes, deps, contract.startSync, guard, (c, { body }) => startSync(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.getSync, guard, (c, { query }) => syncOfPhone(db, c.get('user'), query.userPhoneId, deps.now()));
  contractRoute(routes, deps, contract.switchSyncMain, guard, (c, { body }) => switchMain(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.leaveSync, guard, (c, { body }) => leaveSync(db, c.get('user'), body, deps.now()));
  contractRoute(routes, deps, contract.stopSync, guard, (c, { body }) => stopSync(db, c.get('user'), body.groupId));

  return routes;
}
