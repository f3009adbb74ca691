/**
 * The phones to transfer: the chosen ones, each removable, and a picker of the account's phones (windowed, so the
 * 1,000-phone account stays light) that stops at the tenant's batch limit. The server decides what may move; the
 * picker only keeps the batch within its size.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import type { Phone } from '../../devices/api.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../../devices/phone-lists.ts';
import { PhonePicker } from '../../devices/phone-picker.tsx';
import { formatRemaining } from '../../devices/remaining-time.ts';
import { remainingMs } from '../../devices/state.ts';

interface PhoneChoiceProps {
  /** The chosen phones the store holds, in the order chosen. */
  chosen: Phone[];
  selected: readonly number[];
  max: number;
  onChange: (ids: number[]) => void;
}

/** The account's phones to tick, up to the batch limit; past it the others say so. */
function Picker({ selected, max, onToggle }: { selected: readonly number[]; max: number; onToggle: (id: number) => void }) {
  useEffect(() => void loadAllPhones(), []);
  const phones = allPhones.value;
  const error = allPhonesError.value;
  if (error && !phones.length) return <p class="field__error" role="alert">{describeError(error)}</p>;
  if (!allPhonesLoaded.value && !phones.length) return <p class="muted">{t('common.loading')}</p>;
  const ticked = new Set(selected);
  const full = selected.length >= max;
  return (
    <div class="transfer-picker">
      <PhonePicker
        phones={phones}
        selected={ticked}
        detail="number"
        fitRows
        label={t('transfer.device.choose')}
        onToggle={(phone) => onToggle(phone.userPhoneId)}
        blockedReason={(phone) => (full && !ticked.has(phone.userPhoneId) ? t('transfer.device.full', { max }) : null)}
      />
    </div>
  );
}

export function PhoneChoice({ chosen, selected, max, onChange }: PhoneChoiceProps) {
  const [picking, setPicking] = useState(false);
  const toggle = (id: number) => {
    if (selected.includes(id)) onChange(selected.filter((entry) => entry !== id));
    else if (selected.length < max) onChange([...selected, id]);
  };
  return (
    <section class="card transfer-section" aria-labelledby="transfer-phones-title">
      <div class="transfer-section__head">
        <h2 class="card__title" id="transfer-phones-title">{t('transfer.device.phones')}</h2>
        <span class="muted" data-testid="transfer-count">{t('transfer.device.count', { count: selected.length, max })}</span>
      </div>
      {chosen.length ? (
        <ul class="transfer-chosen" data-testid="transfer-chosen">
          {chosen.map((phone) => (
            <li key={phone.userPhoneId} class="transfer-chosen__row" data-testid="transfer-chosen-phone" data-phone-id={phone.userPhoneId}>
              <span class="transfer-chosen__who">
                <span class="transfer-chosen__name">{phone.name}</span>
                <span class="muted">{phone.phoneNo} · {formatRemaining(remainingMs(phone))}</span>
              </span>
              <button type="button" class="btn btn--ghost transfer-chosen__remove" aria-label={t('transfer.device.remove', { name: phone.name })}
                onClick={() => onChange(selected.filter((id) => id !== phone.userPhoneId))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('transfer.device.none')}</p>
      )}
      <button type="button" class="btn btn--block" aria-expanded={picking} data-testid="transfer-choose" onClick={() => setPicking(!picking)}>
        {t(picking ? 'transfer.device.closePicker' : 'transfer.device.choose')}
      </button>
      {picking ? <Picker selected={selected} max={max} onToggle={toggle} /> : null}
    </section>
  );
}
