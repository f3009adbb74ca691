import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import * as contract from '../../shared/contract/shop.ts';
import { asText } from '../../shared/contract/fields.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { orderNoOf } from '../data/orders.ts';
import { findPayment } from '../data/payments.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { contractRoute } from '../lib/contract-route.ts';
import { ok } from '../lib/envelope.ts';
import { apiError, badRequest, PAGE_MESSAGES } from '../lib/errors.ts';
import { loadOwnedOrder } from '../lib/orders.ts';
import { NOTIFY_RESULTS, notifyPayment, paymentReply, paymentStatusOf, submitPayment } from '../lib/payments.ts';
import { readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';
import { safeReturnPath, walletHtml, withOrderId } from '../lib/wallet-page.ts';

// Payment (shared/contract/shop.ts; API.md "Payment"): submit and the status the app polls are calls of the contract;
// the wallet's callback and the simulated wallet page are not the app's, and answer outside it.

const PAY = '/api/pay';

/**
 * The wallet's callback, as the wallet page (wallet-page.ts) sends it. An unknown payment id is looked up like any
 * other and answers that the payment does not exist.
 */
const NotifyBody = v.object({
  paymentId: v.pipe(v.optional(v.unknown(), ''), v.transform(asText)),
  result: v.pipe(v.optional(v.unknown(), ''), v.transform(asText), v.picklist(NOTIFY_RESULTS, 'result must be success, fail or cancel')),
});

function originOf(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}

/**
 * Where the wallet returns: the body's returnUrl, else the page that asked (Referer), else the app's root; each only
 * if it is this origin's /app/ (an explicit bad returnUrl is refused rather than silently replaced).
 */
function returnPathOf(c: Context<AppEnv>, returnUrl: string | null): string {
  const origin = originOf(c);
  if (returnUrl !== null) {
    const path = safeReturnPath(returnUrl, origin);
    if (!path) throw badRequest('returnUrl must be a page of this app');
    return path;
  }
  return safeReturnPath(c.req.header('referer') ?? '', origin) ?? '/app/';
}

/**
 * Every method of the reference server is a demonstration: `mock` pays at once and the wallet methods complete
 * through an unsigned callback. They answer only when PAYMENTS_MODE=demo (AppOptions.demoPayments); otherwise
 * paying answers "No service available" and nobody can mark an order paid by calling the callback. Checked before
 * the request is read, so a server without payments says so whatever it was sent.
 */
function requireDemoPayments(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    if (!deps.demoPayments) throw apiError(ErrorCode.SERVICE_UNAVAILABLE);
    await next();
  };
}

export function paymentRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireTenant(deps), requireAuth(deps)];
  const demoPayments = requireDemoPayments(deps);

  contractRoute(routes, deps, contract.submitPayment, [...guard, requireRegistered, demoPayments], async (c, { body }) => {
    const { method, idempotencyKey, orderId } = body;
    const returnUrl = method === 'mock' ? '' : returnPathOf(c, body.returnUrl);
    return paymentReply(await submitPayment(db, c.get('user'), { orderId, method, idempotencyKey, returnUrl }, deps.now()));
  });

  // No tenant or token: a wallet's server calls this, and the unguessable payment id is what authorises it.
  routes.post(`${PAY}/notify/:method`, demoPayments, async (c) => {
    const parsed = v.safeParse(NotifyBody, await readBody(c), { abortEarly: true });
    if (!parsed.success) throw badRequest(parsed.issues[0].message);
    const { paymentId, result } = parsed.output;
    const payment = await notifyPayment(db, c.req.param('method'), paymentId, result, deps.now());
    return ok(c, { paymentId: payment.id, status: payment.status, orderId: payment.order_id });
  });

  contractRoute(routes, deps, contract.paymentStatus, guard, async (c, { query }) => {
    const order = await loadOwnedOrder(db, c.get('user'), query.orderId);
    return { orderId: order.id, ...await paymentStatusOf(db, order, deps.now()) };
  });

  routes.get('/pay/wallet/:paymentId', async (c) => {
    const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
    const payment = deps.demoPayments ? await findPayment(db, c.req.param('paymentId')) : undefined;
    if (!payment || payment.method === 'mock') return c.text(PAGE_MESSAGES.paymentNotExist, 404, headers);
    const returnPath = safeReturnPath(c.req.query('return') ?? '', originOf(c));
    if (!returnPath) return c.text(PAGE_MESSAGES.returnAddressInvalid, 400, headers);
    const orderNo = (await orderNoOf(db, payment.order_id))!;
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
