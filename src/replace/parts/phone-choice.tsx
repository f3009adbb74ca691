/**
 * The phones to replace: the chosen ones, each removable, and a picker of the account's phones (windowed, so the
 * 1,000-phone account stays light) that stops at the batch limit. The server decides what may be replaced; the
 * picker only keeps the batch within its size. An address may name more than the limit: they are all shown, with
 * the refusal, so the user chooses which to drop rather than losing some unseen.
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

function Picker({ selected, max, onToggle }: { selected: readonly number[]; max: number; onToggle: (id: number) => void }) {
  useEffect(() => void loadAllPhones(), []);
  const phones = allPhones.value;
  const error = allPhonesError.value;
  if (error && !phones.length) return <p class="field__error" role="alert">{describeError(error)}</p>;
  if (!allPhonesLoaded.value && !phones.length) return <p class="muted">{t('common.loading')}</p>;
  const ticked = new Set(selected);
  const full = selected.length >= max;
  return (
    <div class="replace-picker">
      <PhonePicker
        phones={phones}
        selected={ticked}
        detail="number"
        fitRows
        label={t('replace.choose')}
        onToggle={(phone) => onToggle(phone.userPhoneId)}
        blockedReason={(phone) => (full && !ticked.has(phone.userPhoneId) ? t('replace.full', { max }) : null)}
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
  const extra = selected.length - max;
  return (
    <section class="card replace-section" aria-labelledby="replace-phones-title">
      <div class="replace-section__head">
        <h2 class="card__title" id="replace-phones-title">{t('replace.phones')}</h2>
        <span class="muted" data-testid="replace-count">{t('replace.count', { count: selected.length, max })}</span>
      </div>
      {chosen.length ? (
        <ul class="replace-chosen" data-testid="replace-chosen">
          {chosen.map((phone) => (
            <li key={phone.userPhoneId} class="replace-chosen__row" data-testid="replace-chosen-phone" data-phone-id={phone.userPhoneId}>
              <span class="replace-chosen__who">
                <span class="replace-chosen__name">{phone.name}</span>
                <span class="muted">{phone.phoneNo} · {formatRemaining(remainingMs(phone))}</span>
              </span>
              <button type="button" class="btn btn--ghost replace-chosen__remove" aria-label={t('replace.remove', { name: phone.name })}
                onClick={() => onChange(selected.filter((id) => id !== phone.userPhoneId))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('replace.none')}</p>
      )}
      {extra > 0 ? <p class="field__error" role="alert" data-testid="replace-too-many">{t('replace.tooMany', { max, extra })}</p> : null}
      <button type="button" class="btn btn--block" aria-expanded={picking} data-testid="replace-choose" onClick={() => setPicking(!picking)}>
        {t(picking ? 'replace.closePicker' : 'replace.choose')}
      </button>
      {picking ? <Picker selected={selected} max={max} onToggle={toggle} /> : null}
    </section>
  );
}
