/** The trial's live countdown with a way out to a real login (spec §1 guest mode). */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { isGuest, logout, trialEndsAt } from '../state.ts';

export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export function GuestBanner() {
  const [now, setNow] = useState(() => Date.now());
  const guest = isGuest.value;
  useEffect(() => {
    if (!guest) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [guest]);
  if (!guest) return null;
  return (
    <div class="guest-banner" role="status" data-testid="guest-banner">
      <span data-testid="trial-countdown">{t('account.guest.trialBanner', { time: formatRemaining(trialEndsAt.value - now) })}</span>
      <button type="button" class="btn btn--ghost" onClick={() => void logout()}>
        {t('account.guest.loginNow')}
      </button>
    </div>
  );
}
