import { randomInt } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { ApiError, badRequest } from './envelope.ts';
import { asPositiveInt } from './request.ts';
import type { Statement } from 'better-sqlite3';
import type { Db, UserRow } from './types.ts';

// Cloud phones (API.md "Devices"): the stored row, what is derived from it and the clock, and ownership checks.

export type OperationType = 'reboot' | 'quickRestart' | 'reset';
export type StoredStatus = 'online' | 'offline' | 'maintenance' | 'replacing' | 'expired' | 'trial' | 'controlling' | 'syncing' | 'migrating';
export type BusinessStatus = StoredStatus | 'operating';

/** How long each operation keeps a phone `operating` (API.md). */
export const OPERATION_DURATION_MS: Record<OperationType, number> = { reboot: 4000, quickRestart: 2000, reset: 8000 };

export const DEFAULT_RESOLUTION = { width: 720, height: 1280, dpi: 320 } as const;
export const RESOLUTIONS = [
  { width: 540, height: 960, dpi: 240 },
  DEFAULT_RESOLUTION,
  { width: 1080, height: 1920, dpi: 480 },
] as const;

export const DEVICE_MESSAGES = {
  [ErrorCode.DEVICE_NOT_EXIST]: 'The device does not exist',
  [ErrorCode.DEVICE_VALIDITY_UNDER_10_MINUTES]: 'Validity under 10 minutes',
  [ErrorCode.DEVICE_BUSY]: 'The device is operating, try again later',
  [ErrorCode.DEVICE_EXPIRED]: 'The device has expired',
  [ErrorCode.DEVICE_MAINTENANCE]: 'The device is under maintenance',
  [ErrorCode.DEVICE_OFFLINE]: 'The device is offline',
  [ErrorCode.RESOLUTION_INVALID]: 'Unsupported resolution',
} as const;
export type DeviceCode = keyof typeof DEVICE_MESSAGES;

export function deviceError(code: DeviceCode): ApiError {
  return new ApiError(code, DEVICE_MESSAGES[code]);
}

export interface PhoneRow {
  id: number;
  tenant_id: number;
  user_id: number;
  group_id: number;
  grade_id: number;
  phone_no: string;
  name: string;
  status: StoredStatus;
  expire_time: number;
  root: number;
  width: number;
  height: number;
  dpi: number;
  operation_type: OperationType | null;
  operation_started_at: number | null;
  created_at: number;
}

export interface Operation {
  type: OperationType;
  progress: number;
  startedAt: number;
}

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

export interface BatchEntry {
  userPhoneId: number;
  success: boolean;
  code: number;
  msg: string;
  url?: string;
}

export function batchSuccess(userPhoneId: number, extra: { url?: string } = {}): BatchEntry {
  return { userPhoneId, success: true, code: ErrorCode.SUCCESS, msg: '', ...extra };
}

export function batchFailure(userPhoneId: number, code: DeviceCode): BatchEntry {
  return { userPhoneId, success: false, code, msg: DEVICE_MESSAGES[code] };
}

function batchLimitError(max: number): ApiError {
  return new ApiError(ErrorCode.BATCH_LIMIT_EXCEEDED, `At most ${max} devices at once`);
}

/**
 * A list of phone ids from a JSON array or repeated query values (a comma-separated value is split too, for
 * hand-written clients). Duplicates are dropped, keeping the first position, so a batch never acts twice on a phone.
 */
export function requirePhoneIds(value: unknown, max: number): number[] {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const parts = raw.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  const ids: number[] = [];
  for (const part of parts) {
    const id = asPositiveInt(part);
    if (id === null) throw badRequest('userPhoneIds must be positive integers');
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) throw badRequest('userPhoneIds is required');
  if (ids.length > max) throw batchLimitError(max);
  return ids;
}

export function requirePhoneId(value: unknown): number {
  const id = asPositiveInt(value);
  if (id === null) throw badRequest('userPhoneId must be a positive integer');
  return id;
}

/**
 * The caller's phones with these ids, in the order asked. Any id that is not the caller's (another user's,
 * another tenant's, or none at all) fails the whole call with the same DEVICE_NOT_EXIST, before anything is done.
 */
export function loadOwnedPhones(db: Db, user: UserRow, ids: number[]): PhoneRow[] {
  const rows = db
    .prepare('SELECT * FROM phones WHERE user_id = ? AND tenant_id = ? AND id IN (SELECT value FROM json_each(?))')
    .all(user.id, user.tenant_id, JSON.stringify(ids)) as PhoneRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw deviceError(ErrorCode.DEVICE_NOT_EXIST);
    return row;
  });
}

export function loadOwnedPhone(db: Db, user: UserRow, id: number): PhoneRow {
  return loadOwnedPhones(db, user, [id])[0]!;
}

export interface NewPhone {
  tenantId: number;
  userId: number;
  groupId: number;
  gradeId: number;
  name: string;
  expireTime: number;
  createdAt: number;
  /** Random "CP" + 8 digits when left out. */
  phoneNo?: string;
  status?: StoredStatus;
  root?: boolean;
  resolution?: { width: number; height: number; dpi: number };
}

// Prepared once per database: the seed inserts 1,000 phones on every fresh start (and in every server test).
const insertStatements = new WeakMap<Db, Statement>();

/** Inserts a phone; a random phoneNo that collides is drawn again (the UNIQUE constraint decides, as for userNo). */
export function insertPhone(db: Db, phone: NewPhone): number {
  let insert = insertStatements.get(db);
  if (!insert) {
    insert = db.prepare(
      `INSERT INTO phones (tenant_id, user_id, group_id, grade_id, phone_no, name, status, expire_time, root, width, height, dpi, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insertStatements.set(db, insert);
  }
  const resolution = phone.resolution ?? DEFAULT_RESOLUTION;
  for (let attempt = 0; ; attempt++) {
    const phoneNo = phone.phoneNo ?? `CP${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    try {
      const result = insert.run(
        phone.tenantId,
        phone.userId,
        phone.groupId,
        phone.gradeId,
        phoneNo,
        phone.name,
        phone.status ?? 'online',
        phone.expireTime,
        phone.root ? 1 : 0,
        resolution.width,
        resolution.height,
        resolution.dpi,
        phone.createdAt,
      );
      return Number(result.lastInsertRowid);
    } catch (error) {
      const collided = error instanceof Error && /UNIQUE constraint failed: phones\.phone_no/.test(error.message);
      if (!collided || phone.phoneNo !== undefined || attempt >= 20) throw error;
    }
  }
}
