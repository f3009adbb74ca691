import { flag } from '../db/dialect.ts';
import { Hono } from 'hono';
import * as contract from '../../shared/contract/account.ts';
import { SmsScene } from '../../shared/contract/account-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { findUserByMobile, markGuideSeen, setPasswordHash, updateProfile } from '../data/users.ts';
import { mobileOf, requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { verifySmsCode } from '../lib/sms-code.ts';
import { loginLocked, throttledLogin } from '../lib/throttles.ts';
import { fingerprintOf } from '../lib/request.ts';
import { revokeSessionFamily, revokeUserSessions } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The personal centre's data (spec §3 "User info"), profile edits and passwords (shared/contract/account.ts: a
// nickname of 1-20 characters, a password of 6-20 letters and digits, spec §5). Number changes and account closing
// are in user-account.ts.

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  contractRoute(routes, deps, contract.getUser, [tenant, auth], (c) => {
    const user = c.get('user');
    const guest = flag(user.guest);
    return {
      userId: user.id,
      userNo: user.user_no,
      nickname: user.nickname,
      avatar: user.avatar,
      mobile: user.mobile ?? '',
      registerTime: user.register_time,
      hasPassword: user.password_hash !== null,
      guest,
      ...(guest && user.trial_expires_at !== null ? { trialExpiresTime: user.trial_expires_at } : {}),
      // A trial is too short for a tour: a guest never gets the guide.
      guideSeen: guest || user.guide_seen_at !== null,
    };
  });

  // The first-run guide finished or skipped (API.md "First-run guide"): the caller's own account only.
  contractRoute(routes, deps, contract.markGuideSeen, [tenant, auth, requireRegistered], async (c) => {
    await markGuideSeen(deps.db, c.get('user').id, deps.now());
    return true;
  });

  contractRoute(routes, deps, contract.updateUser, [tenant, auth, requireRegistered], async (c, { body }) => {
    await updateProfile(deps.db, c.get('user').id, body.nickname ?? null, body.avatar ?? null);
    return true;
  });

  // Set (no password yet: proving the old one is impossible) or change (the old one must match). Either way every
  // session ends, so a device that knew the old password cannot stay logged in. The old password is a password
  // guess like a login's: it counts against the account's login throttle (throttles.ts), and the session that used
  // up the account's guesses ends, so a stolen session cannot try old passwords until one fits.
  contractRoute(routes, deps, contract.updatePassword, [tenant, auth, requireRegistered], async (c, { body }) => {
    const user = c.get('user');
    if (user.password_hash !== null) {
      const hash = user.password_hash;
      const address = clientAddress(c, deps.trustProxy);
      const matched = await throttledLogin(deps, user.tenant_id, mobileOf(user), address, fingerprintOf(c), async () =>
        (await verifyPassword(body.oldPassword, hash)) ? user : null,
      );
      if (!matched) {
        if (await loginLocked(deps, user.tenant_id, mobileOf(user), address, fingerprintOf(c))) await revokeSessionFamily(deps, c.get('sessionId'));
        throw apiError(ErrorCode.OLD_PASSWORD_WRONG);
      }
    }
    const hash = await hashPassword(body.password);
    await deps.db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, hash);
      await revokeUserSessions({ ...deps, db: tx }, user.id);
    });
    return true;
  });

  // Forgotten password: the SMS code of its scene proves the number; every session of the account ends.
  contractRoute(routes, deps, contract.resetPassword, [tenant], async (c, { body }) => {
    const { mobile, code, password } = body;
    const tenantId = c.get('tenantId');
    // The code is checked before the account, so the call cannot be used to learn who is registered.
    await verifySmsCode(deps, tenantId, mobile, SmsScene.RESET_PASSWORD, code, true, clientAddress(c, deps.trustProxy));
    const user = await findUserByMobile(deps.db, tenantId, mobile);
    if (!user) throw apiError(ErrorCode.ACCOUNT_NOT_FOUND);
    const hash = await hashPassword(password);
    await setPasswordHash(deps.db, user.id, hash);
    await revokeUserSessions(deps, user.id);
    return true;
  });

  return routes;
}
