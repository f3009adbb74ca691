import { Hono } from 'hono';
import * as contract from '../../shared/contract/transfers.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { guessing } from '../lib/throttles.ts';
import { checkTransfer, runTransfer, transferRecords } from '../lib/transfers.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Transfers to another account (shared/contract/transfers.ts); the rules are in lib/transfers.ts. Registered accounts
// only: a guest's trial phone is not the guest's to give, and a guest cannot receive one either (lib: receiver).

export function transferRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps), requireRegistered];

  // Both answer whether a number has an account: they wait while the caller or its address is locked out after too
  // many guesses (throttles.ts, shared with codes), and each unknown receiver counts as one.
  contractRoute(routes, deps, contract.checkTransfer, guard, async (c, { body }) => {
    const address = clientAddress(c, deps.trustProxy);
    return await guessing(deps, c.get('user').id, address, (unknown) => checkTransfer(db, c.get('user'), body, deps.now(), unknown));
  });

  contractRoute(routes, deps, contract.transferPhones, guard, async (c, { body }) => {
    const address = clientAddress(c, deps.trustProxy);
    return await guessing(deps, c.get('user').id, address, (unknown) => runTransfer(deps, c.get('user'), body, unknown));
  });

  contractRoute(routes, deps, contract.listTransfers, guard, async (c, { query }) => await transferRecords(db, c.get('user'), query));

  return routes;
}
