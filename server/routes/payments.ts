import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { PAY_METHODS } from '../../src/shop/order-types.ts';
import type { PayMethod } from '../../src/shop/order-types.ts';
import { orderNoOf } from '../data/orders.ts';
import { findPayment } from '../data/payments.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { ok } from '../lib/envelope.ts';
import { apiError, badRequest, PAGE_MESSAGES } from '../lib/errors.ts';
import { loadOwnedOrder } from '../lib/orders.ts';
import { notifyPayment, paymentReply, paymentStatusOf, submitPayment } from '../lib/payments.ts';
import type { NotifyResult } from '../lib/payments.ts';
import { asPositiveInt, asString, readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { safeReturnPath, walletHtml, withOrderId } from '../lib/wallet-page.ts';

// Payment (API.md "Payment"): submit, the wallet's callback, the status the app polls, and the simulated wallet page.

const PAY = '/api/pay';
const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
const RESULTS: readonly NotifyResult[] = ['success', 'fail', 'cancel'];

function originOf(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}

/**
 * Where the wallet returns: the body's returnUrl, else the page that asked (Referer), else the app's root; each only
 * if it is this origin's /app/ (an explicit bad returnUrl is refused rather than silently replaced).
 */
function returnPathOf(c: Context<AppEnv>, value: unknown): string {
  const origin = originOf(c);
  if (value !== undefined && value !== null && value !== '') {
    const path = safeReturnPath(asString(value), origin);
    if (!path) throw badRequest('returnUrl must be a page of this app');
    return path;
  }
  return safeReturnPath(c.req.header('referer') ?? '', origin) ?? '/app/';
}

/**
 * Every method of the reference server is a demonstration: `mock` pays at once and the wallet methods complete
 * through an unsigned callback. They answer only when PAYMENTS_MODE=demo (AppOptions.demoPayments); otherwise
 * paying answers "No service available" and nobody can mark an order paid by calling the callback.
 */
function requireDemoPayments(deps: Deps): void {
  if (!deps.demoPayments) throw apiError(ErrorCode.SERVICE_UNAVAILABLE);
}

export function paymentRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.post(`${PAY}/order/submit`, tenant, auth, requireRegistered, async (c) => {
    requireDemoPayments(deps);
    const body = await readBody(c);
    const method = asString(body.method) as PayMethod;
    if (!PAY_METHODS.includes(method)) throw apiError(ErrorCode.PAYMENT_METHOD_INVALID);
    const idempotencyKey = asString(body.idempotencyKey);
    if (!KEY.test(idempotencyKey)) throw badRequest('idempotencyKey must be 8-128 letters, digits or _.:-');
    const payment = submitPayment(
      db,
      c.get('user'),
      { orderId: asPositiveInt(body.orderId), method, idempotencyKey, returnUrl: method === 'mock' ? '' : returnPathOf(c, body.returnUrl) },
      deps.now(),
    );
    return ok(c, paymentReply(payment));
  });

  // No tenant or token: a wallet's server calls this, and the unguessable payment id is what authorises it.
  routes.post(`${PAY}/notify/:method`, async (c) => {
    requireDemoPayments(deps);
    const body = await readBody(c);
    const result = asString(body.result) as NotifyResult;
    if (!RESULTS.includes(result)) throw badRequest('result must be success, fail or cancel');
    const payment = notifyPayment(db, c.req.param('method'), asString(body.paymentId), result, deps.now());
    return ok(c, { paymentId: payment.id, status: payment.status, orderId: payment.order_id });
  });

  routes.get(`${PAY}/order/get`, tenant, auth, (c) => {
    const order = loadOwnedOrder(db, c.get('user'), asPositiveInt(c.req.query('orderId')));
    return ok(c, { orderId: order.id, ...paymentStatusOf(db, order, deps.now()) });
  });

  routes.get('/pay/wallet/:paymentId', (c) => {
    const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
    const payment = deps.demoPayments ? findPayment(db, c.req.param('paymentId')) : undefined;
    if (!payment || payment.method === 'mock') return c.text(PAGE_MESSAGES.paymentNotExist, 404, headers);
    const returnPath = safeReturnPath(c.req.query('return') ?? '', originOf(c));
    if (!returnPath) return c.text(PAGE_MESSAGES.returnAddressInvalid, 400, headers);
    const orderNo = orderNoOf(db, payment.order_id)!;
    const nonce = randomBytes(16).toString('base64');
    // A browser navigation carries no `language` header; the browser's own preference picks the wording.
    const language = /^zh/i.test(c.req.header('accept-language') ?? '') ? 'zh-CN' : 'en-US';
    const html = walletHtml({ payment, orderNo, returnPath: withOrderId(returnPath, payment.order_id), nonce, language });
    return c.html(html, 200, {
      ...headers,
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    });
  });

  return routes;
}
