import { createHash, randomBytes } from 'node:crypto';
import { findByAccessHash, findRefreshable, findReplayedRefresh, insertSession, markRefreshUsed, revokeFamily, revokeAllSessionsOfUser } from '../data/sessions.ts';
import type { Deps, UserRow } from './types.ts';
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
async function insertPair(deps: Deps, user: TokenOwner, family: string): Promise<TokenPair> {
  const accessToken = newToken();
  const refreshToken = newToken();
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

/** A rotation within the reuse interval. The new pair is kept in memory only, never in the database. */
interface RecentRotation {
  pair: TokenPair;
  device: string;
  at: number;
}

const recentRotations = new WeakMap<Deps['db'], Map<string, RecentRotation>>();

function rotationsOf(deps: Deps, now: number): Map<string, RecentRotation> {
  let rotations = recentRotations.get(deps.db);
  if (!rotations) recentRotations.set(deps.db, (rotations = new Map()));
  for (const [hash, rotation] of rotations) if (now - rotation.at >= REFRESH_REUSE_INTERVAL_MS) rotations.delete(hash);
  return rotations;
}

/**
 * Rotation: the presented refresh token is marked used and a new pair is issued, all in one transaction so two
 * concurrent refreshes with the same token cannot both rotate it. The old access token keeps working until it
 * expires so requests already in flight are not bounced. Null means the caller must log in again, which is also
 * the answer for a closed account and for a guest whose trial is over.
 *
 * `device` names who asks (address and fingerprint). The same device presenting the same token again within the
 * reuse interval, while the pair it got is still unused, gets that pair again.
 *
 * Reuse detection: any other presentation of a token that was already rotated away is a copy in someone else's
 * hands (or the owner's copy after a thief refreshed first). Either way the chain can no longer be told apart, so
 * the whole family ends, access tokens and the stream tokens it asked for included; the owner logs in again.
 */
export async function rotateRefreshToken(deps: Deps, token: string, tenantId: number, device: string): Promise<TokenPair | null> {
  const hash = hashToken(token);
  const result = await deps.db.transaction(async (tx): Promise<TokenPair | 'replayed' | null> => {
    const now = deps.now();
    const rotations = rotationsOf(deps, now);
    const session = await findRefreshable(tx, hash, tenantId, now);
    if (!session) {
      const recent = rotations.get(hash);
      if (recent && recent.device === device && await findRefreshable(tx, hashToken(recent.pair.refreshToken), tenantId, now)) return recent.pair;
      const replayed = await findReplayedRefresh(tx, hash, tenantId);
      if (!replayed) return null;
      rotations.delete(hash);
      await revokeFamily(tx, replayed.id, now);
      return 'replayed';
    }
    if (isTrialOver(session, now)) return null;
    // Guarded: of two rotations of one token at once, the one that marks it second gets nothing.
    if (!(await markRefreshUsed(tx, session.id, now))) return null;
    return await insertPair({ ...deps, db: tx }, { id: session.user_id, tenant_id: session.tenant_id, trial_expires_at: session.trial_expires_at }, session.family);
  });
  // A new pair is remembered once committed, so an attempt the engine ran again leaves none here that the database
  // does not hold; the pair given again is remembered already, from when it was issued.
  if (result !== null && result !== 'replayed') {
    const now = deps.now();
    const rotations = rotationsOf(deps, now);
    if (rotations.get(hash)?.pair !== result) rotations.set(hash, { pair: result, device, at: now });
  }
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
