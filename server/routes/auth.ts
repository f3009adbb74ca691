import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { createUser, findOrCreateUser, findUserByMobile, setPasswordHash } from '../data/users.ts';
import { mobileOf, requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { configPositiveInt } from '../lib/config.ts';
import { fail, ok } from '../lib/envelope.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import { asPositiveInt, asString, readBody, requireMobile, requirePassword, requireSmsCode } from '../lib/request.ts';
import { SMS_SCENES, SmsScene, sendSmsCode, verifySmsCode } from '../lib/sms-code.ts';
import { admitGuestTrial, throttledLogin } from '../lib/throttles.ts';
import { issueTokenPair, revokeSessionFamily, rotateRefreshToken } from '../lib/tokens.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Login, SMS codes and the token pair (API.md "Authentication"; spec §4 token refresh, §5 validation).

/** Used when the tenant's GUEST_TRIAL_MINUTES is missing or not a positive integer. */
const DEFAULT_GUEST_TRIAL_MINUTES = 10;

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
    // The new number of a change must be free; saying so now spares the user waiting for a code that cannot work.
    if (scene === SmsScene.CHANGE_MOBILE_NEW && findUserByMobile(deps.db, c.get('tenantId'), mobile)) {
      throw apiError(ErrorCode.MOBILE_ALREADY_BOUND);
    }
    sendSmsCode(deps, c.get('tenantId'), mobile, scene, clientAddress(c, deps.trustProxy));
    return ok(c, true);
  });

  // For a logged-in user confirming an action on their own number (number change, account cancellation).
  routes.post('/api/merchant/auth/send-sms-code-logging', tenant, auth, requireRegistered, async (c) => {
    const scene = requireScene((await readBody(c)).scene);
    const user = c.get('user');
    sendSmsCode(deps, user.tenant_id, mobileOf(user), scene, clientAddress(c, deps.trustProxy));
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
    const tenantId = c.get('tenantId');
    // Throttled per number (registered or not) and per address, before the password is looked at (throttles.ts).
    const user = await throttledLogin(deps, tenantId, mobile, clientAddress(c, deps.trustProxy), async () => {
      const found = findUserByMobile(deps.db, tenantId, mobile);
      // Unknown mobiles are checked against a dummy hash, so they take as long as registered ones.
      const valid = await verifyPassword(password, found?.password_hash ?? null);
      return found && valid ? found : null;
    });
    // One answer for unknown mobile, no password set and wrong password, so the call cannot probe who is registered.
    if (!user) throw apiError(ErrorCode.LOGIN_FAILED);
    // The one moment the plain password is at hand: an older hash is replaced by one at today's parameters.
    if (needsRehash(user.password_hash!)) setPasswordHash(deps.db, user.id, await hashPassword(password));
    return ok(c, issueTokenPair(deps, user));
  });

  // Guest trial (API.md): an account without a number whose tokens end with the trial. Each call starts a new
  // trial, within the per-address and per-device limits (throttles.ts); the fingerprint is recorded too.
  routes.post('/api/merchant/auth/one-click-login', tenant, async (c) => {
    await readBody(c);
    const tenantId = c.get('tenantId');
    const fingerprintId = (c.req.header('fingerprint-id') ?? '').trim().slice(0, 128);
    admitGuestTrial(deps, clientAddress(c, deps.trustProxy), fingerprintId);
    const now = deps.now();
    const minutes = configPositiveInt(deps.db, tenantId, 'GUEST_TRIAL_MINUTES', DEFAULT_GUEST_TRIAL_MINUTES);
    const trialExpiresTime = now + minutes * 60_000;
    const user = createUser(deps.db, { tenantId, mobile: null, registerTime: now, trialExpiresAt: trialExpiresTime, fingerprintId });
    return ok(c, { ...issueTokenPair(deps, user), guest: true, trialExpiresTime });
  });

  routes.post('/api/merchant/auth/refresh-token', tenant, async (c) => {
    const token = asString((await readBody(c)).refreshToken) || (c.req.query('refreshToken') ?? '');
    const pair = token ? rotateRefreshToken(deps, token, c.get('tenantId')) : null;
    if (!pair) return fail(c, apiError(ErrorCode.UNAUTHORIZED));
    return ok(c, pair);
  });

  routes.post('/api/merchant/auth/logout', tenant, auth, (c) => {
    revokeSessionFamily(deps, c.get('sessionId'));
    return ok(c, true);
  });

  return routes;
}
