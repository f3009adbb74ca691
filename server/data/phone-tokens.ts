import type { Db } from '../lib/types.ts';
import { statement } from './statements.ts';

// Security tokens that open a phone's stream (digests only, like sessions).

export interface StreamPhoneRow {
  id: number;
  name: string;
  width: number;
  height: number;
  /** Who the token was issued to: screenshot limits are counted per user across their sockets. */
  user_id: number;
}

export interface NewPhoneToken {
  phoneId: number;
  userId: number;
  /** The login session that asked for it: the token lives only as long as that session's login chain. */
  sessionId: number;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
}

export function insertPhoneToken(db: Db, t: NewPhoneToken): void {
  statement(
    db,
    'INSERT INTO phone_security_tokens (phone_id, user_id, session_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(t.phoneId, t.userId, t.sessionId, t.tokenHash, t.expiresAt, t.createdAt);
}

/**
 * The phone a token digest opens, or undefined. The token must be unexpired and for this phone; the session that
 * asked for it must not be revoked (logout, password change, closing the account and a refresh-token replay revoke
 * it); the phone must still belong to the user the token was issued to (a transfer or a closed account ends it) and
 * be unexpired.
 */
export function phoneOpenedBy(db: Db, tokenHash: string, phoneId: number, now: number): StreamPhoneRow | undefined {
  return statement(
    db,
    `SELECT p.id, p.name, p.width, p.height, t.user_id FROM phone_security_tokens t
     JOIN phones p ON p.id = t.phone_id JOIN users u ON u.id = t.user_id JOIN sessions s ON s.id = t.session_id
     WHERE t.token_hash = ? AND t.phone_id = ? AND t.expires_at > ? AND p.user_id = t.user_id AND p.expire_time > ?
       AND u.deleted_at IS NULL AND s.revoked_at IS NULL`,
  ).get(tokenHash, phoneId, now, now) as StreamPhoneRow | undefined;
}
