/**
 * paymentResult (`/pay-result`, `?orderId=`): waits for the payment's outcome (a wallet's callback may
 * land a moment later), shows success, refunded, closed or failed with retry, and returns the user home
 * by itself after a countdown.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { goToPage } from '../../app/navigation.ts';
import type { PageProps } from '../../app/routes.ts';
import { loadPhones } from '../../devices/state.ts';
import { paymentStatus, type PaymentStatus } from '../api.ts';
import '../parts/buy.css';

export const RETURN_SECONDS = 5;
const POLL_MS = 1000;
const MAX_POLLS = 20;

export default function PayResultPage({ query }: PageProps) {
  const orderId = Number(query.get('orderId'));
  const [status, setStatus] = useState<PaymentStatus>('waiting');
  const [error, setError] = useState('');
  const [left, setLeft] = useState(RETURN_SECONDS);
  /** The wallet has not answered yet: say so (and stop asking) rather than call it failed. */
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let polls = 0;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const reply = await paymentStatus(orderId);
        if (!live) return;
        if (reply.paymentStatus !== 'waiting' || ++polls >= MAX_POLLS) {
          setStatus(reply.paymentStatus);
          setGaveUp(reply.paymentStatus === 'waiting');
          if (reply.paymentStatus === 'success') void loadPhones();
          return;
        }
      } catch (failure) {
        setError(describeError(failure));
        return;
      }
      timer = setTimeout(check, POLL_MS);
    };
    void check();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId]);

  const settled = status !== 'waiting' || gaveUp || Boolean(error);
  useEffect(() => {
    if (!settled) return;
    if (left <= 0) {
      goToPage('', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [settled, left]);

  return (
    <div class="centered pay-result" data-testid="pay-result" data-status={status}>
      <span class={`pay-result__icon pay-result__icon--${status}`} aria-hidden="true" />
      <h2 data-testid="pay-result-title">{error || t(gaveUp ? 'shopBuy.result.processing' : `shopBuy.result.${status}`)}</h2>
      {settled ? <p class="muted" data-testid="pay-result-countdown">{t('shopBuy.result.returning', { seconds: left })}</p> : null}
      <div class="pay-result__actions">
        {status === 'failed' || status === 'closed' ? (
          <button type="button" class="btn btn--primary" onClick={() => goToPage('payment', { query: `?orderId=${orderId}` })}>{t('common.retry')}</button>
        ) : null}
        <button type="button" class="btn" onClick={() => goToPage('order-list')}>{t('shopBuy.result.orders')}</button>
        <button type="button" class="btn" onClick={() => goToPage('', { replace: true })} data-testid="pay-result-home">{t('nav.home')}</button>
      </div>
    </div>
  );
}
