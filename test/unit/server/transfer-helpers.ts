import { findUserByMobile } from '../../../server/data/users.ts';
import { issueTokenPair } from '../../../server/lib/tokens.ts';
import { demo, directDeps, PHONE } from './device-helpers.ts';

// What the transfer tests share: the paths, the receiving account, the calls and the tenant's settings.

export type Demo = Awaited<ReturnType<typeof demo>>;

export const CASES_MOBILE = '13800138002';
export const CHECK = `${PHONE}/give-check`;
export const GIVE = `${PHONE}/give`;
export const LIST = `${PHONE}/give-list`;

/** The Error Cases account (same tenant) as the receiver, with calls made as it. */
export async function receiver(ctx: Pick<Demo, 'db' | 'now' | 'call'>, mobile = CASES_MOBILE) {
  const user = (await findUserByMobile(ctx.db, 1, mobile))!;
  const token = (await issueTokenPair(directDeps(ctx), user)).accessToken;
  const call: Demo['call'] = (path, options = {}) => ctx.call(path, { token, ...options });
  return { user, call };
}

export const check = (ctx: Pick<Demo, 'call'>, ids: unknown, target: unknown) => ctx.call(CHECK, { method: 'PUT', body: { userPhoneIds: ids, target } });
export const give = (ctx: Pick<Demo, 'call'>, ids: unknown, target: unknown) => ctx.call(GIVE, { method: 'PUT', body: { userPhoneIds: ids, target } });

/** The codes of a give-check or give reply, per phone. */
export const codes = (reply: { data: { items: Array<{ code: number }> } }) => reply.data.items.map((item) => item.code);

export async function setConfig(ctx: Pick<Demo, 'db'>, key: string, value: string, tenant = 1) {
  await ctx.db.run('UPDATE configs SET value = ? WHERE tenant_id = ? AND config_key = ?', value, tenant, key);
}
