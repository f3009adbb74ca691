import type { Db } from '../lib/types.ts';
import { statement } from './statements.ts';

// Security tokens that open a phone's stream (digests only, like sessions).

export interface StreamPhoneRow {
  id: number;
  name: string;
  width: number;
  height: number;
}

export function insertPhoneToken(db: Db, phoneId: number, userId: number, tokenHash: string, expiresAt: number, now: number): void {
  statement(db, 'INSERT INTO phone_security_tokens (phone_id, user_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
    phoneId,
    userId,
    tokenHash,
    expiresAt,
    now,
  );
}

/**
 * The phone a token digest opens, or undefined: the token must be unexpired and for this phone, and the phone must
 * still belong to the user the token was issued to (a transfer or a closed account ends it) and be unexpired.
 */
export function phoneOpenedBy(db: Db, tokenHash: string, phoneId: number, now: number): StreamPhoneRow | undefined {
  return statement(
    db,
    `SELECT p.id, p.name, p.width, p.height FROM phone_security_tokens t
     JOIN phones p ON p.id = t.phone_id JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ? AND t.phone_id = ? AND t.expires_at > ? AND p.user_id = t.user_id AND p.expire_time > ?
       AND u.deleted_at IS NULL`,
  ).get(tokenHash, phoneId, now, now) as StreamPhoneRow | undefined;
}
