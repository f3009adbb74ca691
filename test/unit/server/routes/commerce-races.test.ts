import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { count, createOrder, newKey, packageId, PAY, PRO, shop, STANDARD, stock, submit } from '../commerce-helpers.ts';
import type { Shop } from '../commerce-helpers.ts';

// What many requests at once may not do to money and stock, on whichever database the suite runs on: each race has
// one winner (or as many as the stock allows), every loser answers its business refusal, never a server error, and
// nothing of a lost call remains. On PostgreSQL these transactions truly overlap (SERIALIZABLE, retried on conflict).

const ACTIVATE = '/api/product/activation-code/activate';
const REDEEM = '/api/promotion/redeem-code/use';

/** Fires `n` calls at once and answers their replies, in the order they were made. */
const atOnce = <T>(n: number, call: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** How many replies carry each code, e.g. { 0: 1, 2005: 19 }. */
function tally(replies: { code: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { code } of replies) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

async function phonesOf(ctx: Shop): Promise<number> {
  return await count(ctx, 'SELECT COUNT(*) FROM phones WHERE user_id = ?', ctx.userId);
}

test('20 pays of one order at once, each with its own key: one payment, one allocation', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2 });
  const phones = await phonesOf(ctx);
  const replies = await atOnce(20, () => submit(ctx, order.orderId));
  assert.equal(tally(replies), { 0: 1, [ErrorCode.ORDER_ALREADY_PAID]: 19 });
  assert.is(await count(ctx, "SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'success'", order.orderId), 1);
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM payments WHERE order_id = ?', order.orderId), 1);
  assert.is(await phonesOf(ctx), phones + 2);
  assert.is(await stock(ctx, PRO), 198);
});

test('20 wallet callbacks of one payment at once: one allocation, every callback answered success', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, STANDARD, 30), quantity: 1 });
  const { paymentId } = (await submit(ctx, order.orderId, 'alipay')).data;
  const phones = await phonesOf(ctx);
  const replies = await atOnce(20, () => ctx.call(`${PAY}/notify/alipay`, { body: { paymentId, result: 'success' }, tenant: null, token: '' }));
  assert.equal(tally(replies), { 0: 20 });
  assert.ok(replies.every((reply) => reply.data.status === 'success'));
  assert.is(await phonesOf(ctx), phones + 1);
  assert.is(await stock(ctx, STANDARD), 499);
  assert.is(await count(ctx, "SELECT COUNT(*) FROM orders WHERE id = ? AND status = 'allocated'", order.orderId), 1);
});

test('80 activations of one code at once: one phone, the code used once, the others already activated', async () => {
  const ctx = await shop();
  const phones = await phonesOf(ctx);
  const replies = await atOnce(80, () => ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000004'] } }));
  // Past a few refusals the code throttle answers instead: a refusal too, never a server error.
  const statuses = replies.map((reply) => (reply.code === 0 ? reply.data[0].status : reply.code));
  assert.is(statuses.filter((status) => status === 'activated').length, 1, JSON.stringify(tally(replies)));
  for (const status of statuses) assert.ok(['activated', 'alreadyActivated', ErrorCode.TOO_MANY_REQUESTS].includes(status), String(status));
  assert.is(await phonesOf(ctx), phones + 1);
  assert.is(await stock(ctx, STANDARD), 499);
  assert.is(await count(ctx, "SELECT COUNT(*) FROM activation_codes WHERE code = 'NEWSTD000004' AND used_at IS NOT NULL"), 1);
});

test('a stock of 5 and 12 orders paid at once: 5 allocated, 7 refused for stock, the stock at 0', async () => {
  const ctx = await shop();
  const id = await packageId(ctx, PRO, 30);
  const orders: Awaited<ReturnType<typeof createOrder>>[] = [];
  for (let i = 0; i < 12; i++) orders.push(await createOrder(ctx, { type: 'buy', packageId: id, quantity: 1 }));
  await ctx.db.run('UPDATE grade_stock SET stock = 5 WHERE tenant_id = 1 AND grade_id = ?', PRO);
  const phones = await phonesOf(ctx);
  const replies = await atOnce(orders.length, (i) => submit(ctx, orders[i]!.orderId, 'mock', newKey()));
  assert.equal(tally(replies), { 0: 5, [ErrorCode.STOCK_INSUFFICIENT]: 7 });
  assert.is(await stock(ctx, PRO), 0);
  assert.is(await phonesOf(ctx), phones + 5);
  const ids = orders.map((order) => order.orderId);
  assert.is(await count(ctx, `SELECT COUNT(*) FROM orders WHERE status = 'allocated' AND ${ctx.db.dialect.inList('id')}`, ids), 5);
  assert.is(await count(ctx, `SELECT COUNT(*) FROM orders WHERE status = 'waitPay' AND ${ctx.db.dialect.inList('id')}`, ids), 7);
  assert.is(await count(ctx, `SELECT COUNT(*) FROM payments WHERE status = 'success' AND ${ctx.db.dialect.inList('order_id')}`, ids), 5);
});

test('20 redeems of one code at once: one coupon', async () => {
  const ctx = await shop();
  const before = await count(ctx, 'SELECT COUNT(*) FROM coupons WHERE user_id = ?', ctx.userId);
  const replies = await atOnce(20, () => ctx.call(REDEEM, { body: { code: 'SPRING50' } }));
  assert.is(replies.filter((reply) => reply.code === 0).length, 1, JSON.stringify(tally(replies)));
  for (const { code } of replies) assert.ok([0, ErrorCode.REDEEM_CODE_USED, ErrorCode.TOO_MANY_REQUESTS].includes(code), String(code));
  assert.is(await count(ctx, 'SELECT COUNT(*) FROM coupons WHERE user_id = ?', ctx.userId), before + 1);
  assert.is(await count(ctx, "SELECT COUNT(*) FROM redeem_codes WHERE code = 'SPRING50' AND used_at IS NOT NULL"), 1);
});

test.run();
