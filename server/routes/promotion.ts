import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { ApiError, ok } from '../lib/envelope.ts';
import { asString, readBody } from '../lib/request.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Invitations (API.md "Invite"): a new account may name the account that invited it, once, within its first week.

export const INVITE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_CODE_INVALID = 'The invite code is not valid';
const INVITE_NOT_ALLOWED = 'This account cannot enter an invite code';

function canInput(user: UserRow, now: number): boolean {
  return user.guest === 0 && user.inviter_user_id === null && now - user.register_time < INVITE_WINDOW_MS;
}

export function promotionRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  // A guest may ask (the answer is simply false); only input-code is reserved for registered accounts.
  routes.get('/api/promotion/activity/invite/can-input-code', tenant, auth, (c) => {
    return ok(c, { canInput: canInput(c.get('user'), deps.now()) });
  });

  routes.post('/api/promotion/activity/invite/input-code', tenant, auth, requireRegistered, async (c) => {
    const code = asString((await readBody(c)).code).trim();
    const user = c.get('user');
    if (!canInput(user, deps.now())) throw new ApiError(ErrorCode.INVITE_NOT_ALLOWED, INVITE_NOT_ALLOWED);
    // The code is the inviter's userNo: a live registered account of the same tenant, not the caller, and not
    // someone the caller invited (two accounts naming each other would both collect the reward).
    const inviter = /^\d{8}$/.test(code)
      ? (db
          .prepare('SELECT id, inviter_user_id FROM users WHERE user_no = ? AND tenant_id = ? AND guest = 0 AND deleted_at IS NULL')
          .get(code, user.tenant_id) as { id: number; inviter_user_id: number | null } | undefined)
      : undefined;
    if (!inviter || inviter.id === user.id || inviter.inviter_user_id === user.id) {
      throw new ApiError(ErrorCode.INVITE_CODE_INVALID, INVITE_CODE_INVALID);
    }
    // The IS NULL guard makes a concurrent second submission fail instead of overwriting the first inviter.
    const saved = db.prepare('UPDATE users SET inviter_user_id = ? WHERE id = ? AND inviter_user_id IS NULL').run(inviter.id, user.id);
    if (saved.changes !== 1) throw new ApiError(ErrorCode.INVITE_NOT_ALLOWED, INVITE_NOT_ALLOWED);
    return ok(c, true);
  });

  return routes;
}
