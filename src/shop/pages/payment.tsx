/**
 * payment (person layout, `?orderId=`): the amount, a method (mock, an alipay-type wallet, a
 * wechat-type wallet), and Pay. One payment per order however often Pay is tapped: the button locks,
 * the client refuses an identical request in flight, and the server answers a repeated idempotency key
 * with the same payment.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { goToPage, pathTo, BASE } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { holdUpdates } from '../../app/update-guard.ts';
import type { PayMethod } from '../order-types.ts';
import { forgetPayingOrder, loadPayingOrder, payingOrder, payingOrderError, payOrder } from '../state.ts';
import { formatMoney } from '../money.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

const METHODS: PayMethod[] = ['mock', 'alipay', 'wechat'];

export function isWalletPage(url: string): boolean {
  try {
    const target = new URL(url, location.href);
    return target.origin === location.origin && target.pathname.startsWith('/pay/wallet/');
  } catch {
    return false;
  }
}

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export default function PaymentPage({ query }: PageProps) {
  const orderId = Number(query.get('orderId'));
  const [method, setMethod] = useState<PayMethod>('mock');
  const [paying, setPaying] = useState(false);
  const locked = useRef(false);
  // One key per method per visit: a retried or repeated submit is the same payment to the server, while
  // choosing another method (after leaving a wallet unpaid) is a new one.
  const keys = useRef(new Map<PayMethod, string>());
  const keyFor = (chosen: PayMethod) => {
    if (!keys.current.has(chosen)) keys.current.set(chosen, newIdempotencyKey());
    return keys.current.get(chosen)!;
  };

  // A new version of the app waits until the user has left the payment (update-guard.ts).
  useEffect(() => holdUpdates('payment'), []);

  useEffect(() => {
    void loadPayingOrder(orderId).then((found) => {
      // Only an unpaid order can be paid; anything else is told by the result page.
      if (found && found.status !== 'waitPay') goToPage('pay-result', { query: `?orderId=${orderId}`, replace: true });
    });
    return forgetPayingOrder;
  }, [orderId]);
  const order = payingOrder.value;
  const error = payingOrderError.value ? describeError(payingOrderError.value) : '';

  useEffect(() => {
    // Back from a wallet page, the browser may restore this page as it was: locked mid-payment.
    const unlock = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      locked.current = false;
      setPaying(false);
    };
    addEventListener('pageshow', unlock);
    return () => removeEventListener('pageshow', unlock);
  }, []);

  const pay = async () => {
    if (locked.current) return;
    locked.current = true;
    setPaying(true);
    try {
      const returnUrl = BASE + pathTo('pay-result', `?orderId=${orderId}`);
      const reply = await payOrder(orderId, method, keyFor(method), returnUrl);
      // Only this backend's own wallet page: a server answer must never send the user to script or elsewhere.
      if (reply.walletUrl && isWalletPage(reply.walletUrl)) location.assign(reply.walletUrl);
      else goToPage('pay-result', { query: `?orderId=${orderId}`, replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === ErrorCode.ORDER_ALREADY_PAID) {
        goToPage('pay-result', { query: `?orderId=${orderId}`, replace: true });
        return;
      }
      notify(describeError(failure));
      locked.current = false;
      setPaying(false);
    }
  };

  if (error) return <p class="field__error card" role="alert">{error}</p>;
  return (
    <div class="buy">
      <section class="card pay-amount">
        <p class="muted">{t('shop.buy.pay.amount')}</p>
        <p class="pay-amount__value" data-testid="payment-amount">{order ? formatMoney(order.payAmount) : '—'}</p>
        <p class="muted">{order ? t('shop.buy.pay.orderNo', { orderNo: order.orderNo }) : ''}</p>
      </section>
      <fieldset class="card">
        <legend class="field__label">{t('shop.buy.pay.method')}</legend>
        {METHODS.map((value) => (
          <label key={value} class="radio">
            <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} data-testid={`method-${value}`} />
            <span>{t(`shop.buy.pay.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <div class="card-actions">
        <button type="button" class="btn btn--primary btn--block" disabled={!order || paying} onClick={() => void pay()} data-testid="pay-submit">
          {paying ? t('shop.buy.pay.paying') : t('shop.buy.pay.submit')}
        </button>
      </div>
    </div>
  );
}
