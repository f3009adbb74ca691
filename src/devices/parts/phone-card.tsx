/** One phone in a grid (screenshot, name, level, remaining time, status) or as a list row. */
import { memo } from 'react';
import { t } from '../../core/i18n/index.ts';
import type { Phone } from '../api.ts';
import { displayStatus, now, remainingMs, showsLive } from '../state.ts';
import { formatRemaining } from '../remaining-time.ts';
import { useLongPress } from './long-press.ts';
import { livePicture, thumbnails } from './thumbnails.ts';

interface PhoneCardProps {
  phone: Phone;
  layout: 'grid' | 'list';
  /** A card too narrow for the full remaining time (the 9- and 16-grids): the figures alone, the full text as its title. */
  narrow?: boolean;
  onOpen: (phone: Phone) => void;
  onActions: (phone: Phone) => void;
}

export function StatusBadge({ phone }: { phone: Phone }) {
  const status = displayStatus(phone);
  const progress = phone.operation ? ` ${Math.round(phone.operation.progress)}%` : '';
  return (
    <span class={`status status--${status}`} data-testid="phone-status">
      {t(`devices.status.${status}`)}
      {progress}
    </span>
  );
}

/** Memoised: while a grid scrolls, the cards that stay on screen are not rebuilt (signals still update them). */
export const PhoneCard = memo(function PhoneCard({ phone, layout, narrow = false, onOpen, onActions }: PhoneCardProps) {
  const handlers = useLongPress(() => onOpen(phone), () => onActions(phone));
  const thumb = layout === 'grid' ? thumbnails.value.get(phone.userPhoneId) : undefined;
  // The live picture wins while the phone is running; the status decides at once, before the grid hears of it.
  const live = layout === 'grid' && showsLive(phone) ? livePicture(phone.userPhoneId).value : null;
  const picture = live ?? thumb?.url;
  const left = remainingMs(phone, now());
  return (
    <div class={`phone-card phone-card--${layout}`} data-testid="phone-card" data-phone-id={phone.userPhoneId} {...handlers}>
      {layout === 'grid' ? (
        <div class="phone-card__screen">
          {/* One img whose src changes (a still, then live pictures): nothing is rebuilt or moves. */}
          {picture ? <img src={picture} alt="" loading="lazy" decoding="async" draggable={false} /> : <span class="phone-card__placeholder" aria-hidden="true" />}
          <StatusBadge phone={phone} />
        </div>
      ) : null}
      <div class="phone-card__info">
        <p class="phone-card__name" data-testid="phone-name">{phone.name}</p>
        <p class="phone-card__meta">
          <span class="phone-card__grade">{phone.gradeName}</span>
          <span
            class={left < 24 * 3600_000 ? 'phone-card__left phone-card__left--low' : 'phone-card__left'}
            title={narrow ? formatRemaining(left) : undefined}
            data-testid="phone-remaining"
          >
            {formatRemaining(left, narrow)}
          </span>
        </p>
        {layout === 'list' ? (
          <p class="phone-card__meta">
            <span class="muted">{phone.phoneNo}</span>
            <StatusBadge phone={phone} />
          </p>
        ) : null}
      </div>
      <button
        type="button"
        class="phone-card__more"
        aria-label={t('devices.actions.title')}
        data-testid="phone-more"
        onPointerDown={(event) => event.stopPropagation()}
        onPointerUp={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          onActions(phone);
        }}
      >
        ⋯
      </button>
    </div>
  );
});
