import { ErrorCode } from '../../src/core/error-codes.ts';
import type { BatchEntry, BusinessStatus, Operation, OperationType } from '../../src/devices/device-types.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { apiError, ERROR_MESSAGES } from './errors.ts';
import type { Db, UserRow } from './types.ts';

// Cloud phones (API.md "Devices"): what is derived from the stored row and the clock, and ownership checks.

/** How long each operation keeps a phone `operating` (API.md). */
export const OPERATION_DURATION_MS: Record<OperationType, number> = { reboot: 4000, quickRestart: 2000, reset: 8000 };


/** The codes a single phone can be refused with, in a batch entry or as the whole answer. */
export type DeviceCode =
  | typeof ErrorCode.DEVICE_NOT_EXIST
  | typeof ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES
  | typeof ErrorCode.DEVICE_BUSY
  | typeof ErrorCode.DEVICE_EXPIRED
  | typeof ErrorCode.DEVICE_MAINTENANCE
  | typeof ErrorCode.DEVICE_OFFLINE
  | typeof ErrorCode.RESOLUTION_INVALID;

/** The running operation, or null once its duration has passed (then the phone is back to its stored status). */
export function currentOperation(row: PhoneRow, now: number): Operation | null {
  if (row.operation_type === null || row.operation_started_at === null) return null;
  const elapsed = now - row.operation_started_at;
  const duration = OPERATION_DURATION_MS[row.operation_type];
  if (elapsed >= duration) return null;
  // Capped at 99: 100 would say "done" while the status still says operating.
  const progress = Math.min(99, Math.max(0, Math.floor((elapsed * 100) / duration)));
  return { type: row.operation_type, progress, startedAt: row.operation_started_at };
}

/** Expiry overrides everything, then a running operation, then the stored status. */
export function businessStatus(row: PhoneRow, now: number): BusinessStatus {
  if (now >= row.expire_time) return 'expired';
  if (currentOperation(row, now)) return 'operating';
  return row.status;
}

/**
 * Why a phone cannot take an operation or a setting change right now, or null. Replacing and migrating phones are
 * busy like operating ones: the platform is working on them.
 */
export function operationRefusal(row: PhoneRow, now: number): DeviceCode | null {
  const status = businessStatus(row, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (status === 'maintenance') return ErrorCode.DEVICE_MAINTENANCE;
  if (status === 'operating' || status === 'replacing' || status === 'migrating') return ErrorCode.DEVICE_BUSY;
  return null;
}

export function batchSuccess(userPhoneId: number, extra: { url?: string } = {}): BatchEntry {
  return { userPhoneId, success: true, code: ErrorCode.SUCCESS, msg: '', ...extra };
}

export function batchFailure(userPhoneId: number, code: DeviceCode): BatchEntry {
  return { userPhoneId, success: false, code, msg: ERROR_MESSAGES[code] };
}

/**
 * The caller's phones with these ids, in the order asked. Any id that is not the caller's (another user's,
 * another tenant's, or none at all) fails the whole call with the same DEVICE_NOT_EXIST, before anything is done.
 */
export function loadOwnedPhones(db: Db, user: UserRow, ids: number[]): PhoneRow[] {
  const byId = new Map(phonesOfUser(db, user.id, user.tenant_id, ids).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
    return row;
  });
}

export function loadOwnedPhone(db: Db, user: UserRow, id: number): PhoneRow {
  return loadOwnedPhones(db, user, [id])[0]!;
}
