import { flag } from '../db/dialect.ts';
import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../shared/error-codes.ts';
import { tenantExists } from '../data/client.ts';
import { fail } from './envelope.ts';
import { apiError, otherCause } from './errors.ts';
import { findSessionByAccessToken } from './tokens.ts';
import type { AppEnv, Deps, UserRow } from './types.ts';
import { isTrialOver } from './users.ts';

/**
 * Every endpoint but get-client-secure-data needs the tenant-id header (API.md). An id that is not a known
 * tenant gets the same answer as a missing one: the client then logs out and resolves its client number again
 * (spec §8), which is the only way a stale stored tenant id can heal.
 */
export function requireTenant(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = (c.req.header('tenant-id') ?? '').trim();
    const tenantId = /^\d{1,15}$/.test(header) ? Number(header) : 0;
    if (!tenantId || !await tenantExists(deps.db, tenantId)) return fail(c, otherCause('missingTenant'));
    c.set('tenantId', tenantId);
    await next();
  };
}

/**
 * Bearer token -> user. Mount after requireTenant: a token only counts in the tenant it was issued for.
 * A guest past the trial end gets TRIAL_ENDED even with a token that has expired (its expiry is the trial end):
 * a plain 401 would make the client refresh, fail and log out without saying why.
 */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = (c.req.header('authorization') ?? '').match(/^Bearer\s+(\S+)$/i);
    const found = match ? await findSessionByAccessToken(deps, match[1]!, c.get('tenantId')) : null;
    if (!found) return fail(c, apiError(ErrorCode.UNAUTHORIZED));
    const now = deps.now();
    if (isTrialOver(found.user, now)) return fail(c, apiError(ErrorCode.TRIAL_ENDED));
    if (found.accessExpiresAt <= now) return fail(c, apiError(ErrorCode.UNAUTHORIZED));
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    await next();
  };
}

/** Mount after requireAuth on the calls API.md reserves for registered accounts. */
export const requireRegistered: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (flag(c.get('user').guest)) return fail(c, apiError(ErrorCode.GUEST_NOT_ALLOWED));
  await next();
};

/** The number of a registered user; also narrows the type for routes behind requireRegistered. */
export function mobileOf(user: UserRow): string {
  if (user.mobile === null) throw apiError(ErrorCode.GUEST_NOT_ALLOWED);
  return user.mobile;
}
