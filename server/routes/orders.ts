import { Hono } from 'hono';
import * as contract from '../../shared/contract/shop.ts';
import * as listed from '../../shared/contract/shop-orders.ts';
import { findOrder, listOrders, setStatusFromWaitPay } from '../data/orders.ts';
import { closeWaitingPayments } from '../data/payments.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { effectiveStatus, transition } from '../lib/order-state.ts';
import { loadOwnedOrder, orderJson, orderRequestOf, placeOrder, quoteOrder } from '../lib/orders.ts';
import { settleOrder } from '../lib/payments.ts';
import { languageOf } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { mapInOrder } from '../lib/in-order.ts';
import { SETTLEMENT_QUEUE } from '../db/engine.ts';

// Orders (shared/contract/shop.ts, shop-orders.ts; API.md "Orders"): preview and create share quoteOrder, so what the
// user saw is what is charged.

export function orderRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];

  // Guests may preview (browsing prices); placing an order needs an account.
  contractRoute(routes, deps, contract.previewOrder, guard, async (c, { body }) => {
    const { quote } = await quoteOrder(db, c.get('user'), orderRequestOf(body), deps.now());
    const { couponId: _chosen, ...preview } = quote;
    return preview;
  });

  // Quote, insert and (for a fully covered order) settle in one transaction: the coupon and the stock are
  // read and taken with no other order in between.
  contractRoute(routes, deps, contract.createOrder, [...guard, requireRegistered], async (c, { body }) => {
    const request = orderRequestOf(body);
    const user = c.get('user');
    const language = languageOf(c);
    const now = deps.now();
    const order = await db.transaction(async (db) => {
      const placed = await placeOrder(db, user, request, await quoteOrder(db, user, request, now), language, now);
      if (placed.pay_amount === 0) await settleOrder(db, placed, 'free', now);
      return (await findOrder(db, placed.id))!;
    }, { queue: SETTLEMENT_QUEUE });
    return { orderId: order.id, orderNo: order.order_no, payAmount: order.pay_amount, status: effectiveStatus(order, now) };
  });

  contractRoute(routes, deps, listed.listOrders, guard, async (c, { query }) => {
    const now = deps.now();
    const offset = (query.pageNo - 1) * query.pageSize;
    const { rows, total } = await listOrders(db, c.get('user').id, query.status, now, query.pageSize, offset);
    const language = languageOf(c);
    return { list: (await mapInOrder(rows, async (row) => await orderJson(db, row, language, now))), total };
  });

  contractRoute(routes, deps, listed.getOrder, guard, async (c, { query }) =>
    await orderJson(db, await loadOwnedOrder(db, c.get('user'), query.id), languageOf(c), deps.now()),
  );

  // Only an unpaid order inside its window; its coupon is free again at once (the hold is derived from the order),
  // and a wallet still open for it can no longer pay.
  contractRoute(routes, deps, listed.cancelOrder, guard, async (c, { query }) => {
    const user = c.get('user');
    const now = deps.now();
    await db.transaction(async (db) => {
      const order = await loadOwnedOrder(db, user, query.id);
      await setStatusFromWaitPay(db, order.id, transition(effectiveStatus(order, now), 'canceled'));
      await closeWaitingPayments(db, order.id, now);
    });
    return true;
  });

  return routes;
}
