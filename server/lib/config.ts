import type { Db } from './types.ts';

/**
 * A tenant's numeric setting from `configs` (spec §9 keys, GUEST_TRIAL_MINUTES). Operators edit these by hand, so a
 * missing, non-numeric or non-positive value falls back to the built-in default instead of breaking the call.
 */
export function configPositiveInt(db: Db, tenantId: number, key: string, fallback: number): number {
  const text = db.prepare('SELECT value FROM configs WHERE tenant_id = ? AND config_key = ?').pluck().get(tenantId, key) as
    | string
    | undefined;
  const value = Number((text ?? '').trim());
  return text !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
