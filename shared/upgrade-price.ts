/**
 * Spec §9 upgrade rule, written once for both sides: the page explains the price before asking, and the
 * server (server/lib/pricing.ts) charges it. The difference is the value of the higher tier's time minus
 * the value of the remaining time, over the phone's whole remaining days (a started day counts, since the
 * phone runs the better grade during it); the expiry does not move. Pure TypeScript, no browser or Node APIs.
 */
import { MAX_VALIDITY_DAYS } from './contract/shop-words.ts';
import { DAY_MS } from './contract/time-units.ts';

export type UpgradeCheck =
  | { ok: true; days: number; amount: number }
  | { ok: false; reason: 'remainingTooShort' | 'tooLong' | 'notHigher' };

/**
 * The checks come in this order on both sides, so both explain a refusal the same way. A grade without a daily
 * price (no 30-day package) cannot be priced, and the server also requires the target to sort after the
 * current grade (`higherTier`).
 */
export function upgradePrice(
  remainingMs: number,
  currentDailyPrice: number | null,
  targetDailyPrice: number | null,
  higherTier = true,
): UpgradeCheck {
  if (remainingMs < DAY_MS) return { ok: false, reason: 'remainingTooShort' };
  if (currentDailyPrice === null || targetDailyPrice === null || !higherTier || targetDailyPrice <= currentDailyPrice) {
    return { ok: false, reason: 'notHigher' };
  }
  const days = Math.ceil(remainingMs / DAY_MS);
  if (days >= MAX_VALIDITY_DAYS) return { ok: false, reason: 'tooLong' };
  return { ok: true, days, amount: days * (targetDailyPrice - currentDailyPrice) };
}
