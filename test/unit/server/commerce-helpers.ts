import { demo } from './device-helpers.ts';
import type { SqlValue } from '../../../server/db/engine.ts';
import type { Ctx } from './device-helpers.ts';

// Shared by the commerce tests (API.md "Commerce"): the demo account, its seeded coupons and the packages.

export const ORDER = '/api/trade/order';
export const PAY = '/api/pay';
export const DAY = 86_400_000;
export const MINUTE = 60_000;
export const STANDARD = 1;
export const PRO = 2;
export const ULTRA = 3;

export type Shop = Awaited<ReturnType<typeof demo>>;

/** The demo user of tenant 1 (or 100), logged in, answering in English. */
export async function shop(tenant = 1): Promise<Shop> {
  const ctx = await demo(tenant);
  const call: Ctx['call'] = (path, options = {}) => ctx.call(path, { language: 'en-US', ...options });
  return { ...ctx, call };
}

export async function packageId(ctx: Pick<Ctx, 'db'>, gradeId: number, days: number, tenant = 1): Promise<number> {
  return await ctx.db.value('SELECT id FROM packages WHERE tenant_id = ? AND grade_id = ? AND days = ?', tenant, gradeId, days) as number;
}

/** The seeded coupons of the demo user, by what they are. */
export async function coupons(ctx: Pick<Ctx, 'db'>) {
  const id = async (where: string) => await ctx.db.value(`SELECT id FROM coupons WHERE ${where}`) as number;
  return {
    cash500: await id("type = 'cash' AND value = 500 AND used_at IS NULL"),
    discount85: await id("type = 'discount' AND value = 85"),
    extension3: await id("type = 'extension'"),
    notYetValid: await id("type = 'cash' AND value = 1000"),
    expired: await id("type = 'cash' AND value = 300"),
    used: await id("type = 'cash' AND value = 800"),
  };
}

export async function stock(ctx: Pick<Ctx, 'db'>, gradeId: number, tenant = 1): Promise<number> {
  return await ctx.db.value('SELECT stock FROM grade_stock WHERE tenant_id = ? AND grade_id = ?', tenant, gradeId) as number;
}

export async function count(ctx: Pick<Ctx, 'db'>, sql: string, ...args: SqlValue[]): Promise<number> {
  return await ctx.db.value(sql, ...args) as number;
}

export async function createOrder(ctx: Shop, body: Record<string, unknown>) {
  const reply = await ctx.call(`${ORDER}/create`, { body });
  if (reply.code !== 0) throw new Error(`create failed: ${reply.code} ${reply.msg}`);
  return reply.data as { orderId: number; orderNo: string; payAmount: number; status: string };
}

let keys = 0;
/** A fresh idempotency key per call (the client makes one per tap of "pay"). */
export function newKey(): string {
  keys += 1;
  return `test-key-${keys}-${Math.random().toString(36).slice(2)}`;
}

export function submit(ctx: Shop, orderId: number, method = 'mock', idempotencyKey = newKey(), extra: Record<string, unknown> = {}) {
  return ctx.call(`${PAY}/order/submit`, { body: { orderId, method, idempotencyKey, ...extra } });
}

export async function getOrder(ctx: Shop, id: number) {
  const reply = await ctx.call(`${ORDER}/get?id=${id}`);
  if (reply.code !== 0) throw new Error(`get failed: ${reply.code} ${reply.msg}`);
  return reply.data as Record<string, any>;
}

/** Everything a payment may touch, to compare before and after a refused or failed one. */
export async function snapshot(ctx: Pick<Ctx, 'db'>) {
  const all = async (sql: string) => await ctx.db.all(sql);
  return {
    orders: await all('SELECT id, status, pay_time, pay_method, phone_ids FROM orders ORDER BY id'),
    coupons: await all('SELECT id, used_at, used_order_id FROM coupons ORDER BY id'),
    stock: await all('SELECT * FROM grade_stock ORDER BY tenant_id, grade_id'),
    phones: await all('SELECT id, grade_id, expire_time, status FROM phones ORDER BY id'),
    payments: await all('SELECT id, status FROM payments ORDER BY id'),
    codes: await all('SELECT id, used_at FROM activation_codes ORDER BY id'),
    records: await all('SELECT id FROM activation_records ORDER BY id'),
  };
}
