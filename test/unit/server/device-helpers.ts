import type { AppOptions } from '../../../server/app.ts';
import { issueTokenPair } from '../../../server/lib/tokens.ts';
import { randomSecrets } from '../../../server/lib/secrets.ts';
import { createThrottles, DEFAULT_LIMITS } from '../../../server/lib/throttles.ts';
import type { Deps } from '../../../server/lib/types.ts';
import { findUserByMobile } from '../../../server/data/users.ts';
import { DEMO_MOBILE, setup } from './helpers.ts';

// Shared by the device tests (API.md "Devices"): the seeded demo account, logged in, and its phones by name.

export const PHONE = '/api/device/user/phone';
export const GROUP = '/api/device/phone-group';
export const SCALE_MOBILE = '13800138001';

export type Ctx = Awaited<ReturnType<typeof setup>>;

/** A fresh server with the demo user of `tenant` logged in; `overrides` go to createApp. */
export async function demo(tenant = 1, mobile = DEMO_MOBILE, overrides: Partial<AppOptions> = {}) {
  const ctx = await setup(overrides);
  // Tokens are issued directly: a password login per test would spend most of the run in scrypt.
  const user = await findUserByMobile(ctx.db, tenant, mobile);
  if (!user) throw new Error(`no seeded user ${mobile} in tenant ${tenant}`);
  const login = { data: await issueTokenPair(directDeps(ctx), user) };
  const token = login.data.accessToken;
  // Calls default to this account's tenant and token.
  const call: Ctx['call'] = (path, options = {}) => ctx.call(path, { tenant, token, ...options });
  return { ...ctx, call, token, userId: login.data.userId };
}

/** What the token functions need, for issuing tokens without a login call (scrypt would dominate the run). */
export function directDeps(ctx: Pick<Ctx, 'db' | 'now'>, accessTokenTtlSeconds = 365 * 24 * 3600): Deps {
  return {
    db: ctx.db,
    now: ctx.now,
    log: () => {},
    smsFixedCode: undefined,
    accessTokenTtlSeconds,
    accessRevoked: () => {},
    secrets: randomSecrets(),
    demoPayments: true,
    checkReplies: true,
    trustProxy: false,
    limits: DEFAULT_LIMITS,
    throttles: createThrottles(DEFAULT_LIMITS),
  };
}

/** The id of a seeded phone, by its name, of the given account. */
export async function phoneId(ctx: Ctx, name: string, tenant = 1, mobile = DEMO_MOBILE): Promise<number> {
  const id = await ctx.db
    .value('SELECT p.id FROM phones p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = ? AND u.mobile = ? AND p.name = ?', tenant, mobile, name) as number | undefined;
  if (id === undefined) throw new Error(`no seeded phone named ${name}`);
  return id;
}

export async function phoneRow(ctx: Ctx, id: number): Promise<Record<string, unknown>> {
  return await ctx.db.get('SELECT * FROM phones WHERE id = ?', id) as Record<string, unknown>;
}

/** `?userPhoneIds=1&userPhoneIds=2` (array query values are repeated, API.md). */
export function idsQuery(ids: number[], extra = ''): string {
  return `?${ids.map((id) => `userPhoneIds=${id}`).join('&')}${extra}`;
}

/** One page of the caller's list; `query` is the raw query string without `?`. */
export async function listPhones(ctx: Pick<Ctx, 'call'>, query = '', language?: string) {
  const reply = await ctx.call(`${PHONE}/list${query ? `?${query}` : ''}`, { language });
  if (reply.code !== 0) throw new Error(`list failed: ${reply.code} ${reply.msg}`);
  return reply.data as { list: Array<Record<string, any>>; total: number; serverTime: number };
}
