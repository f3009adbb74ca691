import { Hono } from 'hono';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { effectiveStatus, isOrderStatus, transition } from '../lib/order-state.ts';
import { insertOrder, loadOwnedOrder, orderJson, parseOrderRequest, quoteOrder, statusCondition } from '../lib/orders.ts';
import type { OrderRow } from '../lib/orders.ts';
import { settleOrder } from '../lib/payments.ts';
import { asPositiveInt, languageOf, readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Orders (API.md "Orders"): preview and create share quoteOrder, so what the user saw is what is charged.

const ORDER = '/api/trade/order';
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;

function optionalInt(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = asPositiveInt(value);
  if (n === null) throw badRequest(`${name} must be a positive integer`);
  return n;
}

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
    const order = db.transaction(() => {
      const inserted = insertOrder(db, user, request, quoteOrder(db, user, request, now), language, now);
      if (inserted.pay_amount === 0) settleOrder(db, inserted, 'free', now);
      return db.prepare('SELECT * FROM orders WHERE id = ?').get(inserted.id) as OrderRow;
    }).immediate();
    return ok(c, { orderId: order.id, orderNo: order.order_no, payAmount: order.pay_amount, status: effectiveStatus(order, now) });
  });

  routes.get(`${ORDER}/page`, tenant, auth, (c) => {
    const query = c.req.query();
    const pageNo = optionalInt(query.pageNo, 'pageNo') ?? 1;
    const pageSize = optionalInt(query.pageSize, 'pageSize') ?? DEFAULT_PAGE_SIZE;
    if (pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be 1-${MAX_PAGE_SIZE}`);
    const status = (query.status ?? '').trim();
    if (status && !isOrderStatus(status)) throw badRequest('Unknown order status');
    const now = deps.now();
    const user = c.get('user');
    const where = ['user_id = @userId', ...(status && isOrderStatus(status) ? [statusCondition(status)] : [])].join(' AND ');
    const params = { userId: user.id, status, now };
    const total = db.prepare(`SELECT COUNT(*) FROM orders WHERE ${where}`).pluck().get(params) as number;
    const rows = db
      .prepare(`SELECT * FROM orders WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit: pageSize, offset: (pageNo - 1) * pageSize }) as OrderRow[];
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
    db.transaction(() => {
      const order = loadOwnedOrder(db, user, id);
      const status = transition(effectiveStatus(order, now), 'canceled');
      db.prepare("UPDATE orders SET status = ? WHERE id = ? AND status = 'waitPay'").run(status, order.id);
      db.prepare("UPDATE payments SET status = 'closed', finished_at = ? WHERE order_id = ? AND status = 'waiting'").run(now, order.id);
    }).immediate();
    return ok(c, true);
  });

  return routes;
}
