import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import * as contract from '../../shared/contract/account.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { findInviter, setInviter } from '../data/users.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Invitations (shared/contract/account.ts; API.md "Invite"): a new account may name the account that invited it, once,
// within its first week.

export const INVITE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

function canInput(user: UserRow, now: number): boolean {
  return !flag(user.guest) && user.inviter_user_id === null && now - user.register_time < INVITE_WINDOW_MS;
}

export function promotionRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  // A guest may ask (the answer is simply false); only input-code is reserved for registered accounts.
  contractRoute(routes, deps, contract.canInputInviteCode, [tenant, auth], (c) => ({ canInput: canInput(c.get('user'), deps.now()) }));

  contractRoute(routes, deps, contract.inputInviteCode, [tenant, auth, requireRegistered], async (c, { body }) => {
    const { code } = body;
    const user = c.get('user');
    if (!canInput(user, deps.now())) throw apiError(ErrorCode.INVITE_NOT_ALLOWED);
    // The code is the inviter's userNo: a live registered account of the same tenant, not the caller, and not
    // someone the caller invited (two accounts naming each other would both collect the reward).
    const inviter = /^\d{8}$/.test(code) ? await findInviter(db, user.tenant_id, code) : undefined;
    if (!inviter || inviter.id === user.id || inviter.inviter_user_id === user.id) {
      throw apiError(ErrorCode.INVITE_CODE_INVALID);
    }
    // A concurrent second submission fails instead of overwriting the first inviter.
    if (!await setInviter(db, user.id, inviter.id)) throw apiError(ErrorCode.INVITE_NOT_ALLOWED);
    return true;
  });

  return routes;
}
