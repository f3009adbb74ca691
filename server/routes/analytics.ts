import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono } from 'hono';
import * as contract from '../../shared/contract/analytics.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';
import { deleteEventsBefore, insertEvents } from '../data/analytics.ts';
import { findClientByNo } from '../data/client.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { admitAnalyticsSend } from '../lib/admissions.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The reference analytics collector (shared/contract/analytics.ts): the events a page sends, stored per tenant. It
// needs no session (a beacon carries no headers, and events are recorded before login too); the client number in
// the body names the tenant. What it keeps is bounded (server/API.md "Analytics"): sends per address and per address
// group, the stored size of each event, a budget of events per tenant and day, and a retention window.

/** Events one delete of the sweep removes at most (a millisecond or two), before it lets other work run. */
export const ANALYTICS_SWEEP_BATCH = 1000;

export function analyticsRoutes(deps: Deps): { routes: Hono<AppEnv>; sweep: () => Promise<number> } {
  const routes = new Hono<AppEnv>();
  contractRoute(routes, deps, contract.collectEvents, [], async (c, { body }) => {
    await admitAnalyticsSend(deps, clientAddress(c, deps.trustProxy));
    const client = await findClientByNo(deps.db, body.clientNo);
    if (!client) throw apiError(ErrorCode.CLIENT_NOT_FOUND);
    // Past the tenant's budget the send is still answered as taken: the queue then drops those events, where a
    // refusal to wait would have it send them again every few seconds until the day ends.
    const accepted = await insertEvents(deps.db, client.tenant_id, body.events, deps.now(), {
      propertiesMaxBytes: deps.limits.analyticsPropertiesMaxBytes,
      tenantEventsPerDay: deps.limits.analyticsTenantEventsPerDay,
    });
    return { accepted };
  });

  /** Deletes the expired events a batch at a time, with a turn of the event loop between batches. */
  async function deleteExpired(): Promise<number> {
    const before = deps.now() - deps.limits.analyticsRetentionDays * DAY_MS;
    let total = 0;
    for (;;) {
      const deleted = await deleteEventsBefore(deps.db, before, ANALYTICS_SWEEP_BATCH);
      total += deleted;
      if (deleted < ANALYTICS_SWEEP_BATCH) return total;
      await nextTurn();
    }
  }

  let sweeping: Promise<number> | null = null;
  /**
   * Deletes the events received more than the retention window ago and answers how many went; the first batch goes
   * before the call returns. A sweep asked for while one runs is that one.
   */
  async function sweep(): Promise<number> {
    sweeping ??= deleteExpired().finally(() => {
      sweeping = null;
    });
    return sweeping;
  }
  return { routes, sweep };
}
