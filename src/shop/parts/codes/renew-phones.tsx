/**
 * The user's phones as a plain checkbox list for renewal by code. Ticking order is kept: it is the
 * order the codes are paired in (code i renews the i-th ticked phone), and each ticked phone shows its place.
 */
import { t } from '../../../core/i18n/index.ts';
import { describeError } from '../../../core/errors.ts';
import { formatDate } from '../../../../shared/format.ts';
import { useEffect } from 'react';
import type { Phone } from '../../../devices/api.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../../../devices/phone-lists.ts';

/** Every phone of the user, to choose from; `reload` after a renewal moved expiries (the list stays on screen meanwhile). */
export function useMyPhones() {
  useEffect(() => void loadAllPhones(), []);
  const error = allPhonesError.value;
  return { phones: allPhones.value, loaded: allPhonesLoaded.value || error !== null, error, reload: () => void loadAllPhones() };
}

/** What a pairing row says about a phone. */
export function phoneDetail(phone: Phone): string {
  return `${phone.phoneNo} · ${phone.gradeName} · ${t('shop.codes.renew.expires', { date: formatDate(phone.expireTime) })}`;
}

interface RenewPhonesProps {
  phones: Phone[];
  loaded: boolean;
  error: unknown;
  /** Ticked ids in ticking order. */
  selected: number[];
  onChange: (selected: number[]) => void;
}

export function RenewPhones({ phones, loaded, error, selected, onChange }: RenewPhonesProps) {
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((entry) => entry !== id) : [...selected, id]);
  return (
    <section>
      <div class="section-title renew-toolbar">
        <span>{t('shop.codes.renew.phones')}</span>
        <span data-testid="renew-selected">{t('shop.codes.renew.selected', { count: selected.length })}</span>
      </div>
      {error && !phones.length ? (
        <p class="field__error centered-text" role="alert">{describeError(error)}</p>
      ) : !loaded ? (
        <p class="muted centered-text">{t('common.loading')}</p>
      ) : !phones.length ? (
        <p class="shop-empty">{t('shop.codes.renew.noPhones')}</p>
      ) : (
        <div class="renew-phones" role="group" aria-label={t('shop.codes.renew.phones')} data-testid="renew-phones">
          {phones.map((phone) => {
            const place = selected.indexOf(phone.userPhoneId);
            return (
              <label key={phone.userPhoneId} class="renew-phone" data-testid="renew-phone" data-phone-id={phone.userPhoneId}>
                <input type="checkbox" checked={place >= 0} onChange={() => toggle(phone.userPhoneId)} aria-label={phone.name} />
                <span class="renew-phone__who">
                  <span>{phone.name}</span>
                  <span class="muted">{phoneDetail(phone)}</span>
                </span>
                {place >= 0 ? <span class="renew-phone__order" data-testid="renew-phone-order">{place + 1}</span> : null}
              </label>
            );
          })}
        </div>
      )}
    </section>
  );
}
