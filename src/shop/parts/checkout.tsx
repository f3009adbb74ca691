/**
 * What buy, renew and upgrade share: the coupon picker (unusable coupons greyed with the reason), the
 * price summary, and placing the order (with the spec's "stock insufficient: continue, allocated
 * later?" offer) before going to payment.
 */
import { useEffect, useRef } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { formatDate } from '../../../shared/format.ts';
import { goToPage } from '../../app/navigate.ts';
import type { OrderRequest, Preview } from '../api.ts';
import type { Coupon } from '../orders-api.ts';
import { coupons as couponsSignal, createOrderNow, forgetCoupons, loadCoupons } from '../state.ts';
import { formatMoney } from '../money.ts';

export function couponValue(coupon: Coupon): string {
  if (coupon.type === 'cash') return t('shop.buy.coupon.cash', { amount: formatMoney(coupon.value) });
  if (coupon.type === 'discount') return t('shop.buy.coupon.discount', { percent: coupon.value });
  return t('shop.buy.coupon.extension', { days: coupon.value });
}

interface CouponPickerProps {
  preview: Preview | null;
  selected: number | undefined;
  onSelect: (couponId: number | undefined) => void;
}

export function CouponPicker({ preview, selected, onSelect }: CouponPickerProps) {
  // While a new preview loads (or fails), the last known usability stays on screen.
  const lastOptions = useRef<Preview['coupons']>([]);
  if (preview) lastOptions.current = preview.coupons;
  useEffect(() => {
    void loadCoupons('unused');
    return forgetCoupons;
  }, []);
  // Not loaded, or failed: no picker at all, as there is nothing to choose.
  const coupons = couponsSignal.value ?? [];
  const options = lastOptions.current;
  if (!coupons.length) return null;
  return (
    <fieldset class="card coupons-picker" data-testid="coupon-picker">
      <legend class="field__label">{t('shop.buy.coupon.title')}</legend>
      <label class="radio">
        <input type="radio" name="coupon" checked={selected === undefined} onChange={() => onSelect(undefined)} />
        <span>{t('shop.buy.coupon.none')}</span>
      </label>
      {coupons.map((coupon) => {
        const option = options.find((entry) => entry.couponId === coupon.couponId);
        const usable = option?.usable ?? false;
        return (
          <label key={coupon.couponId} class={`radio coupon-option${usable ? '' : ' coupon-option--unusable'}`} data-testid={`coupon-${coupon.couponId}`}>
            <input type="radio" name="coupon" disabled={!usable} checked={selected === coupon.couponId} onChange={() => onSelect(coupon.couponId)} />
            <span class="coupon-option__text">
              <span>{coupon.name} · {couponValue(coupon)}</span>
              <span class="muted">
                {t('shop.buy.coupon.validUntil', { date: formatDate(coupon.validUntil) })}
                {coupon.maxDiscount ? ` · ${t('shop.buy.coupon.maxDiscount', { amount: formatMoney(coupon.maxDiscount) })}` : ''}
                {coupon.minAmount ? ` · ${t('shop.buy.coupon.minAmount', { amount: formatMoney(coupon.minAmount) })}` : ''}
              </span>
              {!usable && option?.reason ? <span class="coupon-option__reason">{t(`shop.buy.coupon.reason.${option.reason as Exclude<typeof option.reason, ''>}`)}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function PriceSummary({ preview, loading }: { preview: Preview | null; loading: boolean }) {
  return (
    <div class="price-summary" aria-live="polite">
      {preview ? (
        <>
          {preview.discountAmount ? (
            <span class="muted">
              <s>{formatMoney(preview.originalAmount)}</s> −{formatMoney(preview.discountAmount)}
            </span>
          ) : null}
          {preview.extraDays ? <span class="muted">{t('shop.buy.coupon.extraDays', { days: preview.extraDays })}</span> : null}
          <span class="price-summary__total" data-testid="pay-amount">{formatMoney(preview.payAmount)}</span>
        </>
      ) : (
        <span class="muted">{loading ? t('common.loading') : '—'}</span>
      )}
    </div>
  );
}

/**
 * Ordering from a page: one order at a time (a lock that holds before the next render), only on a
 * price the server has just confirmed, and a coupon the server refuses is unticked.
 */
export function useOrderSubmit(preview: { preview: Preview | null; error: unknown; loading: boolean }, dropCoupon: () => void) {
  const { busy, run } = useBusyAction();
  const refused = preview.error instanceof ApiError && preview.error.code === ErrorCode.COUPON_UNAVAILABLE;
  useEffect(() => {
    if (refused) dropCoupon();
  }, [refused]);
  // placeOrder shows its own refusals.
  const submit = async (request: OrderRequest | null) => {
    if (request) await run(() => placeOrder(request));
  };
  return { busy, ready: Boolean(preview.preview) && !preview.loading && !preview.error, submit };
}

/** Creates the order and goes on to pay it; a fully discounted order is already paid. */
export async function placeOrder(request: OrderRequest): Promise<void> {
  try {
    const order = await createOrderNow(request);
    if (order.payAmount === 0) goToPage('pay-result', { query: `?orderId=${order.orderId}` });
    else goToPage('payment', { query: `?orderId=${order.orderId}` });
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.STOCK_INSUFFICIENT && !request.allocateLater) {
      const choice = await openDialog({
        title: t('common.notice'),
        // One message: the phone type is out of stock, and what continuing means (no "contact support" beside it).
        message: t('shop.buy.allocateLater'),
        actions: [{ label: t('common.cancel') }, { label: t('shop.buy.continue'), primary: true, value: 'later' }],
      });
      if (choice === 'later') await placeOrder({ ...request, allocateLater: true });
      return;
    }
    notify(describeError(error));
  }
}
