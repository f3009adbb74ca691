/**
 * The phones to transfer: the chosen ones, each removable, and a picker of the account's phones (windowed, so the
 * 1,000-phone account stays light) that stops at the tenant's batch limit. The server decides what may move; the
 * picker only keeps the batch within its size.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import type { Phone } from '../../devices/api.ts';
import { allPhones, allPhonesError, allPhonesLoaded, loadAllPhones } from '../../devices/phone-lists.ts';
import { formatRemaining } from '../../devices/remaining-time.ts';
import { remainingMs } from '../../devices/state.ts';

interface PhoneChoiceProps {
  /** The chosen phones the store holds, in the order chosen. */
  chosen: Phone[];
  selected: readonly number[];
  max: number;
  onChange: (ids: number[]) => void;
}

function PhonePicker({ selected, max, onToggle }: { selected: readonly number[]; max: number; onToggle: (id: number) => void }) {
  useEffect(() => void loadAllPhones(), []);
  const phones = allPhones.value;
  const error = allPhonesError.value;
  if (error && !phones.length) return <p class="field__error" role="alert">{describeError(error)}</p>;
  if (!allPhonesLoaded.value && !phones.length) return <p class="muted">{t('common.loading')}</p>;
  const full = selected.length >= max;
  return (
    // As tall as its rows up to half the screen: a few phones do not leave a tall empty box.
    <div class="transfer-picker" data-testid="transfer-picker" style={{ height: `min(50vh, ${phones.length * 62 + 8}px)` }}>
      <VirtualGrid
        items={phones}
        columns={1}
        gap={6}
        rowHeight={() => 56}
        itemKey={(phone) => phone.userPhoneId}
        label={t('transfer.device.choose')}
        renderItem={(phone) => {
          const ticked = selected.includes(phone.userPhoneId);
          const blocked = full && !ticked;
          return (
            <label class={`transfer-pick${blocked ? ' transfer-pick--blocked' : ''}`} data-testid="transfer-pick" data-phone-name={phone.name}>
              <input type="checkbox" checked={ticked} disabled={blocked} onChange={() => onToggle(phone.userPhoneId)} />
              <span class="transfer-pick__text">
                <span class="transfer-pick__name">{phone.name}</span>
                <span class="muted">{phone.phoneNo} · {formatRemaining(remainingMs(phone))}</span>
              </span>
              {blocked ? <span class="transfer-pick__note">{t('transfer.device.full', { max })}</span> : null}
            </label>
          );
        }}
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
                <span class="transfer-pick__name">{phone.name}</span>
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
      {picking ? <PhonePicker selected={selected} max={max} onToggle={toggle} /> : null}
    </section>
  );
}
