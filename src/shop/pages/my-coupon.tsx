/**
 * myCoupon (layout none, so it carries its own header): the user's coupons by state, unused / used /
 * expired, each with its value and rules.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { goBack } from '../../app/navigate.ts';
import type { PageProps } from '../../app/route-types.ts';
import { COUPON_STATUSES, type CouponStatus } from '../../../shared/contract/shop-words.ts';
import { coupons as couponsSignal, couponsError, forgetCoupons, loadCoupons } from '../state.ts';
import { CouponCard } from '../parts/orders/coupon-card.tsx';
import { StatusTabs } from '../parts/orders/status-tabs.tsx';
import '../parts/shop.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

function isStatus(value: string | null): value is CouponStatus {
  return value !== null && (COUPON_STATUSES as readonly string[]).includes(value);
}

export default function MyCouponPage({ clientNo, query }: PageProps) {
  const initial = query.get('status');
  const [tab, setTab] = useState<CouponStatus>(isStatus(initial) ? initial : 'unused');
  useEffect(() => void loadCoupons(tab), [tab]);
  useEffect(() => forgetCoupons, []);
  const coupons = couponsSignal.value;
  const error = couponsError.value;

  const now = Date.now();
  return (
    <div class="coupon-page">
      <header class="page-header">
        <button type="button" class="page-header__back" aria-label={t('common.back')} onClick={() => goBack(clientNo)} data-testid="coupon-back">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </button>
        <h1 class="page-header__title">{t('shop.coupons.title')}</h1>
      </header>
      <main class="coupon-page__body">
        <StatusTabs
          tabs={COUPON_STATUSES}
          current={tab}
          label={(key) => t(`shop.coupons.tab.${key}`)}
          onSelect={setTab}
          ariaLabel={t('shop.coupons.title')}
          testId="coupon-tab"
        />
        <div data-testid="coupon-list" data-tab={tab}>
          {error ? (
            <div class="shop-empty" role="alert">
              <p class="shop-error">{describeError(error)}</p>
              <button type="button" class="btn btn--link" onClick={() => void loadCoupons(tab)}>{t('common.retry')}</button>
            </div>
          ) : coupons === null ? (
            <p class="shop-empty">{t('common.loading')}</p>
          ) : coupons.length ? (
            coupons.map((coupon) => <CouponCard key={coupon.couponId} coupon={coupon} now={now} />)
          ) : (
            <p class="shop-empty" data-testid="list-empty">{t('shop.coupons.empty')}</p>
          )}
        </div>
      </main>
    </div>
  );
}
