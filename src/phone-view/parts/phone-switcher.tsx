/**
 * phone-view-switch: the user's phones in a sheet over the stream, so another phone opens without going back to
 * the list. The choice replaces the address (back still returns to the list) and the page swaps sessions.
 */
import { useEffect } from 'react';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { goToPage } from '../../app/navigate.ts';
import type { Phone } from '../../devices/api.ts';
import { canOpen, displayStatus, ensurePhonesLoaded, phones, phonesLoading } from '../../devices/state.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import { currentPhoneId, panel } from '../session.ts';

const ROW_HEIGHT = 60;

function openPhone(phone: Phone): void {
  if (phone.userPhoneId === currentPhoneId.value) return void (panel.value = 'none');
  if (!canOpen(phone)) return notify(t('errors.validityUnder10Minutes'));
  panel.value = 'none';
  goToPage('phone-view-switch', { query: `?id=${phone.userPhoneId}`, replace: true });
}

function PhoneRow({ phone }: { phone: Phone }) {
  const current = phone.userPhoneId === currentPhoneId.value;
  const status = displayStatus(phone);
  return (
    <button
      type="button"
      class={`pv-switch__row${current ? ' pv-switch__row--current' : ''}`}
      aria-current={current ? 'true' : undefined}
      data-testid="switch-phone"
      data-phone-id={phone.userPhoneId}
      onClick={() => openPhone(phone)}
    >
      <span class="pv-switch__name">{phone.name}</span>
      <span class="muted">{phone.phoneNo}</span>
      <span class="pv-switch__status">{current ? t('phoneView.switcher.current') : canOpen(phone) ? t(`devices.status.${status}`) : t('phoneView.switcher.unavailable')}</span>
    </button>
  );
}

export function PhoneSwitcher() {
  useEffect(ensurePhonesLoaded, []);
  const list = phones.value;
  return (
    <Sheet title={t('phoneView.switcher.title')} onClose={() => (panel.value = 'none')} testId="phone-switcher">
      {list.length === 0 ? (
        <p class="sheet__panel muted">{phonesLoading.value ? t('common.loading') : t('phoneView.switcher.empty')}</p>
      ) : (
        <VirtualGrid
          items={list}
          columns={1}
          gap={0}
          rowHeight={() => ROW_HEIGHT}
          height={Math.min(list.length * ROW_HEIGHT, 360)}
          itemKey={(phone) => phone.userPhoneId}
          renderItem={(phone) => <PhoneRow phone={phone} />}
          label={t('phoneView.switcher.title')}
        />
      )}
    </Sheet>
  );
}
