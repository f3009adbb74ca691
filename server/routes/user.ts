import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { immediate } from '../data/statements.ts';
import { findUserByMobile, setPasswordHash, updateProfile } from '../data/users.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { readBody, requireMobile, requireName, requirePassword, requireSmsCode } from '../lib/request.ts';
import { SmsScene, verifySmsCode } from '../lib/sms-code.ts';
import { revokeUserSessions } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// The personal centre's data (spec §3 "User info"), profile edits and passwords (spec §5 rules). Number changes and
// account closing are in user-account.ts.

const AVATAR_MAX_LENGTH = 512;

/** An avatar is an http(s) URL, a path on this server (e.g. /static/...), or "" to clear it. */
function requireAvatar(value: unknown): string {
  const avatar = typeof value === 'string' ? value.trim() : null;
  if (avatar === '') return '';
  const valid =
    avatar !== null &&
    avatar.length <= AVATAR_MAX_LENGTH &&
    !/\s/.test(avatar) &&
    ((avatar.startsWith('/') && !avatar.startsWith('//')) || (/^https?:\/\//i.test(avatar) && URL.canParse(avatar)));
  if (!valid) throw badRequest('avatar must be an http(s) URL, a path on this server, or empty');
  return avatar;
}

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.get('/api/merchant/user/get', tenant, auth, (c) => {
    const user = c.get('user');
    const guest = user.guest === 1;
    return ok(c, {
      userId: user.id,
      userNo: user.user_no,
      nickname: user.nickname,
      avatar: user.avatar,
      mobile: user.mobile ?? '',
      registerTime: user.register_time,
      // The client offers "set password" rather than "change password" when this is false.
      hasPassword: user.password_hash !== null,
      guest,
      ...(guest ? { trialExpiresTime: user.trial_expires_at } : {}),
    });
  });

  // Only the fields present change; both are checked before either is written.
  routes.put('/api/merchant/user/update', tenant, auth, requireRegistered, async (c) => {
    const body = await readBody(c);
    const nickname = body.nickname === undefined ? null : requireName(body.nickname);
    const avatar = body.avatar === undefined ? null : requireAvatar(body.avatar);
    updateProfile(deps.db, c.get('user').id, nickname, avatar);
    return ok(c, true);
  });

  // Set (no password yet: proving the old one is impossible) or change (the old one must match). Either way every
  // session ends, so a device that knew the old password cannot stay logged in.
  routes.put('/api/merchant/user/update-password', tenant, auth, requireRegistered, async (c) => {
    const body = await readBody(c);
    const password = requirePassword(body.password);
    const user = c.get('user');
    if (user.password_hash !== null) {
      const oldPassword = typeof body.oldPassword === 'string' ? body.oldPassword : '';
      if (!(await verifyPassword(oldPassword, user.password_hash))) throw apiError(ErrorCode.OLD_PASSWORD_WRONG);
    }
    const hash = await hashPassword(password);
    immediate(deps.db, () => {
      setPasswordHash(deps.db, user.id, hash);
      revokeUserSessions(deps, user.id);
    });
    return ok(c, true);
  });

  // Forgotten password: the SMS code of scene 4 proves the number; every session of the account ends.
  routes.put('/api/merchant/user/reset-password', tenant, async (c) => {
    const body = await readBody(c);
    const mobile = requireMobile(body.mobile);
    const code = requireSmsCode(body.code);
    const password = requirePassword(body.password);
    const tenantId = c.get('tenantId');
    // The code is checked before the account, so the call cannot be used to learn who is registered.
    verifySmsCode(deps, tenantId, mobile, SmsScene.RESET_PASSWORD, code, true);
    const user = findUserByMobile(deps.db, tenantId, mobile);
    if (!user) throw apiError(ErrorCode.ACCOUNT_NOT_FOUND);
    const hash = await hashPassword(password);
    setPasswordHash(deps.db, user.id, hash);
    revokeUserSessions(deps, user.id);
    return ok(c, true);
  });

  return routes;
}
