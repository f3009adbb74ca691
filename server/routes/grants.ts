import { Hono } from 'hono';
import * as contract from '../../shared/contract/grants.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { createGrant, grantRecords, inspectGrantCode, phonesGrantedTo, redeemGrantCode, revokeGrant } from '../lib/grants.ts';
import { guessing } from '../lib/throttles.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Grants (shared/contract/grants.ts; API.md "Grants"). Only registered accounts grant or hold grants: a guest's trial
// account neither lends phones nor borrows them.

export function grantRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps), requireRegistered];

  // A grant by account answers whether the number has an account: unknown ones count as code guesses (below).
  contractRoute(routes, deps, contract.createGrant, guard, async (c, { body }) => {
    if (body.mode !== 'account') return await createGrant(db, c.get('user'), body, deps.now(), () => {});
    const address = clientAddress(c, deps.trustProxy);
    return await guessing(deps, c.get('user').id, address, (unknown) => createGrant(db, c.get('user'), body, deps.now(), unknown));
  });

  contractRoute(routes, deps, contract.listGrants, guard, async (c, { query }) => await grantRecords(db, c.get('user'), query.pageNo, query.pageSize, deps.now()));

  // The access ends in the transaction; the stream then re-checks its sockets and closes the grantee's.
  contractRoute(routes, deps, contract.revokeGrant, guard, async (c, { body }) => {
    if (await revokeGrant(db, c.get('user'), body.grantId, deps.now())) deps.accessRevoked();
    return true;
  });

  // Codes are guessable in principle: both calls wait while the caller or its address is locked out after too many
  // codes that do not exist (throttles.ts, shared with activation and redeem codes), and count each unknown code.
  contractRoute(routes, deps, contract.validateGrantCode, guard, async (c, { query }) => {
    const address = clientAddress(c, deps.trustProxy);
    return await guessing(deps, c.get('user').id, address, (unknown) => inspectGrantCode(db, c.get('user'), query.code, deps.now(), unknown));
  });

  contractRoute(routes, deps, contract.redeemGrantCode, guard, async (c, { body }) => {
    const address = clientAddress(c, deps.trustProxy);
    return await guessing(deps, c.get('user').id, address, (unknown) => redeemGrantCode(db, c.get('user'), body.code, deps.now(), unknown));
  });

  contractRoute(routes, deps, contract.listGrantedPhones, guard, async (c) => await phonesGrantedTo(db, c.get('user'), deps.now()));

  return routes;
}
