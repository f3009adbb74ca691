import type { StreamRole } from '../../shared/contract/stream-protocol.ts';
import type { Db } from '../lib/types.ts';

// Security tokens that open a phone's stream (digests only, like sessions).

export interface StreamPhoneRow {
  id: number;
  name: string;
  width: number;
  height: number;
  /** Who the token was issued to: screenshot limits are counted per user across their sockets. */
  user_id: number;
  /** What the token opens the stream as: the phone's owner, or someone with a grant or a share (phone-access.ts). */
  role: StreamRole;
  /** The owner always controls; the others as their access says at this moment. */
  permission: 'view' | 'control';
}

/** What a phone's screen model is made from (stream-server.ts): whoever watches it, owner or live grid. */
export type PhoneScreen = Pick<StreamPhoneRow, 'id' | 'name' | 'width' | 'height'>;

export interface NewPhoneToken {
  phoneId: number;
  userId: number;
  /** The login session that asked for it: the token lives only as long as that session's login chain. */
  sessionId: number;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
  /** The grant or share it was issued under; absent for the owner. */
  accessId?: number;
}

export async function insertPhoneToken(db: Db, t: NewPhoneToken): Promise<void> {
  await db.run('INSERT INTO phone_security_tokens (phone_id, user_id, session_id, token_hash, expires_at, created_at, access_id) VALUES (?, ?, ?, ?, ?, ?, ?)', t.phoneId, t.userId, t.sessionId, t.tokenHash, t.expiresAt, t.createdAt, t.accessId ?? null);
}

/**
 * The phone a token digest opens, or undefined. The token must be unexpired and for this phone; the session that
 * asked for it must not be revoked (logout, password change, closing the account and a refresh-token replay revoke
 * it); the user it was issued to must not have closed the account; the phone must be unexpired. An owner's token
 * needs the phone to still be theirs (a transfer ends it); a grantee's or share viewer's needs its access to be
 * unrevoked, unexpired, and the phone still owned by whoever gave it.
 */
export async function phoneOpenedBy(db: Db, tokenHash: string, phoneId: number, now: number): Promise<StreamPhoneRow | undefined> {
  return await db.get(`SELECT p.id, p.name, p.width, p.height, t.user_id,
       CASE WHEN a.id IS NULL THEN 'owner' WHEN a.kind = 'grant' THEN 'grantee' ELSE 'viewer' END AS role,
       CASE WHEN a.id IS NULL THEN 'control' ELSE a.permission END AS permission
     FROM phone_security_tokens t
     JOIN phones p ON p.id = t.phone_id JOIN users u ON u.id = t.user_id JOIN sessions s ON s.id = t.session_id
     LEFT JOIN phone_access a ON a.id = t.access_id
     WHERE t.token_hash = ? AND t.phone_id = ? AND t.expires_at > ? AND p.expire_time > ?
       AND u.deleted_at IS NULL AND s.revoked_at IS NULL
       AND ((t.access_id IS NULL AND p.user_id = t.user_id)
         OR (a.user_id = t.user_id AND a.phone_id = p.id AND p.user_id = a.owner_id AND a.revoked_at IS NULL AND a.expires_at > ?))`, tokenHash, phoneId, now, now, now) as StreamPhoneRow | undefined;
}
