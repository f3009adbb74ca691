import { demo } from './device-helpers.ts';
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

export function packageId(ctx: Pick<Ctx, 'db'>, gradeId: number, days: number, tenant = 1): number {
  return ctx.db.prepare('SELECT id FROM packages WHERE tenant_id = ? AND grade_id = ? AND days = ?').pluck().get(tenant, gradeId, days) as number;
}

/** The seeded coupons of the demo user, by what they are. */
export function coupons(ctx: Pick<Ctx, 'db'>) {
  const id = (where: string) => ctx.db.prepare(`SELECT id FROM coupons WHERE ${where}`).pluck().get() as number;
  return {
    cash500: id("type = 'cash' AND value = 500 AND used_at IS NULL"),
    discount85: id("type = 'discount' AND value = 85"),
    extension3: id("type = 'extension'"),
    notYetValid: id("type = 'cash' AND value = 1000"),
    expired: id("type = 'cash' AND value = 300"),
    used: id("type = 'cash' AND value = 800"),
  };
}

export function stock(ctx: Pick<Ctx, 'db'>, gradeId: number, tenant = 1): number {
  return ctx.db.prepare('SELECT stock FROM grade_stock WHERE tenant_id = ? AND grade_id = ?').pluck().get(tenant, gradeId) as number;
}

export function count(ctx: Pick<Ctx, 'db'>, sql: string, ...args: unknown[]): number {
  return ctx.db.prepare(sql).pluck().get(...args) as number;
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
export function snapshot(ctx: Pick<Ctx, 'db'>) {
  const all = (sql: string) => ctx.db.prepare(sql).all();
  return {
    orders: all('SELECT id, status, pay_time, pay_method, phone_ids FROM orders ORDER BY id'),
    coupons: all('SELECT id, used_at, used_order_id FROM coupons ORDER BY id'),
    stock: all('SELECT * FROM grade_stock ORDER BY tenant_id, grade_id'),
    phones: all('SELECT id, grade_id, expire_time, status FROM phones ORDER BY id'),
    payments: all('SELECT id, status FROM payments ORDER BY id'),
    codes: all('SELECT id, used_at FROM activation_codes ORDER BY id'),
    records: all('SELECT id FROM activation_records ORDER BY id'),
  };
}
