/**
 * addPhone (no layout of its own, so it draws its header): level, duration package and quantity, the
 * price live from the server's preview, a coupon, then the order and payment.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { PageHeader } from '../../app/layouts/page-header.tsx';
import type { PageProps } from '../../app/route-types.ts';
import type { Goods } from '../api.ts';
import { forgetGoods, goods as goodsSignal, goodsError, loadGoods } from '../state.ts';
import { formatMoney } from '../money.ts';
import { CouponPicker, PriceSummary, useOrderSubmit } from '../parts/checkout.tsx';
import { usePreview } from '../parts/use-preview.ts';
import { MAX_ORDER_PHONES } from '../../../shared/contract/shop-words.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

/** Out of stock still lets the user order (allocated later); every other refusal blocks Buy. */
const isStockRefusal = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.STOCK_INSUFFICIENT;

export default function AddPhonePage({ clientNo, title }: PageProps) {
  const goods = goodsSignal.value;
  const loadError = goodsError.value ? describeError(goodsError.value) : '';
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [couponId, setCouponId] = useState<number | undefined>(undefined);

  useEffect(() => {
    void loadGoods().then((list) => {
      // The first level comes chosen, with its second package (the first when it has only one).
      const first = list[0];
      if (first) {
        setGradeId(first.gradeId);
        setPackageId(first.packages[1]?.packageId ?? first.packages[0]?.packageId ?? null);
      }
    });
    return forgetGoods;
  }, []);

  const grade = goods.find((entry) => entry.gradeId === gradeId);
  const outOfStock = Boolean(grade && grade.stock < quantity);
  const request = packageId ? { type: 'buy' as const, packageId, quantity, couponId } : null;
  // Out of stock, the price is still the price: previewed as the order that continues with the phone allocated later.
  const previewState = usePreview(request && outOfStock ? { ...request, allocateLater: true } : request);
  const { preview, error, loading } = previewState;
  const order = useOrderSubmit(previewState, () => setCouponId(undefined));

  const chooseGrade = (next: Goods) => {
    const days = grade?.packages.find((entry) => entry.packageId === packageId)?.days;
    setGradeId(next.gradeId);
    // Keep the chosen duration when switching level.
    setPackageId((next.packages.find((entry) => entry.days === days) ?? next.packages[0])?.packageId ?? null);
    setCouponId(undefined);
  };

  return (
    <div class="layout layout--page">
      <PageHeader title={title} clientNo={clientNo} />
      <main class="layout__body buy">
        {loadError ? <p class="field__error" role="alert">{loadError}</p> : null}
        <section class="card">
          <h2 class="card__title">{t('shop.buy.level')}</h2>
          <div class="chips" role="radiogroup">
            {goods.map((entry) => (
              <button key={entry.gradeId} type="button" role="radio" aria-checked={entry.gradeId === gradeId} class="chip"
                data-testid={`grade-${entry.gradeId}`} onClick={() => chooseGrade(entry)}>
                {entry.gradeName}
                <span class="chip__note">{entry.stock > 0 ? t('shop.buy.stock', { count: entry.stock }) : t('shop.buy.noStock')}</span>
              </button>
            ))}
          </div>
        </section>
        {grade ? (
          <section class="card">
            <h2 class="card__title">{t('shop.buy.package')}</h2>
            <div class="chips" role="radiogroup">
              {grade.packages.map((entry) => (
                <button key={entry.packageId} type="button" role="radio" aria-checked={entry.packageId === packageId} class="chip"
                  data-testid={`package-${entry.days}`} onClick={() => setPackageId(entry.packageId)}>
                  {t('shop.buy.days', { days: entry.days })}
                  <span class="chip__note">{formatMoney(entry.price)}</span>
                </button>
              ))}
            </div>
          </section>
        ) : null}
        <section class="card row-between">
          <h2 class="card__title">{t('shop.buy.quantity')}</h2>
          <div class="stepper">
            <button type="button" class="btn" aria-label={t('shop.buy.less')} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>−</button>
            <output data-testid="quantity">{quantity}</output>
            <button type="button" class="btn" aria-label={t('shop.buy.more')} disabled={quantity >= MAX_ORDER_PHONES} onClick={() => setQuantity(quantity + 1)}
              data-testid="quantity-more">+</button>
          </div>
        </section>
        {outOfStock ? <p class="buy__warning" role="status" data-testid="out-of-stock">{t('shop.buy.outOfStock')}</p> : null}
        <CouponPicker preview={preview} selected={couponId} onSelect={setCouponId} />
        {error ? <p class="field__error" role="alert">{describeError(error)}</p> : null}
      </main>
      <footer class="pay-bar">
        <PriceSummary preview={preview} loading={loading} />
        <button type="button" class="btn btn--primary" disabled={!request || order.busy || (!order.ready && !isStockRefusal(error))} onClick={() => void order.submit(request)} data-testid="buy-submit">
          {t('shop.buy.buyNow')}
        </button>
      </footer>
    </div>
  );
}
