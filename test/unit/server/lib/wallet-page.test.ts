import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { safeReturnPath, withOrderId } from '../../../../server/lib/wallet-page.ts';
import { createOrder, packageId, PRO, shop, submit } from '../commerce-helpers.ts';

// The simulated wallet page (API.md "Payment"): self-contained, nonce CSP, same-origin /app/ return URLs only.

const ORIGIN = 'http://localhost';

test('safeReturnPath accepts only this origin’s /app/ pages', () => {
  assert.is(safeReturnPath('/app/orders/demo?tab=1', ORIGIN), '/app/orders/demo?tab=1');
  assert.is(safeReturnPath('http://localhost/app/pay/demo', ORIGIN), '/app/pay/demo');
  assert.is(safeReturnPath('/app', ORIGIN), '/app');
  for (const bad of ['', 'https://evil.example/app/', '//evil.example/app/', '/\\evil.example/app/', '/app/../admin', '/app/%2e%2e/admin', '/apps/x', '/other', 'javascript:alert(1)', 'http://localhost:8081/app/', '/app/\nx']) {
    assert.is(safeReturnPath(bad, ORIGIN), null, bad);
  }
  assert.is(withOrderId('/app/orders/demo?tab=1#top', 42), '/app/orders/demo?tab=1&orderId=42#top');
  assert.is(withOrderId('/app/orders/demo?orderId=7', 42), '/app/orders/demo?orderId=42');
});

test('the wallet page: method, amount, order number, Pay and Cancel, a nonce CSP and nothing external', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 2 });
  const started = (await submit(ctx, order.orderId, 'alipay', 'wallet-page-key', { returnUrl: '/app/orders/demo' })).data;
  const response = await ctx.app.request(started.walletUrl);
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /text\/html/);
  assert.is(response.headers.get('cache-control'), 'no-store');
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
  assert.ok(nonce.length >= 16, csp);
  assert.match(csp, /default-src 'none'/);
  assert.not.match(csp, /unsafe-inline/);
  const html = await response.text();
  assert.match(html, 'Alipay-type wallet');
  assert.match(html, '¥156.00');
  assert.match(html, order.orderNo);
  assert.match(html, /<button id="pay"/);
  assert.match(html, /<button id="cancel"/);
  // Every script carries the nonce; nothing is loaded from elsewhere.
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  assert.is(scripts.length, 1);
  assert.ok(scripts.every((tag) => tag.includes(`nonce="${nonce}"`)));
  assert.not.match(html, /\ssrc=|<link|@import|https?:\/\//);
  assert.match(html, `data-return="/app/orders/demo?orderId=${order.orderId}"`);
  assert.match(html, "'/api/pay/notify/' + encodeURIComponent(data.method)");
  // A fresh nonce per page.
  const again = await ctx.app.request(started.walletUrl);
  assert.is.not(again.headers.get('content-security-policy'), csp);

  const wechat = (await submit(ctx, order.orderId, 'wechat')).data;
  const zh = await (await ctx.app.request(wechat.walletUrl, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).text();
  assert.match(zh, '微信类钱包');
});

test('the wallet page refuses foreign return URLs and unknown payments; a finished payment shows its state', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1 });
  const started = (await submit(ctx, order.orderId, 'wechat')).data;
  const base = `/pay/wallet/${started.paymentId}`;
  for (const ret of ['https://evil.example/app/', '//evil.example/app/', '/app/../admin', '/elsewhere', '']) {
    assert.is((await ctx.app.request(`${base}?return=${encodeURIComponent(ret)}`)).status, 400, ret);
  }
  assert.is((await ctx.app.request('/pay/wallet/pay_0000?return=%2Fapp%2F')).status, 404);
  // submit refuses a foreign returnUrl outright and defaults to the referring app page.
  const refused = await submit(ctx, order.orderId, 'alipay', 'foreign-return-key', { returnUrl: 'https://evil.example/app/' });
  assert.is(refused.code, ErrorCode.BAD_REQUEST);
  const referred = await ctx.call('/api/pay/order/submit', {
    body: { orderId: order.orderId, method: 'alipay', idempotencyKey: 'referer-key-1' },
    headers: { referer: 'http://localhost/app/buy/demo?step=pay' },
  });
  assert.match(referred.data.walletUrl, /\?return=%2Fapp%2Fbuy%2Fdemo%3Fstep%3Dpay$/);
  const defaulted = await submit(ctx, order.orderId, 'alipay', 'default-return-key');
  assert.match(defaulted.data.walletUrl, /\?return=%2Fapp%2F$/);
  // A mock payment has no wallet page.
  const mock = await submit(ctx, order.orderId, 'mock');
  assert.is((await ctx.app.request(`/pay/wallet/${mock.data.paymentId}?return=%2Fapp%2F`)).status, 404);
  // The wallet opened earlier is closed by the mock payment: no buttons, a way back.
  const html = await (await ctx.app.request(started.walletUrl)).text();
  assert.not.match(html, /<button/);
  assert.match(html, 'closed');
  assert.match(html, `href="/app/?orderId=${order.orderId}"`);
});

test('without PAYMENTS_MODE=demo nothing can be paid: submit answers "No service available", the callback and page are gone', async () => {
  const ctx = await shop();
  const order = await createOrder(ctx, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1 });
  const started = (await submit(ctx, order.orderId, 'alipay', 'payments-off-key', { returnUrl: '/app/orders/demo' })).data;
  // The same database served by a deployment that did not turn the demo methods on.
  const { createApp } = await import('../../../../server/app.ts');
  const live = createApp({ db: ctx.db, distDir: '/nonexistent', now: ctx.now });
  const json = async (response: Response) => (await response.json()) as { code: number; msg: string };
  const submitted = await json(
    await live.request('/api/pay/order/submit', {
      method: 'POST',
      headers: { 'tenant-id': '1', authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: order.orderId, method: 'mock', idempotencyKey: 'payments-off-mock' }),
    }),
  );
  assert.equal(submitted, { code: ErrorCode.SERVICE_UNAVAILABLE, msg: 'No service available', data: null });
  const notified = await json(
    await live.request('/api/pay/notify/alipay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentId: started.paymentId, result: 'success' }),
    }),
  );
  assert.is(notified.code, ErrorCode.SERVICE_UNAVAILABLE);
  assert.is((await live.request(started.walletUrl)).status, 404);
  assert.is(await ctx.db.value('SELECT status FROM orders WHERE id = ?', order.orderId), 'waitPay', 'still unpaid');
});

test.run();
