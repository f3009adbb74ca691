import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { requireAuth, requireTenant } from '../lib/auth.ts';
import { ApiError, badRequest, fail, LOGIN_EXPIRED_MESSAGE, ok } from '../lib/envelope.ts';
import { verifyPassword } from '../lib/password.ts';
import { asPositiveInt, asString, readBody, requireMobile, requirePassword, requireSmsCode } from '../lib/request.ts';
import { SMS_SCENES, SmsScene, sendSmsCode, verifySmsCode } from '../lib/sms-code.ts';
import { issueTokenPair, revokeSessionFamily, rotateRefreshToken } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { findOrCreateUser, findUserByMobile } from '../lib/users.ts';

// Login, SMS codes and the token pair (API.md "Authentication"; spec §4 token refresh, §5 validation).

const LOGIN_FAILED = 'Incorrect mobile number or password';

function requireScene(value: unknown): number {
  const scene = asPositiveInt(value);
  if (!scene || !SMS_SCENES.includes(scene)) throw badRequest(`scene must be one of ${SMS_SCENES.join(', ')}`);
  return scene;
}

export function authRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.post('/api/merchant/auth/send-sms-code', tenant, async (c) => {
    const body = await readBody(c);
    const mobile = requireMobile(body.mobile);
    const scene = requireScene(body.scene);
    sendSmsCode(deps, c.get('tenantId'), mobile, scene);
    return ok(c, true);
  });

  // For a logged-in user confirming an action on their own number (number change, account cancellation).
  routes.post('/api/merchant/auth/send-sms-code-logging', tenant, auth, async (c) => {
    const scene = requireScene((await readBody(c)).scene);
    const user = c.get('user');
    sendSmsCode(deps, user.tenant_id, user.mobile, scene);
    return ok(c, true);
  });

  routes.post('/api/merchant/auth/validate-sms-code', tenant, async (c) => {
    const body = await readBody(c);
    const mobile = requireMobile(body.mobile);
    const code = requireSmsCode(body.code);
    const scene = requireScene(body.scene);
    verifySmsCode(deps, c.get('tenantId'), mobile, scene, code, false);
    return ok(c, true);
  });

  routes.post('/api/merchant/auth/sms-login', tenant, async (c) => {
    const body = await readBody(c);
    const mobile = requireMobile(body.mobile);
    const code = requireSmsCode(body.code);
    const tenantId = c.get('tenantId');
    verifySmsCode(deps, tenantId, mobile, SmsScene.LOGIN, code, true);
    const user = findOrCreateUser(deps.db, tenantId, mobile, deps.now());
    return ok(c, issueTokenPair(deps, user));
  });

  routes.post('/api/merchant/auth/login', tenant, async (c) => {
    const body = await readBody(c);
    const mobile = requireMobile(body.mobile);
    const password = requirePassword(body.password);
    const user = findUserByMobile(deps.db, c.get('tenantId'), mobile);
    // One answer for unknown mobile, no password set and wrong password, so the call cannot probe who is registered.
    const valid = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !valid) throw new ApiError(ErrorCode.LOGIN_FAILED, LOGIN_FAILED);
    return ok(c, issueTokenPair(deps, user));
  });

  routes.post('/api/merchant/auth/refresh-token', tenant, async (c) => {
    const token = asString((await readBody(c)).refreshToken) || (c.req.query('refreshToken') ?? '');
    const pair = token ? rotateRefreshToken(deps, token, c.get('tenantId')) : null;
    if (!pair) return fail(c, ErrorCode.UNAUTHORIZED, LOGIN_EXPIRED_MESSAGE);
    return ok(c, pair);
  });

  routes.post('/api/merchant/auth/logout', tenant, auth, (c) => {
    revokeSessionFamily(deps, c.get('sessionId'));
    return ok(c, true);
  });

  return routes;
}
