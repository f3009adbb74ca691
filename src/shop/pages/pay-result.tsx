/**
 * payResult (`/pay-result`, `?orderId=`): waits for the payment's outcome (a wallet's callback may
 * land a moment later), shows success, refunded, closed or failed with retry. Only a success returns the user home by
 * itself after a countdown: a payment that did not go through stays, so its retry is there to take. Each outcome has
 * its own mark (a tick, a cross, a clock…), so they differ by shape and not by colour alone.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { removeQueries } from '../../core/store/query-store.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { goToPage } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { phonesChangedOnServer } from '../../devices/state.ts';
import { paymentStatus, type PaymentStatus } from '../api.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

export const RETURN_SECONDS = 5;
const POLL_MS = 1000;
const MAX_POLLS = 20;

/** The mark of each outcome, drawn in the circle's own colour: a tick, a cross, an arrow back, a clock. */
const MARKS: Partial<Record<PaymentStatus | 'processing' | 'error', string>> = {
  success: 'M18 33l9 9 19-20',
  failed: 'M22 22l20 20M42 22L22 42',
  closed: 'M22 22l20 20M42 22L22 42',
  refunded: 'M40 24H26a8 8 0 000 16h12M26 18l-6 6 6 6',
  processing: 'M32 18v14l9 6',
  error: 'M32 18v18M32 44v2',
};

/** Waits a poll interval, or less when the page is left meanwhile. */
function pause(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, POLL_MS);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Asks until the payment has an outcome, or MAX_POLLS answers said it is still waiting. */
async function awaitOutcome(orderId: number, signal: AbortSignal): Promise<PaymentStatus | null> {
  for (let polls = 1; ; polls++) {
    const reply = await paymentStatus(orderId);
    if (signal.aborted) return null;
    if (reply.paymentStatus !== 'waiting' || polls >= MAX_POLLS) {
      if (reply.paymentStatus === 'success') phonesChangedOnServer();
      return reply.paymentStatus;
    }
    await pause(signal);
    if (signal.aborted) return null;
  }
}

export default function PayResultPage({ query }: PageProps) {
  const orderId = Number(query.get('orderId'));
  // The outcome is this visit's: it is dropped when the page goes.
  useEffect(() => () => removeQueries(['shop', 'payment-outcome', orderId]), [orderId]);
  const outcome = useQuery<PaymentStatus | null>(['shop', 'payment-outcome', orderId], (progress, signal) => {
    // A visit starts from "waiting", never from the outcome an earlier payment of this order had.
    progress(null);
    return awaitOutcome(orderId, signal);
  });
  const status: PaymentStatus = outcome.data ?? 'waiting';
  const error = outcome.error ? describeError(outcome.error) : '';
  const [left, setLeft] = useState(RETURN_SECONDS);
  /** The wallet has not answered yet: say so (and stop asking) rather than call it failed. */
  const gaveUp = outcome.data === 'waiting';

  const returning = status === 'success' && !error;
  const mark = MARKS[error ? 'error' : gaveUp ? 'processing' : status];
  useEffect(() => {
    if (!returning) return;
    if (left <= 0) {
      goToPage('', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [returning, left]);

  return (
    <div class="centered pay-result" data-testid="pay-result" data-status={status}>
      <span class={`pay-result__icon pay-result__icon--${error ? 'failed' : gaveUp ? 'processing' : status}`} aria-hidden="true" data-testid="pay-result-icon">
        {mark ? (
          <svg viewBox="0 0 64 64" width="64" height="64">
            <path d={mark} />
          </svg>
        ) : null}
      </span>
      <h2 data-testid="pay-result-title">{error || t(gaveUp ? 'shop.buy.result.processing' : `shop.buy.result.${status}`)}</h2>
      {returning ? <p class="muted" data-testid="pay-result-countdown">{t('shop.buy.result.returning', { seconds: left })}</p> : null}
      <div class="pay-result__actions">
        {status === 'failed' || status === 'closed' ? (
          <button type="button" class="btn btn--primary" onClick={() => goToPage('payment', { query: `?orderId=${orderId}` })}>{t('common.retry')}</button>
        ) : null}
        <button type="button" class="btn" onClick={() => goToPage('order-list')}>{t('shop.buy.result.orders')}</button>
        <button type="button" class="btn" onClick={() => goToPage('', { replace: true })} data-testid="pay-result-home">{t('app.nav.home')}</button>
      </div>
    </div>
  );
}
