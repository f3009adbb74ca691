/**
 * Phones chosen for a batch page (transfer, replacement): the chosen ones, each removable, and a picker of the
 * account's phones (windowed, so the 1,000-phone account stays light) that stops at the batch limit. The server
 * decides what may be done to each; the picker only keeps the batch within its size. An address may name more than
 * the limit: they are all shown, and `words.tooMany` says so, so the user chooses which to drop rather than losing
 * some unseen. The page gives the words, already translated, and the prefix of the test ids.
 */
import { useEffect, useState } from 'react';
import { t } from '../core/i18n/index.ts';
import { describeError } from '../core/errors.ts';
import type { Phone } from './api.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from './phone-lists.ts';
import { PhonePicker } from './phone-picker.tsx';
import { formatRemaining } from './remaining-time.ts';
import { remainingMs } from './state.ts';
import './phone-choice.css';

export interface PhoneChoiceWords {
  title: string;
  none: string;
  choose: string;
  closePicker: string;
  count: (count: number, max: number) => string;
  remove: (name: string) => string;
  /** Said by the phones that cannot be ticked once the batch is full. */
  full: (max: number) => string;
  /** Said when more phones are chosen than the limit; without it, nothing is said. */
  tooMany?: (max: number, extra: number) => string;
}

interface PhoneChoiceProps {
  /** The chosen phones the store holds, in the order chosen. */
  chosen: Phone[];
  selected: readonly number[];
  max: number;
  onChange: (ids: number[]) => void;
  words: PhoneChoiceWords;
  /** `replace` gives `replace-chosen-phone`, `replace-choose`, `replace-count`... */
  testIdPrefix: string;
  /** The section's own class (its place on the page). */
  class?: string;
}

function Picker({ selected, max, words, onToggle }: { selected: readonly number[]; max: number; words: PhoneChoiceWords; onToggle: (id: number) => void }) {
  useEffect(() => void loadAllPhones(), []);
  const phones = allPhones.value;
  const error = allPhonesError.value;
  if (error && !phones.length) return <p class="field__error" role="alert">{describeError(error)}</p>;
  if (!allPhonesLoaded.value && !phones.length) return <p class="muted">{t('common.loading')}</p>;
  const ticked = new Set(selected);
  const full = selected.length >= max;
  return (
    <div class="phone-choice__picker">
      <PhonePicker
        phones={phones}
        selected={ticked}
        detail="number"
        fitRows
        label={words.choose}
        onToggle={(phone) => onToggle(phone.userPhoneId)}
        blockedReason={(phone) => (full && !ticked.has(phone.userPhoneId) ? words.full(max) : null)}
      />
    </div>
  );
}

export function PhoneChoice({ chosen, selected, max, onChange, words, testIdPrefix, class: className = '' }: PhoneChoiceProps) {
  const [picking, setPicking] = useState(false);
  const toggle = (id: number) => {
    if (selected.includes(id)) onChange(selected.filter((entry) => entry !== id));
    else if (selected.length < max) onChange([...selected, id]);
  };
  const extra = selected.length - max;
  const titleId = `${testIdPrefix}-phones-title`;
  return (
    <section class={`card phone-choice ${className}`} aria-labelledby={titleId}>
      <div class="phone-choice__head">
        <h2 class="card__title" id={titleId}>{words.title}</h2>
        <span class="muted" data-testid={`${testIdPrefix}-count`}>{words.count(selected.length, max)}</span>
      </div>
      {chosen.length ? (
        <ul class="phone-choice__chosen" data-testid={`${testIdPrefix}-chosen`}>
          {chosen.map((phone) => (
            <li key={phone.userPhoneId} class="phone-choice__row" data-testid={`${testIdPrefix}-chosen-phone`} data-phone-id={phone.userPhoneId}>
              <span class="phone-choice__who">
                <span class="phone-choice__name">{phone.name}</span>
                <span class="muted">{phone.phoneNo} · {formatRemaining(remainingMs(phone))}</span>
              </span>
              <button type="button" class="btn btn--ghost phone-choice__remove" aria-label={words.remove(phone.name)}
                onClick={() => onChange(selected.filter((id) => id !== phone.userPhoneId))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{words.none}</p>
      )}
      {extra > 0 && words.tooMany ? <p class="field__error" role="alert" data-testid={`${testIdPrefix}-too-many`}>{words.tooMany(max, extra)}</p> : null}
      <button type="button" class="btn btn--block" aria-expanded={picking} data-testid={`${testIdPrefix}-choose`} onClick={() => setPicking(!picking)}>
        {picking ? words.closePicker : words.choose}
      </button>
      {picking ? <Picker selected={selected} max={max} words={words} onToggle={toggle} /> : null}
    </section>
  );
}
