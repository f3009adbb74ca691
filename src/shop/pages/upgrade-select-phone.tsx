/** upgradeSelectPhone (buy layout): choose the phones to upgrade; those that cannot be say why. */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { goToPage } from '../../app/navigate.ts';
import type { Phone } from '../../devices/api.ts';
import { allPhones, loadAllPhones } from '../../devices/phone-lists.ts';
import { remainingMs } from '../../devices/state.ts';
import { forgetGoods, goods as goodsSignal, loadGoods } from '../state.ts';
import { PhonePicker, toggleWithin } from '../../devices/phone-picker.tsx';
import { DAY_MS } from '../../../shared/contract/time-units.ts';
import { MAX_ORDER_PHONES } from '../../../shared/contract/shop-words.ts';
import '../parts/buy.css';
// Shown once the shop's texts are in (a part of their own: texts/index.ts).
export { ensureShopTexts as ready } from '../texts/index.ts';

export default function UpgradeSelectPhonePage() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => {
    void loadAllPhones();
    void loadGoods();
    return forgetGoods;
  }, []);
  const goods = goodsSignal.value;
  const topDaily = Math.max(0, ...goods.map((entry) => entry.dailyPrice));

  // Spec §5/§9: at least 1 day remaining; and there must be a higher level to go to.
  const blocked = (phone: Phone): string | null => {
    if (remainingMs(phone) < DAY_MS) return t('shop.buy.upgrade.tooShort');
    const daily = goods.find((entry) => entry.gradeId === phone.gradeId)?.dailyPrice;
    if (daily !== undefined && daily >= topDaily) return t('shop.buy.upgrade.topLevel');
    return null;
  };
  const toggle = (phone: Phone) => setSelected(toggleWithin(selected, phone.userPhoneId, MAX_ORDER_PHONES));

  return (
    <div class="buy buy--column">
      <section class="card buy__pick">
        <h2 class="card__title">{t('shop.buy.choosePhones', { count: selected.size, max: MAX_ORDER_PHONES })}</h2>
        <p class="muted">{t('shop.buy.upgrade.rule')}</p>
        <PhonePicker phones={allPhones.value} selected={selected} onToggle={toggle} blockedReason={blocked} />
      </section>
      <footer class="pay-bar">
        <span class="muted">{t('shop.buy.selected', { count: selected.size })}</span>
        <button type="button" class="btn btn--primary" disabled={!selected.size} data-testid="upgrade-next"
          onClick={() => goToPage('upgrade-phone', { query: `?ids=${[...selected].join(',')}` })}>
          {t('account.binding.next')}
        </button>
      </footer>
    </div>
  );
}
