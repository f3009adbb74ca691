import { createHash, randomBytes } from 'node:crypto';
import type { Deps, UserRow } from './types.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working, ms since epoch (API.md "Token pair"). */
  expiresTime: number;
  userId: number;
}

interface SessionRow {
  id: number;
  user_id: number;
  tenant_id: number;
  family: string;
}

/** 256 random bits: unguessable, and URL-safe so a token can also travel as a query value. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * One row per token pair. Pairs created by refreshing share a `family` with the login that started them,
 * so logout can end the whole chain, including older access tokens that have not expired yet.
 */
function insertPair(deps: Deps, user: { id: number; tenant_id: number }, family: string): TokenPair {
  const accessToken = newToken();
  const refreshToken = newToken();
  const now = deps.now();
  const expiresTime = now + deps.accessTokenTtlSeconds * 1000;
  deps.db
    .prepare(
      `INSERT INTO sessions (user_id, tenant_id, family, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(user.id, user.tenant_id, family, hashToken(accessToken), hashToken(refreshToken), expiresTime, now + REFRESH_TOKEN_TTL_MS, now);
  return { accessToken, refreshToken, expiresTime, userId: user.id };
}

export function issueTokenPair(deps: Deps, user: { id: number; tenant_id: number }): TokenPair {
  return insertPair(deps, user, randomBytes(12).toString('base64url'));
}

/** The user and session behind a live access token of this tenant, or null (missing, unknown, revoked, expired, other tenant). */
export function findByAccessToken(deps: Deps, token: string, tenantId: number): { user: UserRow; sessionId: number } | null {
  const row = deps.db
    .prepare(
      `SELECT s.id AS session_id, u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.access_hash = ? AND s.revoked_at IS NULL AND s.access_expires_at > ? AND s.tenant_id = ?`,
    )
    .get(hashToken(token), deps.now(), tenantId) as (UserRow & { session_id: number }) | undefined;
  if (!row) return null;
  const { session_id, ...user } = row;
  return { user, sessionId: session_id };
}

/**
 * Rotation: the presented refresh token is marked used and a new pair is issued, all in one transaction so two
 * concurrent refreshes with the same token cannot both succeed. The old access token keeps working until it
 * expires so requests already in flight are not bounced. Null means the caller must log in again.
 */
export function rotateRefreshToken(deps: Deps, token: string, tenantId: number): TokenPair | null {
  const run = deps.db.transaction((): TokenPair | null => {
    const now = deps.now();
    const session = deps.db
      .prepare(
        `SELECT id, user_id, tenant_id, family FROM sessions
         WHERE refresh_hash = ? AND tenant_id = ? AND revoked_at IS NULL AND refresh_used_at IS NULL AND refresh_expires_at > ?`,
      )
      .get(hashToken(token), tenantId, now) as SessionRow | undefined;
    if (!session) return null;
    deps.db.prepare('UPDATE sessions SET refresh_used_at = ? WHERE id = ?').run(now, session.id);
    return insertPair(deps, { id: session.user_id, tenant_id: session.tenant_id }, session.family);
  });
  return run.immediate();
}

/** Logout: every pair of the login chain stops working, access and refresh alike. */
export function revokeSessionFamily(deps: Deps, sessionId: number): void {
  deps.db
    .prepare(
      `UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL
       AND family = (SELECT family FROM sessions WHERE id = ?)`,
    )
    .run(deps.now(), sessionId);
}

/** A password change or reset ends every session of the user, on every device. */
export function revokeUserSessions(deps: Deps, userId: number): void {
  deps.db.prepare('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND user_id = ?').run(deps.now(), userId);
}
