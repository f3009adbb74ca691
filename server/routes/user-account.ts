import { Hono } from 'hono';
import * as contract from '../../shared/contract/account.ts';
import { SmsScene } from '../../shared/contract/account-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { changeMobile, closeAccount, findUserByMobile } from '../data/users.ts';
import { mobileOf, requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError, mobileChangeTooSoonError } from '../lib/errors.ts';
import { clientAddress } from '../lib/client-address.ts';
import { verifySmsCode } from '../lib/sms-code.ts';
import { revokeUserSessions } from '../lib/tokens.ts';
import type { AppEnv, Deps, UserRow } from '../lib/types.ts';

// Changing the bound number and closing the account (shared/contract/account.ts; spec §5: one number per account, one
// change per 30 days).

export const MOBILE_CHANGE_INTERVAL_MS = 30 * 24 * 60 * 60 * 1000;

/** When the user may change the number again, or null when they may now (never changed counts as "now"). */
function nextChangeTime(user: UserRow, now: number): number | null {
  if (user.mobile_changed_at === null) return null;
  const next = user.mobile_changed_at + MOBILE_CHANGE_INTERVAL_MS;
  return now >= next ? null : next;
}

export function userAccountRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps), requireRegistered];

  contractRoute(routes, deps, contract.canChangeMobile, guard, (c) => {
    const next = nextChangeTime(c.get('user'), deps.now());
    return { canChange: next === null, nextChangeTime: next };
  });

  /**
   * Both codes are checked first without using them up, then used up together with the update in one transaction:
   * a wrong second code must not burn the first, or the user would have to wait for a new SMS. Wrong guesses are
   * counted by the first (non-consuming) pass, outside the transaction, so a rollback cannot erase them.
   */
  contractRoute(routes, deps, contract.changeMobile, guard, async (c, { body }) => {
    const { oldCode, mobile, code } = body;
    const user = c.get('user');
    const current = mobileOf(user);
    const now = deps.now();
    const next = nextChangeTime(user, now);
    if (next !== null) throw mobileChangeTooSoonError(next);
    if (mobile === current || await findUserByMobile(db, user.tenant_id, mobile)) throw apiError(ErrorCode.MOBILE_ALREADY_BOUND);
    await verifySmsCode(deps, user.tenant_id, current, SmsScene.CHANGE_MOBILE_OLD, oldCode, false, clientAddress(c, deps.trustProxy));
    await verifySmsCode(deps, user.tenant_id, mobile, SmsScene.CHANGE_MOBILE_NEW, code, false, clientAddress(c, deps.trustProxy));
    await db.transaction(async (db) => {
      // Re-read inside the write lock: another request may have taken the number or changed this user meanwhile.
      if (await findUserByMobile(db, user.tenant_id, mobile)) throw apiError(ErrorCode.MOBILE_ALREADY_BOUND);
      await verifySmsCode({ ...deps, db }, user.tenant_id, current, SmsScene.CHANGE_MOBILE_OLD, oldCode, true, clientAddress(c, deps.trustProxy));
      await verifySmsCode({ ...deps, db }, user.tenant_id, mobile, SmsScene.CHANGE_MOBILE_NEW, code, true, clientAddress(c, deps.trustProxy));
      // The account was closed or its number changed by a concurrent request while this one was in flight (its body
      // is read after the session was checked): what this request knew of the account is out of date. Spec §8's
      // "account information expired" says exactly that; a 401 would send the client to refresh a session that may
      // still be valid, and then retry a change that was made against the old number.
      if (!await changeMobile(db, user.id, current, mobile, now)) throw apiError(ErrorCode.ACCOUNT_EXPIRED);
    });
    return true;
  });

  // A soft delete: the row stays (orders and invites may point at it) but every live-user lookup skips it, so the
  // number is free and a later sms-login registers a new account with a new userNo.
  contractRoute(routes, deps, contract.unregister, guard, async (c, { body }) => {
    const { code } = body;
    const user = c.get('user');
    const mobile = mobileOf(user);
    await verifySmsCode(deps, user.tenant_id, mobile, SmsScene.UNREGISTER, code, false, clientAddress(c, deps.trustProxy));
    await db.transaction(async (db) => {
      await verifySmsCode({ ...deps, db }, user.tenant_id, mobile, SmsScene.UNREGISTER, code, true, clientAddress(c, deps.trustProxy));
      await closeAccount(db, user.id, deps.now());
      await revokeUserSessions({ ...deps, db }, user.id);
    });
    return true;
  });

  return routes;
}
