import { Hono } from 'hono';
import { insertGridTicket } from '../data/grid-tickets.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { WindowCounter } from '../lib/rate-limit.ts';
import { admitEvents } from '../lib/throttles.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { GRID_TICKET_PATH, GRID_TICKET_TTL_MS } from '../../shared/contract/grid-protocol.ts';
import type { GridTicket } from '../../shared/contract/grid-protocol.ts';
import { MINUTE_MS } from '../../shared/contract/time-units.ts';

// The live grid's ticket (API.md "Live grid"), on the streaming host's path. A WebSocket cannot carry the bearer
// token in a header, and an access token in a URL would end up in logs: the ticket is a short-lived stand-in that
// opens only the grid socket, for this user, while the login session that asked for it is live.

/**
 * Tickets one user may be given in any minute. The app asks for one when a grid opens without a good one, when a
 * ticket is refused and a minute before one runs out: a few a minute when switching views often in several tabs.
 * Each is a stored row for ten minutes, so this also bounds the rows one account keeps (200).
 */
export const GRID_TICKETS_PER_MINUTE = 20;

export function gridTicketRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // In the database like the throttles (lib/rate-limit.ts): every instance counts against the one allowance.
  const perUser = new WindowCounter('grid ticket user', GRID_TICKETS_PER_MINUTE, MINUTE_MS);
  routes.post(GRID_TICKET_PATH, requireTenant(deps), requireAuth(deps), async (c) => {
    const now = deps.now();
    await admitEvents(deps.db, now, [[perUser, String(c.get('user').id)]]);
    const ticket = newToken();
    const expireTime = now + GRID_TICKET_TTL_MS;
    await insertGridTicket(deps.db, {
      userId: c.get('user').id,
      sessionId: c.get('sessionId'),
      ticketHash: hashToken(ticket),
      expiresAt: expireTime,
      createdAt: now,
    });
    // Outside /api/, so the API's no-store rule does not reach it: a ticket must never be cached either.
    c.header('Cache-Control', 'no-store');
    return ok(c, { ticket, expireTime } satisfies GridTicket);
  });
  return routes;
}
