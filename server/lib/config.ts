import { configValue } from '../data/client.ts';
import type { Db } from './types.ts';

/**
 * A tenant's numeric setting from `configs` (the PHONE_* limit keys of spec §9, GUEST_TRIAL_MINUTES). Operators edit
 * these by hand, so a missing, non-numeric or non-positive value falls back to the built-in default instead of
 * breaking the call.
 */
export async function configPositiveInt(db: Db, tenantId: number, key: string, fallback: number): Promise<number> {
  const text = await configValue(db, tenantId, key);
  const value = Number((text ?? '').trim());
  return text !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}
