import { test } from 'uvu';
import type { SqliteEngine } from '../../../../server/db/sqlite-engine.ts';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { coupons, createOrder, ORDER, packageId, PAY, PRO, shop, snapshot, STANDARD, submit } from '../commerce-helpers.ts';
import type { Shop } from '../commerce-helpers.ts';
import { phoneId } from '../device-helpers.ts';

// API.md "Commerce": creation, payment, cancellation and activation are each one transaction. A trigger injected into
// the test's own database fails a statement midway; afterwards nothing of the call may remain.

/**
 * Makes the n-th (1-based, counted from now) insert or update on `table` abort. The count outlives the rollback (a
 * JavaScript function on SQLite, a sequence on PostgreSQL, which no rollback moves back), so it proves the earlier
 * statements of the call did run before the failure. A trigger left behind goes with the test's database.
 */
async function failOn(ctx: Shop, table: string, event: 'INSERT' | 'UPDATE', nth = 1) {
  if (ctx.db.dialect.name === 'sqlite') {
    const state = { hits: 0 };
    (ctx.db as SqliteEngine).db.function('injected_hit', () => ++state.hits);
    await ctx.db.exec(`DROP TRIGGER IF EXISTS injected_failure;
      CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} BEGIN
        SELECT RAISE(ABORT, 'injected failure') WHERE injected_hit() >= ${nth};
      END;`);
    return { hits: async () => state.hits, heal: async () => await ctx.db.exec('DROP TRIGGER injected_failure') };
  }
  await ctx.db.exec(`DROP SEQUENCE IF EXISTS injected_hits; CREATE SEQUENCE injected_hits;
    CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('injected_hits') >= ${nth} THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$;
    DROP TRIGGER IF EXISTS injected_failure ON ${table};
    CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_failure();`);
  return {
    hits: async () => await ctx.db.value('SELECT last_value FROM injected_hits') as number,
    heal: async () => await ctx.db.exec(`DROP TRIGGER injected_failure ON ${table}`),
  };
}

function assertFailed(reply: { status: number; code: number }) {
  assert.is(reply.status, 500);
  assert.is(reply.code, ErrorCode.SERVER_ERROR);
}

test('payment: a failure on the second new phone leaves order, coupon, stock, phones and payments untouched', async () => {
  const ctx = await shop();
  const c = await coupons(ctx);
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2, couponId: c.cash500 });
  const before = await snapshot(ctx);
  const fault = await failOn(ctx, 'phones', 'INSERT', 2);
  const key = 'rollback-key-1';
  assertFailed(await submit(ctx, order.orderId, 'mock', key));
  assert.is(await fault.hits(), 2);
  assert.equal(await snapshot(ctx), before);
  assert.is(ctx.errors.length, 1);
  // Once the fault is gone the same key pays, once.
  await fault.heal();
  assert.is((await submit(ctx, order.orderId, 'mock', key)).data.status, 'success');
  assert.is((await ctx.call(`${ORDER}/get?id=${order.orderId}`)).data.status, 'allocated');
});

test('wallet callback: a failure while renewing the second phone rolls everything back and the payment keeps waiting', async () => {
  const ctx = await shop();
  const ids = [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Backup')];
  const order = await createOrder(ctx, { type: 'renew', packageId: await packageId(ctx, STANDARD, 30), userPhoneIds: ids, couponId: (await coupons(ctx)).extension3 });
  const payment = (await submit(ctx, order.orderId, 'alipay')).data;
  const before = await snapshot(ctx);
  const fault = await failOn(ctx, 'phones', 'UPDATE', 2);
  assertFailed(await ctx.call(`${PAY}/notify/alipay`, { body: { paymentId: payment.paymentId, result: 'success' }, tenant: null }));
  assert.is(await fault.hits(), 2);
  assert.equal(await snapshot(ctx), before);
});

test('create: a fully covered order that fails while allocating leaves no order and the coupon unused', async () => {
  const ctx = await shop();
  const couponId = (await ctx.call('/api/promotion/redeem-code/use', { body: { code: 'WELCOME2026' } })).data.couponId;
  const before = await snapshot(ctx);
  const fault = await failOn(ctx, 'phones', 'INSERT');
  assertFailed(await ctx.call(`${ORDER}/create`, { body: { type: 'buy', packageId: await packageId(ctx, STANDARD, 7), quantity: 1, couponId } }));
  // The order had been inserted and its coupon marked used before the phone failed.
  assert.is(await fault.hits(), 1);
  assert.equal(await snapshot(ctx), before);
});

test('cancel: a failure closing the open wallet leaves the order waiting for payment', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1, couponId: (await coupons(ctx)).discount85 });
  await submit(ctx, order.orderId, 'wechat');
  const before = await snapshot(ctx);
  const fault = await failOn(ctx, 'payments', 'UPDATE');
  assertFailed(await ctx.call(`${ORDER}/cancel?id=${order.orderId}`, { method: 'PUT' }));
  assert.is(await fault.hits(), 1);
  assert.equal(await snapshot(ctx), before);
  assert.is((await ctx.call(`${ORDER}/get?id=${order.orderId}`)).data.status, 'waitPay');
});

test('activation: a failure on the second code undoes the first code, its phone and its stock', async () => {
  const ctx = await shop();
  const before = await snapshot(ctx);
  const fault = await failOn(ctx, 'activation_records', 'INSERT', 2);
  const reply = await ctx.call('/api/product/activation-code/activate', { body: { type: 1, codes: ['NEWSTD000001', 'NEWPRO000001'] } });
  assertFailed(reply);
  assert.is(await fault.hits(), 2);
  assert.equal(await snapshot(ctx), before);
});

test.run();
