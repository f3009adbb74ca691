import type { PaymentRow } from '../data/payments.ts';

// The simulated wallet (API.md "Payment"): the page a wallet app would show, served by the reference server outside
// the app. Self-contained (no external assets) and locked down by a nonce CSP, since it handles "money".

/**
 * Only a path of the app on this very origin may be returned to: anything else would turn the wallet into an open
 * redirect. URL parsing (not string tests) decides, so `//evil`, `/app/../x` and encoded tricks resolve first.
 * Returns the normalised path, or null.
 */
export function safeReturnPath(value: string, origin: string): string | null {
  if (!value || value.length > 2000 || /[\\\u0000-\u001f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !(url.pathname === '/app' || url.pathname.startsWith('/app/'))) return null;
  return url.pathname + url.search + url.hash;
}

/** The return path with `orderId` set, so the app knows which order to check. */
export function withOrderId(path: string, orderId: number): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('orderId', String(orderId));
  return url.pathname + url.search + url.hash;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const TEXTS = {
  'en-US': {
    title: 'Simulated wallet',
    alipay: 'Alipay-type wallet',
    wechat: 'WeChat-type wallet',
    note: 'A simulation: no money moves.',
    order: 'Order',
    pay: 'Pay',
    cancel: 'Cancel',
    back: 'Back to the app',
    done: 'This payment is no longer waiting:',
    failed: 'The callback failed, try again.',
  },
  'zh-CN': {
    title: '模拟钱包',
    alipay: '支付宝类钱包',
    wechat: '微信类钱包',
    note: '模拟支付，不会产生真实扣款。',
    order: '订单号',
    pay: '支付',
    cancel: '取消',
    back: '返回应用',
    done: '该支付已结束：',
    failed: '回调失败，请重试。',
  },
} as const;

export interface WalletPage {
  payment: PaymentRow;
  orderNo: string;
  returnPath: string;
  nonce: string;
  language: 'en-US' | 'zh-CN';
}

export function walletHtml({ payment, orderNo, returnPath, nonce, language }: WalletPage): string {
  const t = TEXTS[language];
  const amount = `¥${(payment.amount / 100).toFixed(2)}`;
  const method = payment.method === 'wechat' ? t.wechat : t.alipay;
  const waiting = payment.status === 'waiting';
  const actions = waiting
    ? `<button id="pay" type="button">${t.pay} ${amount}</button><button id="cancel" type="button" class="secondary">${t.cancel}</button>`
    : `<p>${t.done} ${escapeHtml(payment.status)}</p><a class="button" href="${escapeHtml(returnPath)}">${t.back}</a>`;
  // The script reads its data from attributes (HTML-escaped) instead of interpolated JavaScript, so no value can
  // break out of a string literal; the nonce is the only way any script runs on this page.
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title>
<style nonce="${nonce}">
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f2f3f5;color:#1d2129}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
.card{background:#fff;border-radius:12px;padding:24px 16px;margin:16px 0}
.amount{font-size:36px;font-weight:600;margin:8px 0}
.muted{color:#86909c;font-size:14px}
button,.button{display:block;box-sizing:border-box;width:100%;padding:12px;margin:12px 0 0;border:0;border-radius:8px;font-size:16px;background:#1677ff;color:#fff;text-decoration:none}
button.secondary{background:#fff;color:#1d2129;border:1px solid #c9cdd4}
button:disabled{opacity:.6}
#error{color:#f53f3f;min-height:1.5em}
</style></head>
<body data-payment="${escapeHtml(payment.id)}" data-method="${escapeHtml(payment.method)}" data-return="${escapeHtml(returnPath)}">
<main>
<h1>${method}</h1>
<p class="muted">${t.note}</p>
<div class="card"><div class="amount">${amount}</div><div class="muted">${t.order} ${escapeHtml(orderNo)}</div></div>
${actions}
<p id="error" role="alert"></p>
</main>
<script nonce="${nonce}">
(function () {
  var data = document.body.dataset;
  var buttons = document.querySelectorAll('button');
  function send(result) {
    buttons.forEach(function (b) { b.disabled = true; });
    fetch('/api/pay/notify/' + encodeURIComponent(data.method), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentId: data.payment, result: result })
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      location.replace(data.return);
    }).catch(function () {
      document.getElementById('error').textContent = ${JSON.stringify(t.failed)};
      buttons.forEach(function (b) { b.disabled = false; });
    });
  }
  var pay = document.getElementById('pay');
  var cancel = document.getElementById('cancel');
  if (pay) pay.addEventListener('click', function () { send('success'); });
  if (cancel) cancel.addEventListener('click', function () { send('cancel'); });
})();
</script>
</body></html>`;
}
