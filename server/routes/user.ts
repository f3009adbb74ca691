import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ApiError, ok } from '../lib/envelope.ts';
import { hashPassword } from '../lib/password.ts';
import { readBody, requireMobile, requirePassword, requireSmsCode } from '../lib/request.ts';
import { SmsScene, verifySmsCode } from '../lib/sms-code.ts';
import { revokeUserSessions } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { findUserByMobile } from '../lib/users.ts';

// The personal centre's data (spec §3 "User info") and password recovery (spec §5 password rules).

export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);

  routes.get('/api/merchant/user/get', tenant, requireAuth(deps), (c) => {
    const user = c.get('user');
    return ok(c, {
      userId: user.id,
      userNo: user.user_no,
      nickname: user.nickname,
      avatar: user.avatar,
      mobile: user.mobile,
      registerTime: user.register_time,
      // The client offers "set password" rather than "change password" when this is false.
      hasPassword: user.password_hash !== null,
    });
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
    if (!user) throw new ApiError(ErrorCode.ACCOUNT_NOT_FOUND, 'No account uses this mobile number');
    const hash = await hashPassword(password);
    deps.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
    revokeUserSessions(deps, user.id);
    return ok(c, true);
  });

  return routes;
}
