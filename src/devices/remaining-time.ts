/** Remaining validity as the cards show it: days and hours, hours and minutes, or minutes. */
import { t } from '../core/i18n/index.ts';

export interface RemainingParts {
  days: number;
  hours: number;
  minutes: number;
}

export function splitRemaining(ms: number): RemainingParts {
  const minutesTotal = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}

/**
 * The full form ("剩余 149 天 0 小时", "149d 0h left"), or with `short` the figures alone ("149天0时", "149d 0h") for
 * cards too narrow for the full one (the 9- and 16-grids, about 115 and 85 px wide on a phone).
 */
export function formatRemaining(ms: number, short = false): string {
  if (ms <= 0) return t('devices.status.expired');
  const { days, hours, minutes } = splitRemaining(ms);
  const texts = short ? 'devices.remainingShort' : 'devices.remaining';
  if (days > 0) return t(`${texts}.days`, { days, hours });
  if (hours > 0) return t(`${texts}.hours`, { hours, minutes });
  return t(`${texts}.minutes`, { minutes: Math.max(1, minutes) });
}
