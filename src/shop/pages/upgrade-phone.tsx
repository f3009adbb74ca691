/**
 * upgradePhone (buy layout, `?ids=`): the target level, and per phone the whole remaining days and the
 * difference (higher tier's daily value minus the current one, times those days); the expiry stays.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { remainingMs } from '../../devices/state.ts';
import { forgetGoods, goods as goodsSignal, loadGoods } from '../state.ts';
import { formatMoney } from '../money.ts';
import { CouponPicker, PriceSummary, useOrderSubmit } from '../parts/checkout.tsx';
import { usePreview } from '../parts/use-preview.ts';
import { upgradePrice } from '../../../shared/upgrade-price.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

export default function UpgradePhonePage({ query }: PageProps) {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => id > 0);
  const [targetGradeId, setTarget] = useState<number | null>(null);
  const [couponId, setCouponId] = useState<number | undefined>(undefined);
  // The phones named in the address, asked for by id: never the whole account.
  const chosen = usePhones(ids).phones;
  useEffect(() => {
    void loadGoods();
    return forgetGoods;
  }, []);
  const goods = goodsSignal.value;

  const daily = (gradeId: number) => goods.find((entry) => entry.gradeId === gradeId)?.dailyPrice ?? 0;
  const highest = Math.max(0, ...chosen.map((phone) => daily(phone.gradeId)));
  const targets = goods.filter((entry) => entry.dailyPrice > highest);
  const target = targets.find((entry) => entry.gradeId === targetGradeId);
  // A phone the rule refuses (under 1 day, 999 days or more) blocks the order; its line says why.
  const allowed = Boolean(target) && chosen.every((phone) => upgradePrice(remainingMs(phone), daily(phone.gradeId), target!.dailyPrice).ok);
  const request = target && chosen.length ? { type: 'upgrade' as const, targetGradeId: target.gradeId, userPhoneIds: chosen.map((p) => p.userPhoneId), couponId } : null;
  const previewState = usePreview(allowed ? request : null);
  const { preview, error, loading } = previewState;
  const order = useOrderSubmit(previewState, () => setCouponId(undefined));

  return (
    <div class="buy buy--column">
      <section class="card">
        <h2 class="card__title">{t('shop.buy.upgrade.target')}</h2>
        <div class="chips" role="radiogroup">
          {targets.map((entry) => (
            <button key={entry.gradeId} type="button" role="radio" aria-checked={entry.gradeId === targetGradeId} class="chip"
              data-testid={`target-${entry.gradeId}`} onClick={() => setTarget(entry.gradeId)}>
              {entry.gradeName}
              <span class="chip__note">{t('shop.buy.upgrade.perDay', { amount: formatMoney(entry.dailyPrice) })}</span>
            </button>
          ))}
        </div>
        {!targets.length && goods.length ? <p class="muted">{t('shop.buy.upgrade.topLevel')}</p> : null}
      </section>
      <ul class="card renew-lines" data-testid="upgrade-lines">
        {chosen.map((phone) => {
          const check = target ? upgradePrice(remainingMs(phone), daily(phone.gradeId), target.dailyPrice) : null;
          return (
            <li key={phone.userPhoneId}>
              <span>{phone.name} · {phone.gradeName}</span>
              <span class="muted" data-testid="upgrade-line">
                {!check ? '' : check.ok
                  ? t('shop.buy.upgrade.line', { days: check.days, amount: formatMoney(check.amount), from: formatMoney(daily(phone.gradeId)), to: formatMoney(target!.dailyPrice) })
                  : t(`shop.buy.upgrade.${check.reason}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="muted">{t('shop.buy.upgrade.keepsExpiry')}</p>
      <CouponPicker preview={preview} selected={couponId} onSelect={setCouponId} />
      {error ? <p class="field__error" role="alert">{describeError(error)}</p> : null}
      <footer class="pay-bar">
        <PriceSummary preview={preview} loading={loading} />
        <button type="button" class="btn btn--primary" disabled={!request || !allowed || order.busy || !order.ready} onClick={() => void order.submit(request)} data-testid="upgrade-submit">
          {t('shop.buy.upgradeNow')}
        </button>
      </footer>
    </div>
  );
}
