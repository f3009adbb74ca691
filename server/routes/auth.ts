import { Hono } from 'hono';
import * as contract from '../../shared/contract/account.ts';
import { SmsScene } from '../../shared/contract/account-words.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { createUser, findOrCreateUser, findUserByMobile, setPasswordHash } from '../data/users.ts';
import { mobileOf, requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { clientAddress } from '../lib/client-address.ts';
import { configPositiveInt } from '../lib/config.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { apiError } from '../lib/errors.ts';
import { rememberLoginDevice } from '../lib/known-devices.ts';
import { hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import { sendSmsCode, verifySmsCode } from '../lib/sms-code.ts';
import { admitGuestTrial, throttledLogin } from '../lib/throttles.ts';
import { issueTokenPair, revokeSessionFamily, rotateRefreshToken } from '../lib/tokens.ts';
import { fingerprintOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Login, SMS codes and the token pair (shared/contract/account.ts; API.md "Authentication"). A refresh token buys a
// new pair (the client tries one on a 401, then logs out; spec §4); mobile, SMS code (4-6 digits) and password
// (6-20 letters and digits) are checked as the client checks them (spec §5).

/** Used when the tenant's GUEST_TRIAL_MINUTES is missing or not a positive integer. */
const DEFAULT_GUEST_TRIAL_MINUTES = 10;

export function authRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  contractRoute(routes, deps, contract.sendSmsCode, [tenant], async (c, { body }) => {
    const { mobile, scene } = body;
    // The new number of a change must be free; saying so now spares the user waiting for a code that cannot work.
    if (scene === SmsScene.CHANGE_MOBILE_NEW && await findUserByMobile(deps.db, c.get('tenantId'), mobile)) {
      throw apiError(ErrorCode.MOBILE_ALREADY_BOUND);
    }
    await sendSmsCode(deps, c.get('tenantId'), mobile, scene, { address: clientAddress(c, deps.trustProxy), fingerprint: fingerprintOf(c) });
    return true;
  });

  // For a logged-in user confirming an action on their own number (number change, account cancellation).
  contractRoute(routes, deps, contract.sendSmsCodeToSelf, [tenant, auth, requireRegistered], async (c, { body }) => {
    const user = c.get('user');
    const requester = { address: clientAddress(c, deps.trustProxy), fingerprint: fingerprintOf(c), signedIn: true };
    await sendSmsCode(deps, user.tenant_id, mobileOf(user), body.scene, requester);
    return true;
  });

  contractRoute(routes, deps, contract.validateSmsCode, [tenant], async (c, { body }) => {
    await verifySmsCode(deps, c.get('tenantId'), body.mobile, body.scene, body.code, false, clientAddress(c, deps.trustProxy));
    return true;
  });

  contractRoute(routes, deps, contract.smsLogin, [tenant], async (c, { body }) => {
    const tenantId = c.get('tenantId');
    const address = clientAddress(c, deps.trustProxy);
    await verifySmsCode(deps, tenantId, body.mobile, SmsScene.LOGIN, body.code, true, address);
    const user = await findOrCreateUser(deps.db, tenantId, body.mobile, deps.now(), deps.newAccountsSkipGuide === true);
    // The code proved the number: this device is its owner's, as after a password login (throttles.ts).
    await rememberLoginDevice(deps, tenantId, body.mobile, address, fingerprintOf(c));
    return await issueTokenPair(deps, user);
  });

  contractRoute(routes, deps, contract.passwordLogin, [tenant], async (c, { body }) => {
    const { mobile, password } = body;
    const tenantId = c.get('tenantId');
    // Throttled per number (registered or not) and per address, before the password is looked at (throttles.ts).
    const user = await throttledLogin(deps, tenantId, mobile, clientAddress(c, deps.trustProxy), fingerprintOf(c), async () => {
      const found = await findUserByMobile(deps.db, tenantId, mobile);
      // Unknown mobiles are checked against a dummy hash, so they take as long as registered ones.
      const valid = await verifyPassword(password, found?.password_hash ?? null);
      return found && valid ? found : null;
    });
    // One answer for unknown mobile, no password set and wrong password, so the call cannot probe who is registered.
    if (!user) throw apiError(ErrorCode.LOGIN_FAILED);
    // The one moment the plain password is at hand: an older hash is replaced by one at today's parameters.
    if (needsRehash(user.password_hash!)) await setPasswordHash(deps.db, user.id, await hashPassword(password));
    return await issueTokenPair(deps, user);
  });

  // Guest trial (API.md): an account without a number whose tokens end with the trial. Each call starts a new
  // trial, within the per-address and per-device limits (throttles.ts); the fingerprint is recorded too.
  contractRoute(routes, deps, contract.oneClickLogin, [tenant], async (c) => {
    const tenantId = c.get('tenantId');
    const fingerprintId = fingerprintOf(c);
    await admitGuestTrial(deps, clientAddress(c, deps.trustProxy), fingerprintId);
    const now = deps.now();
    const minutes = await configPositiveInt(deps.db, tenantId, 'GUEST_TRIAL_MINUTES', DEFAULT_GUEST_TRIAL_MINUTES);
    const trialExpiresTime = now + minutes * 60_000;
    const user = await createUser(deps.db, { tenantId, mobile: null, registerTime: now, trialExpiresAt: trialExpiresTime, fingerprintId });
    return { ...await issueTokenPair(deps, user), guest: true as const, trialExpiresTime };
  });

  // Unknown, used or expired: 401 in the envelope, which the client answers by logging out (spec §8). A device
  // repeating its own refresh within seconds gets the same pair again (tokens.ts, reuse interval).
  contractRoute(routes, deps, contract.refreshToken, [tenant], async (c, { query, body }) => {
    const token = body.refreshToken || query.refreshToken;
    const device = `${clientAddress(c, deps.trustProxy)} ${fingerprintOf(c)}`;
    const pair = token ? await rotateRefreshToken(deps, token, c.get('tenantId'), device) : null;
    if (!pair) throw apiError(ErrorCode.UNAUTHORIZED);
    return pair;
  });

  contractRoute(routes, deps, contract.logout, [tenant, auth], async (c) => {
    await revokeSessionFamily(deps, c.get('sessionId'));
    return true;
  });

  return routes;
}
