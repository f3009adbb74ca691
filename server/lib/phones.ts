import { ErrorCode } from '../../shared/error-codes.ts';
import type { BatchEntry, BusinessStatus, Operation, OperationType } from '../../shared/device-types.ts';
import { REPLACING_OPERATIONS } from '../../shared/contract/device-words.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneFault, PhoneRow } from '../data/phones.ts';
import { apiError, ERROR_MESSAGES } from './errors.ts';
import type { Db, UserRow } from './types.ts';

// Cloud phones (API.md "Devices"): what is derived from the stored row and the clock, and ownership checks.

/** How long each operation keeps a phone `operating` (API.md). */
export const OPERATION_DURATION_MS: Record<OperationType, number> = {
  reboot: 4000, quickRestart: 2000, reset: 8000, upgrade: 4000, newMachine: 5000, replace: 8000, displace: 10_000, template: 6000, clone: 8000,
};

/** The codes a single phone can be refused with, in a batch entry or as the whole answer. */
export type DeviceCode =
  | typeof ErrorCode.DEVICE_NOT_EXIST
  | typeof ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES
  | typeof ErrorCode.DEVICE_BUSY
  | typeof ErrorCode.DEVICE_EXPIRED
  | typeof ErrorCode.DEVICE_MAINTENANCE
  | typeof ErrorCode.DEVICE_OFFLINE
  | typeof ErrorCode.RESOLUTION_INVALID
  | typeof ErrorCode.DEVICE_FAULT
  | typeof ErrorCode.DEVICE_NOT_CONNECTED
  | typeof ErrorCode.DEVICE_REPLACING
  | typeof ErrorCode.DEVICE_MIGRATED
  | typeof ErrorCode.RESTART_FAILED
  | typeof ErrorCode.COMMAND_EXCEPTION
  | typeof ErrorCode.TOKEN_FETCH_FAILED
  | typeof ErrorCode.DEVICE_CLONING;

/**
 * The status a fault shows as: the device states the client knows (online, offline, maintenance, replacing, ...;
 * spec §4) have none for a fault. A faulty host is being repaired (maintenance); a host without its link cannot be
 * reached (offline).
 */
const FAULT_STATUS: Record<PhoneFault, BusinessStatus> = { malfunction: 'maintenance', disconnected: 'offline' };

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

/** Expiry overrides everything, then a running operation, then a fault, then the stored status. */
export function businessStatus(row: PhoneRow, now: number): BusinessStatus {
  if (now >= row.expire_time) return 'expired';
  const operation = currentOperation(row, now);
  if (operation) return REPLACING_OPERATIONS.includes(operation.type) ? 'replacing' : 'operating';
  if (row.fault) return FAULT_STATUS[row.fault];
  return row.status;
}

/**
 * What an action asks of the phone: `restart` (reboot, quick restart, reset) and `command` (a setting applied by a
 * command run on the phone: root, resolution) are attempted on a faulty phone and fail in their own words (spec §8
 * "restart failed", "command execution exception"); `open` (a stream token) and `screenshot` are refused up front.
 */
export type PhoneAction = 'restart' | 'command' | 'open' | 'screenshot';

/** The refusal a fault gives an action, or null for a phone without one. A host without its link takes nothing. */
export function faultRefusal(row: PhoneRow, action: PhoneAction): DeviceCode | null {
  if (row.fault === 'disconnected') return ErrorCode.DEVICE_NOT_CONNECTED;
  if (row.fault !== 'malfunction') return null;
  if (action === 'restart') return ErrorCode.RESTART_FAILED;
  if (action === 'command') return ErrorCode.COMMAND_EXCEPTION;
  return ErrorCode.DEVICE_FAULT;
}

/** Replacing and migrating phones are the platform's to work on: each says so, and a migrated one needs support. */
function platformRefusal(status: BusinessStatus): DeviceCode | null {
  if (status === 'replacing') return ErrorCode.DEVICE_REPLACING;
  if (status === 'migrating') return ErrorCode.DEVICE_MIGRATED;
  return null;
}

export type HandOverRefusal =
  | typeof ErrorCode.DEVICE_EXPIRED
  | typeof ErrorCode.DEVICE_BUSY
  | typeof ErrorCode.DEVICE_CLONING
  | typeof ErrorCode.DEVICE_REPLACING
  | typeof ErrorCode.DEVICE_MIGRATED;

/**
 * Why a phone cannot go to another account now, given or lent: expired, busy with an operation, or being replaced or
 * migrated by the platform (the other account would get a phone mid-move).
 */
export function handOverRefusal(row: PhoneRow, now: number): HandOverRefusal | null {
  const status = businessStatus(row, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (status === 'operating') return busyRefusal(row, now);
  if (status === 'replacing') return ErrorCode.DEVICE_REPLACING;
  if (status === 'migrating') return ErrorCode.DEVICE_MIGRATED;
  return null;
}

/** A phone with an operation running is busy; one being cloned says so (spec §8 "being cloned"). */
function busyRefusal(row: PhoneRow, now: number): typeof ErrorCode.DEVICE_BUSY | typeof ErrorCode.DEVICE_CLONING {
  return currentOperation(row, now)?.type === 'clone' ? ErrorCode.DEVICE_CLONING : ErrorCode.DEVICE_BUSY;
}

/**
 * Why a phone cannot take an operation or a setting change right now, or null. A running operation comes before a
 * fault: the phone is busy with it whatever the host reports meanwhile.
 */
export function operationRefusal(row: PhoneRow, now: number, action: 'restart' | 'command'): DeviceCode | null {
  const status = businessStatus(row, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (status === 'operating') return busyRefusal(row, now);
  const fault = faultRefusal(row, action);
  if (fault) return fault;
  if (status === 'maintenance') return ErrorCode.DEVICE_MAINTENANCE;
  return platformRefusal(status);
}

/**
 * Why a stream token cannot be issued for the phone, or null (spec §5: at least 10 minutes of validity). A reset,
 * a replacement and a clone rebuild the phone's instance, so until it is rebuilt there is nothing to sign a token for
 * (a replacement says so by its status); a reboot, an upgrade or a new model keeps the instance and the stream waits
 * for it, so it still gets one.
 */
export function openRefusal(row: PhoneRow, now: number, minValidityMs: number): DeviceCode | null {
  const status = businessStatus(row, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (row.expire_time - now < minValidityMs) return ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES;
  const fault = faultRefusal(row, 'open');
  if (fault) return fault;
  if (status === 'maintenance') return ErrorCode.DEVICE_MAINTENANCE;
  if (status === 'offline') return ErrorCode.DEVICE_OFFLINE;
  const rebuilding = currentOperation(row, now)?.type;
  if (rebuilding === 'reset') return ErrorCode.TOKEN_FETCH_FAILED;
  if (rebuilding === 'clone') return ErrorCode.DEVICE_CLONING;
  return platformRefusal(status);
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
export async function loadOwnedPhones(db: Db, user: UserRow, ids: number[]): Promise<PhoneRow[]> {
  const byId = new Map((await phonesOfUser(db, user.id, user.tenant_id, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
    return row;
  });
}

export async function loadOwnedPhone(db: Db, user: UserRow, id: number): Promise<PhoneRow> {
  return (await loadOwnedPhones(db, user, [id]))[0]!;
}
