import { Hono } from 'hono';
import { findOrder, listOrders, setStatusFromWaitPay } from '../data/orders.ts';
import { closeWaitingPayments } from '../data/payments.ts';
import { immediate } from '../data/statements.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { badRequest } from '../lib/errors.ts';
import { effectiveStatus, isOrderStatus, transition } from '../lib/order-state.ts';
import { loadOwnedOrder, orderJson, parseOrderRequest, placeOrder, quoteOrder } from '../lib/orders.ts';
import { settleOrder } from '../lib/payments.ts';
import { asPositiveInt, languageOf, queryPage, readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Orders (API.md "Orders"): preview and create share quoteOrder, so what the user saw is what is charged.

const ORDER = '/api/trade/order';
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;

export function orderRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  // Guests may preview (browsing prices); placing an order needs an account.
  routes.post(`${ORDER}/preview`, tenant, auth, async (c) => {
    const request = parseOrderRequest(await readBody(c));
    const now = deps.now();
    const { quote } = quoteOrder(db, c.get('user'), request, now);
    const { couponId: _chosen, ...preview } = quote;
    return ok(c, preview);
  });

  // Quote, insert and (for a fully covered order) settle in one immediate transaction: the coupon and the stock are
  // read and taken with no other order in between.
  routes.post(`${ORDER}/create`, tenant, auth, requireRegistered, async (c) => {
    const request = parseOrderRequest(await readBody(c));
    const user = c.get('user');
    const language = languageOf(c);
    const now = deps.now();
    const order = immediate(db, () => {
      const placed = placeOrder(db, user, request, quoteOrder(db, user, request, now), language, now);
      if (placed.pay_amount === 0) settleOrder(db, placed, 'free', now);
      return findOrder(db, placed.id)!;
    });
    return ok(c, { orderId: order.id, orderNo: order.order_no, payAmount: order.pay_amount, status: effectiveStatus(order, now) });
  });

  routes.get(`${ORDER}/page`, tenant, auth, (c) => {
    const query = c.req.query();
    const page = queryPage(query, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const status = (query.status ?? '').trim();
    if (status && !isOrderStatus(status)) throw badRequest('Unknown order status');
    const now = deps.now();
    const { rows, total } = listOrders(db, c.get('user').id, isOrderStatus(status) ? status : null, now, page.pageSize, page.offset);
    const language = languageOf(c);
    return ok(c, { list: rows.map((row) => orderJson(db, row, language, now)), total });
  });

  routes.get(`${ORDER}/get`, tenant, auth, (c) => {
    const order = loadOwnedOrder(db, c.get('user'), asPositiveInt(c.req.query('id')));
    return ok(c, orderJson(db, order, languageOf(c), deps.now()));
  });

  // Only an unpaid order inside its window; its coupon is free again at once (the hold is derived from the order),
  // and a wallet still open for it can no longer pay.
  routes.put(`${ORDER}/cancel`, tenant, auth, (c) => {
    const user = c.get('user');
    const id = asPositiveInt(c.req.query('id'));
    const now = deps.now();
    immediate(db, () => {
      const order = loadOwnedOrder(db, user, id);
      setStatusFromWaitPay(db, order.id, transition(effectiveStatus(order, now), 'canceled'));
      closeWaitingPayments(db, order.id, now);
    });
    return ok(c, true);
  });

  return routes;
}
