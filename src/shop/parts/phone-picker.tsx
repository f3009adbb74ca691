/**
 * A windowed checkbox list of the user's phones (the 1,000-phone account stays light), each with its
 * level and remaining time, and a reason when it cannot be chosen for this purpose.
 */
import { t } from '../../core/i18n/index.ts';
import type { Phone } from '../../devices/api.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import { formatRemaining } from '../../devices/remaining-time.ts';
import { remainingMs } from '../../devices/state.ts';

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
}

export function PhonePicker({ phones, selected, onToggle, blockedReason }: PhonePickerProps) {
  return (
    <div class="phone-picker" data-testid="phone-picker">
      <VirtualGrid
        items={phones}
        columns={1}
        gap={6}
        rowHeight={() => 60}
        itemKey={(phone) => phone.userPhoneId}
        renderItem={(phone) => {
          const reason = blockedReason?.(phone) ?? null;
          return (
            <label class={`pick${reason ? ' pick--blocked' : ''}`} data-testid="pick-phone" data-phone-name={phone.name}>
              <input type="checkbox" checked={selected.has(phone.userPhoneId)} disabled={Boolean(reason)} onChange={() => onToggle(phone)} />
              <span class="pick__text">
                <span class="pick__name">{phone.name}</span>
                <span class="muted">{phone.gradeName} · {formatRemaining(remainingMs(phone))}</span>
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
