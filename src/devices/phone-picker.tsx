/**
 * A windowed checkbox list of the user's phones (the 1,000-phone account stays light), each with its remaining time
 * and its level or number, and a reason when it cannot be chosen for this purpose: the phones to renew or upgrade,
 * the phones to transfer.
 */
import { t } from '../core/i18n/index.ts';
import type { Phone } from './api.ts';
import { VirtualGrid } from '../core/ui/virtual-grid/virtual-grid.tsx';
import { formatRemaining } from './remaining-time.ts';
import { remainingMs } from './state.ts';
import './phone-picker.css';

/** Ticks or unticks a phone, up to `max` ticked (an order holds at most 20 phones). */
export function toggleWithin(selected: ReadonlySet<number>, id: number, max: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (next.size < max) next.add(id);
  return next;
}

interface PhonePickerProps {
  phones: Phone[];
  selected: ReadonlySet<number>;
  onToggle: (phone: Phone) => void;
  /** Why a phone cannot be chosen, or null. */
  blockedReason?: (phone: Phone) => string | null;
  /** What tells phones apart besides their names: their level (buying for them) or their number (giving them). */
  detail?: 'grade' | 'number';
  /** The list's accessible name. */
  label?: string;
  /** As tall as its rows up to half the screen, so a few phones do not leave a tall empty box. */
  fitRows?: boolean;
}

export function PhonePicker({ phones, selected, onToggle, blockedReason, detail = 'grade', label, fitRows }: PhonePickerProps) {
  const style = fitRows ? { height: `min(50vh, ${phones.length * 66 + 8}px)`, minHeight: 0 } : undefined;
  return (
    <div class="phone-picker" data-testid="phone-picker" style={style}>
      <VirtualGrid
        items={phones}
        columns={1}
        gap={6}
        rowHeight={() => 60}
        itemKey={(phone) => phone.userPhoneId}
        label={label}
        renderItem={(phone) => {
          const reason = blockedReason?.(phone) ?? null;
          return (
            <label class={`pick${reason ? ' pick--blocked' : ''}`} data-testid="pick-phone" data-phone-name={phone.name}>
              <input type="checkbox" checked={selected.has(phone.userPhoneId)} disabled={Boolean(reason)} onChange={() => onToggle(phone)} />
              <span class="pick__text">
                <span class="pick__name">{phone.name}</span>
                <span class="muted">{detail === 'grade' ? phone.gradeName : phone.phoneNo} · {formatRemaining(remainingMs(phone))}</span>
                {reason ? <span class="pick__reason">{reason}</span> : null}
              </span>
            </label>
          );
        }}
      />
      {!phones.length ? <p class="muted centered-text">{t('devices.empty')}</p> : null}
    </div>
  );
}
