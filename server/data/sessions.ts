import type { Db, UserRow } from '../lib/types.ts';

// Token pairs (one row each, only digests stored). Pairs made by refreshing share the `family` of the login that
// started them, so logout ends the whole chain.

export interface NewSession {
  userId: number;
  tenantId: number;
  family: string;
  accessHash: string;
  refreshHash: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  createdAt: number;
}

/** A refreshable session with what the rotation needs of its user. */
export interface RefreshableSession {
  id: number;
  user_id: number;
  tenant_id: number;
  family: string;
  access_expires_at: number;
  trial_expires_at: number | null;
  guest: number;
}

/** A refresh token rotated away whose chain is still live, and what may give its new pair again. */
export interface RotatedSession {
  id: number;
  refresh_used_at: number;
  /** Null once the pair it rotated into was used, or for a rotation made before salts were kept. */
  rotation_salt: string | null;
}

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await db.run(`INSERT INTO sessions (user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, s.userId, s.tenantId, s.family, s.accessHash, s.refreshHash, s.accessExpiresAt, s.refreshExpiresAt, s.createdAt);
}

/** The live session of this access digest in the tenant, with its user (expiry is left to the caller). */
export async function findByAccessHash(db: Db, accessHash: string, tenantId: number): Promise<(UserRow & { session_id: number; session_access_expires_at: number }) | undefined> {
  return await db.get(`SELECT s.id AS session_id, s.access_expires_at AS session_access_expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.access_hash = ? AND s.revoked_at IS NULL AND s.tenant_id = ? AND u.deleted_at IS NULL`, accessHash, tenantId) as (UserRow & { session_id: number; session_access_expires_at: number }) | undefined;
}

/** The session whose refresh token this is, if it may still be used once (not revoked, used or expired). */
export async function findRefreshable(db: Db, refreshHash: string, tenantId: number, now: number): Promise<RefreshableSession | undefined> {
  return await db.get(`SELECT s.id, s.user_id, s.tenant_id, s.family, s.access_expires_at, u.guest, u.trial_expires_at
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.refresh_hash = ? AND s.tenant_id = ? AND s.revoked_at IS NULL AND s.refresh_used_at IS NULL AND s.refresh_expires_at > ?
       AND u.deleted_at IS NULL`, refreshHash, tenantId, now) as RefreshableSession | undefined;
}

/**
 * The session of a refresh token that was already rotated away and whose chain is still live: presenting it again
 * means two parties hold the chain (reuse detection, OAuth 2.0 security BCP).
 */
export async function findReplayedRefresh(
  db: Db, refreshHash: string, tenantId: number,
): Promise<RotatedSession | undefined> {
  return await db.get(`SELECT id, refresh_used_at, rotation_salt FROM sessions
     WHERE refresh_hash = ? AND tenant_id = ? AND refresh_used_at IS NOT NULL AND revoked_at IS NULL`,
  refreshHash, tenantId) as RotatedSession | undefined;
}

/**
 * Marks the session's refresh token used, with the salt its new pair is derived with; false when it was used already
 * (a rotation that got there first). The salt of the rotation before it goes: the pair that one gave is being used
 * now, so it can never be given again.
 */
export async function markRefreshUsed(db: Db, sessionId: number, now: number, salt: string): Promise<boolean> {
  const { changes } = await db.run(`UPDATE sessions SET refresh_used_at = ?, rotation_salt = ?
     WHERE id = ? AND refresh_used_at IS NULL`, now, salt, sessionId);
  if (changes !== 1) return false;
  await db.run(`UPDATE sessions SET rotation_salt = NULL WHERE rotation_salt IS NOT NULL AND id <> ?
     AND family = (SELECT family FROM sessions WHERE id = ?)`, sessionId, sessionId);
  return true;
}

/** Every pair of the session's login chain stops working, access and refresh alike. */
export async function revokeFamily(db: Db, sessionId: number, now: number): Promise<void> {
  await db.run(`UPDATE sessions SET revoked_at = ?, rotation_salt = NULL WHERE revoked_at IS NULL
     AND family = (SELECT family FROM sessions WHERE id = ?)`, now, sessionId);
}

export async function revokeAllSessionsOfUser(db: Db, userId: number, now: number): Promise<void> {
  await db.run('UPDATE sessions SET revoked_at = ?, rotation_salt = NULL WHERE revoked_at IS NULL AND user_id = ?', now, userId);
}
