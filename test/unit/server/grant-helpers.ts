import { findUserByMobile } from '../../../server/data/users.ts';
import { issueTokenPair } from '../../../server/lib/tokens.ts';
import { demo, directDeps, SCALE_MOBILE } from './device-helpers.ts';
import type { Ctx } from './device-helpers.ts';

// What the grant tests share: the paths, another account's calls, a create body and the create call.

export const GRANT = '/api/device/user/phone/grant';
export const VALIDATE = '/api/merchant/auth/validate-auth-code';
export const DAY = 86_400_000;

export type Demo = Awaited<ReturnType<typeof demo>>;

/** Another account (the scale user of tenant 1 unless told), logged in, with its calls. */
export async function other(ctx: Ctx, mobile = SCALE_MOBILE, tenant = 1) {
  const user = (await findUserByMobile(ctx.db, tenant, mobile))!;
  const token = (await issueTokenPair(directDeps(ctx), user)).accessToken;
  const call: Ctx['call'] = (path, options = {}) => ctx.call(path, { token, tenant, language: 'en-US', ...options });
  return { user, call };
}

export const body = (userPhoneId: number, extra: Record<string, unknown> = {}) => ({
  userPhoneId,
  mode: 'account',
  permission: 'view',
  days: 3,
  account: SCALE_MOBILE,
  agreed: true,
  ...extra,
});

export async function grant(ctx: Pick<Demo, 'call'>, payload: Record<string, unknown>) {
  return ctx.call(`${GRANT}/create`, { body: payload, language: 'en-US' });
}
