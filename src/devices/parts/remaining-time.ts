/** Remaining validity as the cards show it: days and hours, hours and minutes, or minutes. */
import { t } from '../../core/i18n/index.ts';

export interface RemainingParts {
  days: number;
  hours: number;
  minutes: number;
}

export function splitRemaining(ms: number): RemainingParts {
  const minutesTotal = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}

export function formatRemaining(ms: number): string {
  if (ms <= 0) return t('devices.status.expired');
  const { days, hours, minutes } = splitRemaining(ms);
  if (days > 0) return t('devices.remaining.days', { days, hours });
  if (hours > 0) return t('devices.remaining.hours', { hours, minutes });
  return t('devices.remaining.minutes', { minutes: Math.max(1, minutes) });
}
