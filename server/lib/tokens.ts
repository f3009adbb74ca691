import { createHash, createHmac, randomBytes } from 'node:crypto';
import { findByAccessHash, findRefreshable, findReplayedRefresh, insertSession, markRefreshUsed, revokeFamily, revokeAllSessionsOfUser } from '../data/sessions.ts';
import type { RotatedSession } from '../data/sessions.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { isTrialOver } from './users.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working, ms since epoch (API.md "Token pair"). */
  expiresTime: number;
  userId: number;
}

/** What a token pair is issued for; a guest's trial end caps both tokens. */
type TokenOwner = Pick<UserRow, 'id' | 'tenant_id' | 'trial_expires_at'>;

/** 256 random bits: unguessable, and URL-safe so a token can also travel as a query value. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** A login's pair; a refresh derives its pair instead (rotatedTokens), as unguessable and as URL-safe. */
function newTokens(): Tokens {
  return { accessToken: newToken(), refreshToken: newToken() };
}

/** Only this digest is stored, so a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * One row per token pair. Pairs created by refreshing share a `family` with the login that started them,
 * so logout can end the whole chain, including older access tokens that have not expired yet.
 * A guest's tokens never outlive the trial (API.md "Guest trial"), so the client's expiresTime is the trial end
 * at the latest and no refresh is possible after it.
 */
async function insertPair(deps: Deps, user: TokenOwner, family: string, tokens: Tokens = newTokens()): Promise<TokenPair> {
  const { accessToken, refreshToken } = tokens;
  const now = deps.now();
  const cap = user.trial_expires_at ?? Infinity;
  const expiresTime = Math.min(now + deps.accessTokenTtlSeconds * 1000, cap);
  await insertSession(deps.db, {
    userId: user.id,
    tenantId: user.tenant_id,
    family,
    accessHash: hashToken(accessToken),
    refreshHash: hashToken(refreshToken),
    accessExpiresAt: expiresTime,
    refreshExpiresAt: Math.min(now + REFRESH_TOKEN_TTL_MS, cap),
    createdAt: now,
  });
  return { accessToken, refreshToken, expiresTime, userId: user.id };
}

export async function issueTokenPair(deps: Deps, user: TokenOwner): Promise<TokenPair> {
  return await insertPair(deps, user, randomBytes(12).toString('base64url'));
}

export interface AccessSession {
  user: UserRow;
  sessionId: number;
  /** Checked by the caller, not here: a guest past the trial end gets TRIAL_ENDED rather than 401 (requireAuth). */
  accessExpiresAt: number;
}

/**
 * The user and session behind an access token of this tenant that is not revoked and whose account is not closed,
 * or null (missing, unknown, revoked, closed account, other tenant). Expiry is left to the caller (see above).
 */
export async function findSessionByAccessToken(deps: Deps, token: string, tenantId: number): Promise<AccessSession | null> {
  const row = await findByAccessHash(deps.db, hashToken(token), tenantId);
  if (!row) return null;
  const { session_id, session_access_expires_at, ...user } = row;
  return { user, sessionId: session_id, accessExpiresAt: session_access_expires_at };
}

/**
 * How long a rotated refresh token, presented again by the device that rotated it, still answers the pair it was
 * rotated into (the "reuse interval" of the OAuth 2.0 security BCP): two requests of one tab racing, or a webview
 * retrying a reply it lost, are not a theft.
 */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;

/**
 * The pair a refresh token rotates into: keyed hashes of that token, the device rotating it and a random salt stored
 * with the rotated session. Any instance holding the key and the database can so give a retry the same pair again,
 * and only hashes of the tokens are stored. The key alone, with a stolen old token, derives nothing: the salt is
 * dropped as soon as the pair it made is used or its chain ends (data/sessions.ts markRefreshUsed, revokeFamily).
 * Token, salt and label are base64url or fixed words, so the dots keep the inputs apart whatever the device says.
 */
function rotatedTokens(deps: Deps, refreshToken: string, device: string, salt: string): Tokens {
  const derive = (label: string) => createHmac('sha256', deps.secrets.refreshTokenKey)
    .update(`${label}.${salt}.${refreshToken}.${device}`).digest('base64url');
  return { accessToken: derive('access'), refreshToken: derive('refresh') };
}

/**
 * The pair the presented, already rotated token was rotated into, if this is a repeat the reuse interval allows:
 * within it, from the device that rotated it (otherwise the derived refresh token matches no session), while that
 * pair's refresh token is unused and its chain live.
 */
async function rotatedPairAgain(deps: Deps, tx: Db, token: string, rotated: RotatedSession, tenantId: number,
  device: string, now: number): Promise<TokenPair | null> {
  if (rotated.rotation_salt === null || now - rotated.refresh_used_at >= REFRESH_REUSE_INTERVAL_MS) return null;
  const tokens = rotatedTokens(deps, token, device, rotated.rotation_salt);
  const successor = await findRefreshable(tx, hashToken(tokens.refreshToken), tenantId, now);
  if (!successor) return null;
  return { ...tokens, expiresTime: successor.access_expires_at, userId: successor.user_id };
}

/**
 * Rotation: the presented refresh token is marked used and a new pair is issued, all in one transaction so two
 * concurrent refreshes with the same token cannot both rotate it. The old access token keeps working until it
 * expires so requests already in flight are not bounced. Null means the caller must log in again, which is also
 * the answer for a closed account and for a guest whose trial is over.
 *
 * `device` names who asks (address and fingerprint). The same device presenting the same token again within the
 * reuse interval, while the pair it got is still unused, gets that pair again, from any instance on the database.
 *
 * Reuse detection: any other presentation of a token that was already rotated away is a copy in someone else's
 * hands (or the owner's copy after a thief refreshed first). Either way the chain can no longer be told apart, so
 * the whole family ends, access tokens and the stream tokens it asked for included; the owner logs in again.
 */
export async function rotateRefreshToken(deps: Deps, token: string, tenantId: number, device: string): Promise<TokenPair | null> {
  const hash = hashToken(token);
  const result = await deps.db.transaction(async (tx): Promise<TokenPair | 'replayed' | null> => {
    const now = deps.now();
    const session = await findRefreshable(tx, hash, tenantId, now);
    if (!session) {
      const rotated = await findReplayedRefresh(tx, hash, tenantId);
      if (!rotated) return null;
      const again = await rotatedPairAgain(deps, tx, token, rotated, tenantId, device, now);
      if (again) return again;
      await revokeFamily(tx, rotated.id, now);
      return 'replayed';
    }
    if (isTrialOver(session, now)) return null;
    const salt = randomBytes(16).toString('base64url');
    // Guarded: of two rotations of one token at once, the one that marks it second gets nothing.
    if (!(await markRefreshUsed(tx, session.id, now, salt))) return null;
    const owner = { id: session.user_id, tenant_id: session.tenant_id, trial_expires_at: session.trial_expires_at };
    return await insertPair({ ...deps, db: tx }, owner, session.family, rotatedTokens(deps, token, device, salt));
  });
  if (result !== 'replayed') return result;
  deps.accessRevoked();
  return null;
}

/** Logout: every pair of the login chain stops working, access and refresh alike, and so do its stream tokens. */
export async function revokeSessionFamily(deps: Deps, sessionId: number): Promise<void> {
  await revokeFamily(deps.db, sessionId, deps.now());
  deps.accessRevoked();
}

/** A password change or reset, or closing the account, ends every session of the user, on every device. */
export async function revokeUserSessions(deps: Deps, userId: number): Promise<void> {
  await revokeAllSessionsOfUser(deps.db, userId, deps.now());
  deps.accessRevoked();
}
