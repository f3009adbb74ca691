/**
 * Spec §9 upgrade rule, mirrored from the server (server/lib/pricing.ts) so the page can explain the
 * price before asking: the difference is the value of the higher tier's time minus the value of the
 * remaining time, over the phone's whole remaining days; the expiry does not move.
 */
export const DAY_MS = 86_400_000;
export const MAX_UPGRADE_DAYS = 999;

export type UpgradeCheck =
  | { ok: true; days: number; amount: number }
  | { ok: false; reason: 'remainingTooShort' | 'tooLong' | 'notHigher' };

export function upgradePrice(remainingMs: number, currentDailyPrice: number, targetDailyPrice: number): UpgradeCheck {
  if (remainingMs < DAY_MS) return { ok: false, reason: 'remainingTooShort' };
  if (targetDailyPrice <= currentDailyPrice) return { ok: false, reason: 'notHigher' };
  const days = Math.ceil(remainingMs / DAY_MS);
  if (days >= MAX_UPGRADE_DAYS) return { ok: false, reason: 'tooLong' };
  return { ok: true, days, amount: days * (targetDailyPrice - currentDailyPrice) };
}
