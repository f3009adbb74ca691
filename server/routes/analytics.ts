import { Hono } from 'hono';
import * as contract from '../../src/contract/analytics.ts';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { insertEvents } from '../data/analytics.ts';
import { findClientByNo } from '../data/client.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { admitAnalyticsSend } from '../lib/admissions.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The reference analytics collector (src/contract/analytics.ts): the events a page sends, stored per tenant. It
// needs no session (a beacon carries no headers, and events are recorded before login too); the client number in
// the body names the tenant, and each address may send a limited number of times a minute.

export function analyticsRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  contractRoute(routes, deps, contract.collectEvents, [], (c, { body }) => {
    admitAnalyticsSend(deps, clientAddress(c, deps.trustProxy));
    const client = findClientByNo(deps.db, body.clientNo);
    if (!client) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    insertEvents(deps.db, client.tenant_id, body.events, deps.now());
    return { accepted: body.events.length };
  });
  return routes;
}
