import type { MiddlewareHandler } from 'hono';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../src/core/error-codes.ts';
import { ApiError, fail, LOGIN_EXPIRED_MESSAGE } from './envelope.ts';
import { findSessionByAccessToken } from './tokens.ts';
import type { AppEnv, Deps, UserRow } from './types.ts';
import { isTrialOver } from './users.ts';

/**
 * Every endpoint but get-client-secure-data needs the tenant-id header (API.md). An id that is not a known
 * tenant gets the same answer as a missing one: the client then logs out and resolves its client number again
 * (spec §8), which is the only way a stale stored tenant id can heal.
 */
export function requireTenant(deps: Deps): MiddlewareHandler<AppEnv> {
  const exists = deps.db.prepare('SELECT 1 FROM tenants WHERE id = ?').pluck();
  return async (c, next) => {
    const header = (c.req.header('tenant-id') ?? '').trim();
    const tenantId = /^\d{1,15}$/.test(header) ? Number(header) : 0;
    if (!tenantId || !exists.get(tenantId)) return fail(c, ErrorCode.BAD_REQUEST, MISSING_TENANT_MESSAGE);
    c.set('tenantId', tenantId);
    await next();
  };
}

export const TRIAL_ENDED_MESSAGE = 'The trial has ended, please log in';
export const GUEST_NOT_ALLOWED_MESSAGE = 'This feature needs a registered account';

/**
 * Bearer token -> user. Mount after requireTenant: a token only counts in the tenant it was issued for.
 * A guest past the trial end gets TRIAL_ENDED even with a token that has expired (its expiry is the trial end):
 * a plain 401 would make the client refresh, fail and log out without saying why.
 */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const found = match ? findSessionByAccessToken(deps, match[1]!, c.get('tenantId')) : null;
    if (!found) return fail(c, ErrorCode.UNAUTHORIZED, LOGIN_EXPIRED_MESSAGE);
    const now = deps.now();
    if (isTrialOver(found.user, now)) return fail(c, ErrorCode.TRIAL_ENDED, TRIAL_ENDED_MESSAGE);
    if (found.accessExpiresAt <= now) return fail(c, ErrorCode.UNAUTHORIZED, LOGIN_EXPIRED_MESSAGE);
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    await next();
  };
}

/** Mount after requireAuth on the calls API.md reserves for registered accounts. */
export const requireRegistered: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('user').guest === 1) return fail(c, ErrorCode.GUEST_NOT_ALLOWED, GUEST_NOT_ALLOWED_MESSAGE);
  await next();
};

/** The number of a registered user; also narrows the type for routes behind requireRegistered. */
export function mobileOf(user: UserRow): string {
  if (user.mobile === null) throw new ApiError(ErrorCode.GUEST_NOT_ALLOWED, GUEST_NOT_ALLOWED_MESSAGE);
  return user.mobile;
}
