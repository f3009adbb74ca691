/** phone-view-switch's strip: the phone's name between steps to the previous and next phone of the list. */
import { useEffect } from 'react';
import { t } from '../../core/i18n/index.ts';
import { goToPage } from '../../app/navigate.ts';
import { canOpen, ensurePhonesLoaded, phones } from '../../devices/state.ts';
import { currentPhoneId, panel, phoneName } from '../session.ts';

/** The nearest phone in `direction` that can be opened (phones under 10 minutes of validity are skipped). */
function neighbour(direction: 1 | -1): number | null {
  const list = phones.value;
  const index = list.findIndex((phone) => phone.userPhoneId === currentPhoneId.value);
  if (index < 0) return null;
  for (let i = index + direction; i >= 0 && i < list.length; i += direction) {
    if (canOpen(list[i]!)) return list[i]!.userPhoneId;
  }
  return null;
}

export function SwitchStrip() {
  useEffect(ensurePhonesLoaded, []);
  const previous = neighbour(-1);
  const next = neighbour(1);
  const step = (id: number | null) => {
    if (id !== null) goToPage('phone-view-switch', { query: `?id=${id}`, replace: true });
  };
  return (
    <nav class="pv-strip" aria-label={t('phoneView.switcher.title')}>
      <button type="button" class="pv-strip__step" disabled={previous === null} data-testid="switch-previous" onClick={() => step(previous)}>
        {t('devices.previous')}
      </button>
      <button type="button" class="pv-strip__name" data-testid="switch-open" onClick={() => (panel.value = 'switcher')}>
        {phoneName.value || t('common.loading')}
      </button>
      <button type="button" class="pv-strip__step" disabled={next === null} data-testid="switch-next" onClick={() => step(next)}>
        {t('devices.next')}
      </button>
    </nav>
  );
}
