import type { MiddlewareHandler } from 'hono';
import { ErrorCode, MISSING_TENANT_MESSAGE } from '../../src/core/error-codes.ts';
import { fail, LOGIN_EXPIRED_MESSAGE } from './envelope.ts';
import { findByAccessToken } from './tokens.ts';
import type { AppEnv, Deps } from './types.ts';

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

/** Bearer token -> user. Mount after requireTenant: a token only counts in the tenant it was issued for. */
export function requireAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const found = match ? findByAccessToken(deps, match[1]!, c.get('tenantId')) : null;
    if (!found) return fail(c, ErrorCode.UNAUTHORIZED, LOGIN_EXPIRED_MESSAGE);
    c.set('user', found.user);
    c.set('sessionId', found.sessionId);
    await next();
  };
}
