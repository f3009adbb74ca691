import type { Db } from '../lib/types.ts';
import { statement } from './statements.ts';

// Live-grid tickets (API.md "Live grid"): digests only, like sessions and stream tokens.

export interface NewGridTicket {
  userId: number;
  /** The login session that asked: the ticket lives only as long as that session's login chain. */
  sessionId: number;
  ticketHash: string;
  expiresAt: number;
  createdAt: number;
}

/** Who a live ticket speaks for. */
export interface GridTicketHolder {
  user_id: number;
  tenant_id: number;
}

/**
 * Stores a ticket. Expired ones are deleted on the way: a grid asks for a new ticket every ten minutes while it is
 * on screen, and nothing else would ever read the old ones again.
 */
export function insertGridTicket(db: Db, t: NewGridTicket): void {
  statement(db, 'DELETE FROM grid_tickets WHERE expires_at <= ?').run(t.createdAt);
  statement(db, 'INSERT INTO grid_tickets (user_id, session_id, ticket_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
    t.userId,
    t.sessionId,
    t.ticketHash,
    t.expiresAt,
    t.createdAt,
  );
}

/**
 * The user a ticket digest speaks for, or undefined: the ticket must be unexpired, the session that asked for it not
 * revoked (logout, a password change, closing the account, a refresh-token replay) and the account open.
 */
export function gridTicketHolder(db: Db, ticketHash: string, now: number): GridTicketHolder | undefined {
  return statement(
    db,
    `SELECT t.user_id, u.tenant_id FROM grid_tickets t
     JOIN users u ON u.id = t.user_id JOIN sessions s ON s.id = t.session_id
     WHERE t.ticket_hash = ? AND t.expires_at > ? AND u.deleted_at IS NULL AND s.revoked_at IS NULL`,
  ).get(ticketHash, now) as GridTicketHolder | undefined;
}
