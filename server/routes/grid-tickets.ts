import { Hono } from 'hono';
import { insertGridTicket } from '../data/grid-tickets.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { GRID_TICKET_PATH, GRID_TICKET_TTL_MS } from '../../src/contract/grid-protocol.ts';
import type { GridTicket } from '../../src/contract/grid-protocol.ts';

// The live grid's ticket (API.md "Live grid"), on the streaming host's path. A WebSocket cannot carry the bearer
// token in a header, and an access token in a URL would end up in logs: the ticket is a short-lived stand-in that
// opens only the grid socket, for this user, while the login session that asked for it is live.

export function gridTicketRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(GRID_TICKET_PATH, requireTenant(deps), requireAuth(deps), (c) => {
    const now = deps.now();
    const ticket = newToken();
    const expireTime = now + GRID_TICKET_TTL_MS;
    insertGridTicket(deps.db, {
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
