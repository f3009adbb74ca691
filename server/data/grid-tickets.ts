import type { Db } from '../lib/types.ts';

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
export async function insertGridTicket(db: Db, t: NewGridTicket): Promise<void> {
  await db.run('DELETE FROM grid_tickets WHERE expires_at <= ?', t.createdAt);
  await db.run('INSERT INTO grid_tickets (user_id, session_id, ticket_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)', t.userId,
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
export async function gridTicketHolder(db: Db, ticketHash: string, now: number): Promise<GridTicketHolder | undefined> {
  return await db.get(`SELECT t.user_id, u.tenant_id FROM grid_tickets t
     JOIN users u ON u.id = t.user_id JOIN sessions s ON s.id = t.session_id
     WHERE t.ticket_hash = ? AND t.expires_at > ? AND u.deleted_at IS NULL AND s.revoked_at IS NULL`, ticketHash, now) as GridTicketHolder | undefined;
}
