/**
 * rechargePhone (renew several) and rechargeSinglePhone (`?id=` one phone), buy layout: phones of one
 * level, a duration, the new expiry of each previewed, a coupon, then the order and payment.
 */
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { Phone } from '../../devices/api.ts';
import { allPhones, loadAllPhones, usePhones } from '../../devices/phone-lists.ts';
import { forgetGoods, goods as goodsSignal, loadGoods } from '../state.ts';
import { formatMoney } from '../money.ts';
import { CouponPicker, PriceSummary, useOrderSubmit } from '../parts/checkout.tsx';
import { PhonePicker, toggleWithin } from '../../devices/phone-picker.tsx';
import { usePreview } from '../parts/use-preview.ts';
import { MAX_ORDER_PHONES } from '../../../shared/contract/shop-words.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

export default function RechargePhonePage({ query, routeName }: PageProps) {
  const single = routeName === 'rechargeSinglePhone';
  const [selected, setSelected] = useState<Set<number>>(() => new Set(single && query.get('id') ? [Number(query.get('id'))] : []));
  const [days, setDays] = useState(30);
  const [couponId, setCouponId] = useState<number | undefined>(undefined);

  // One phone's page asks for that phone only; choosing among several needs them all.
  const asked = usePhones(single ? [...selected] : []);
  useEffect(() => {
    if (!single) void loadAllPhones();
    void loadGoods();
    return forgetGoods;
  }, []);
  const goods = goodsSignal.value;

  const chosen = (single ? asked.phones : allPhones.value).filter((phone) => selected.has(phone.userPhoneId));
  const gradeIds = new Set(chosen.map((phone) => phone.gradeId));
  const grade = gradeIds.size === 1 ? goods.find((entry) => entry.gradeId === [...gradeIds][0]) : undefined;
  const packageId = grade?.packages.find((entry) => entry.days === days)?.packageId;
  const request = packageId ? { type: 'renew' as const, packageId, userPhoneIds: chosen.map((phone) => phone.userPhoneId), couponId } : null;
  const previewState = usePreview(request);
  const { preview, error, loading } = previewState;
  const order = useOrderSubmit(previewState, () => setCouponId(undefined));
  const newExpiry = useMemo(() => new Map((preview?.lines ?? []).map((line) => [line.userPhoneId, line.newExpireTime])), [preview]);

  const toggle = (phone: Phone) => setSelected(toggleWithin(selected, phone.userPhoneId, MAX_ORDER_PHONES));

  return (
    <div class="buy buy--column">
      <section class="card">
        <h2 class="card__title">{t('shop.buy.package')}</h2>
        <div class="chips" role="radiogroup">
          {(grade ?? goods[0])?.packages.map(({ days: value }) => (
            <button key={value} type="button" role="radio" aria-checked={days === value} class="chip" data-testid={`package-${value}`} onClick={() => setDays(value)}>
              {t('shop.buy.days', { days: value })}
              {grade ? <span class="chip__note">{formatMoney(grade.packages.find((entry) => entry.days === value)!.price)}</span> : null}
            </button>
          ))}
        </div>
      </section>
      {chosen.length ? (
        <ul class="card renew-lines" data-testid="renew-lines">
          {chosen.map((phone) => (
            <li key={phone.userPhoneId}>
              <span>{phone.name}</span>
              <span class="muted">{formatDateTime(phone.expireTime)} → <b data-testid="new-expiry">{formatDateTime(newExpiry.get(phone.userPhoneId))}</b></span>
            </li>
          ))}
        </ul>
      ) : null}
      {gradeIds.size > 1 ? <p class="buy__warning" role="alert">{t('shop.buy.oneLevel')}</p> : null}
      {!single ? (
        <section class="card buy__pick">
          <h2 class="card__title">{t('shop.buy.choosePhones', { count: selected.size, max: MAX_ORDER_PHONES })}</h2>
          <PhonePicker phones={allPhones.value} selected={selected} onToggle={toggle} />
        </section>
      ) : null}
      <CouponPicker preview={preview} selected={couponId} onSelect={setCouponId} />
      {error ? <p class="field__error" role="alert">{describeError(error)}</p> : null}
      <footer class="pay-bar">
        <PriceSummary preview={preview} loading={loading} />
        <button type="button" class="btn btn--primary" disabled={!request || order.busy || !order.ready} onClick={() => void order.submit(request)} data-testid="renew-submit">
          {t('shop.buy.renewNow')}
        </button>
      </footer>
    </div>
  );
}
