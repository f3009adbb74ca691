/**
 * One coupon (spec §3): its type and value (cash off, a share of the price to pay, or extra days), the
 * minimum order amount, the maximum discount, the orders it fits and the validity.
 */
import { t } from '../../../core/i18n/index.ts';
import { formatDate } from '../../../../shared/format.ts';
import { formatMoney } from '../../money.ts';
import type { Coupon } from '../../orders-api.ts';

/** The big figure on the left of a coupon. */
export function couponValue(coupon: Coupon): string {
  switch (coupon.type) {
    case 'cash':
      return formatMoney(coupon.value);
    case 'discount':
      // 85 (percent paid) reads "85% of price" in English and "8.5折" in Chinese (tenths of the price).
      return t('shop.coupons.discountValue', { percent: coupon.value, fold: coupon.value / 10 });
    case 'extension':
      return t('shop.coupons.extensionValue', { days: coupon.value });
  }
}

export function CouponCard({ coupon, now }: { coupon: Coupon; now: number }) {
  const inactive = coupon.status !== 'unused';
  const notYet = !inactive && coupon.validFrom > now;
  const types = coupon.orderTypes.map((type) => t(`shop.orders.type.${type}`)).join(t('shop.coupons.typeSeparator'));
  return (
    <article class={`coupon-card${inactive ? ' coupon-card--inactive' : ''}`} data-testid="coupon-card" data-type={coupon.type}
      data-coupon-id={coupon.couponId}>
      <div class="coupon-card__value">
        <span class="coupon-card__amount" data-testid="coupon-value">{couponValue(coupon)}</span>
        <span class="coupon-card__type" data-testid="coupon-type">{t(`shop.coupons.type.${coupon.type}`)}</span>
      </div>
      <div class="coupon-card__rules">
        <span class="coupon-card__name">
          {coupon.name}
          {coupon.inUse ? <span class="coupon-card__badge" data-testid="coupon-in-use">{t('shop.coupons.inUse')}</span> : null}
        </span>
        <span data-testid="coupon-min">
          {coupon.minAmount > 0 ? t('shop.coupons.minAmount', { amount: formatMoney(coupon.minAmount) }) : t('shop.coupons.noMinimum')}
        </span>
        {coupon.type === 'discount' && coupon.maxDiscount > 0 ? (
          <span data-testid="coupon-max">{t('shop.coupons.maxDiscount', { amount: formatMoney(coupon.maxDiscount) })}</span>
        ) : null}
        {types ? <span data-testid="coupon-orders">{t('shop.coupons.orderTypes', { types })}</span> : null}
        {notYet ? <span data-testid="coupon-from">{t('shop.coupons.validFrom', { date: formatDate(coupon.validFrom) })}</span> : null}
        <span data-testid="coupon-until">{t('shop.coupons.validUntil', { date: formatDate(coupon.validUntil) })}</span>
      </div>
    </article>
  );
}
