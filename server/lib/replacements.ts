import { flag } from '../db/dialect.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { BUSINESS_STATUSES, type BusinessStatus } from '../../shared/contract/device-words.ts';
import type * as contract from '../../shared/contract/replacements.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import {
  REPLACE_LIMIT_DEFAULTS, REPLACE_LIMIT_KEYS, REPLACE_OPERATION, REPLACE_STATUS_DEFAULT, REPLACE_TASK, type ReplaceLimitName,
  type ReplaceType,
} from '../../shared/contract/replace-words.ts';
import { DEFAULT_RESOLUTION } from '../../shared/device-types.ts';
import { configValue } from '../data/client.ts';
import { accessiblePhone } from '../data/phone-access.ts';
import { deleteAllInstalledApps, installedAppCounts } from '../data/phone-apps.ts';
import { phonesOfUser, resetSettings, startOperation, type PhoneRow } from '../data/phones.ts';
import { insertReplacement, lastReplacements } from '../data/replacements.ts';
import { configPositiveInt } from './config.ts';
import { ApiError, apiError, ERROR_MESSAGES, type CatalogCode } from './errors.ts';
import { businessStatus, currentOperation } from './phones.ts';
import type { Db, UserRow } from './types.ts';
import { HOUR_MS } from '../../shared/contract/time-units.ts';
import { mapInOrder } from './in-order.ts';

// Replacement (spec §1, §4, §9; server/API.md "Replacement"): the phone moves to a new instance on another host.
// `replace-preview` tells per phone what `replace-submit` would do; submit checks everything again inside one
// transaction and starts the `replace` (type 1) or `displace` (type 2) operation on each phone it may.
// Like reset, the effects are applied when the operation starts: type 1 removes the installed apps and resets root
// and resolution; type 2 keeps them. A faulty host (fault malfunction or disconnected) cannot hand its instance
// over: its phone fails with REPLACE_FAILED at submit and stays as it was.

export interface ReplaceLimits extends Record<ReplaceLimitName, number> {
  /** Business statuses that refuse a replacement (PHONE_REPLACE_BUSINESS_STATUS_LIMIT). */
  statuses: ReadonlySet<BusinessStatus>;
}

/** The tenant's PHONE_REPLACE_* config keys (spec §9), each falling back to its default when missing or malformed. */
export async function replaceLimits(db: Db, tenantId: number): Promise<ReplaceLimits> {
  const number = async (name: ReplaceLimitName) => await configPositiveInt(db, tenantId, REPLACE_LIMIT_KEYS[name], REPLACE_LIMIT_DEFAULTS[name]);
  const text = await configValue(db, tenantId, REPLACE_LIMIT_KEYS.statuses) ?? REPLACE_STATUS_DEFAULT;
  const statuses = text.split(',').map((word) => word.trim()).filter((word): word is BusinessStatus => (BUSINESS_STATUSES as readonly string[]).includes(word));
  return { batch: await number('batch'), expireHours: await number('expireHours'), frequencyHours: await number('frequencyHours'), statuses: new Set(statuses) };
}

type Refusal = CatalogCode;

interface Verdict {
  userPhoneId: number;
  /** The caller's phone, or the phone lent to the caller (refused). */
  phone: PhoneRow;
  refusal: Refusal | null;
}

/**
 * The status the limit is read against: a fault is left out (it is the host's, and moving off a faulty host is what a
 * replacement is for; whether the host can let go is found out at submit).
 */
function statusWithoutFault(phone: PhoneRow, now: number): BusinessStatus {
  return businessStatus({ ...phone, fault: null }, now);
}

function phoneRefusal(phone: PhoneRow, limits: ReplaceLimits, last: number | undefined, now: number): Refusal | null {
  const status = statusWithoutFault(phone, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (status === 'operating') return currentOperation(phone, now)?.type === 'clone' ? ErrorCode.DEVICE_CLONING : ErrorCode.DEVICE_BUSY;
  // Whatever the tenant's list says, a phone already being replaced says so (spec §8 "being replaced").
  if (status === 'replacing') return ErrorCode.DEVICE_REPLACING;
  if (limits.statuses.has(status)) return ErrorCode.REPLACE_STATUS_NOT_ALLOWED;
  if (phone.expire_time - now < limits.expireHours * HOUR_MS) return ErrorCode.REPLACE_TIME_TOO_SHORT;
  if (last !== undefined && now - last < limits.frequencyHours * HOUR_MS) return ErrorCode.REPLACE_TOO_FREQUENT;
  return null;
}

/**
 * Every asked id in the order asked. More than the tenant's batch limit is refused whole; so is any id that is neither
 * the caller's phone nor lent to the caller (DEVICE_NOT_EXIST: nothing is told of other accounts' phones). A phone
 * lent to the caller is its owner's to replace (REPLACE_AUTHORIZED).
 */
async function judge(db: Db, user: UserRow, ids: number[], now: number): Promise<{ verdicts: Verdict[]; last: Map<number, number> }> {
  const limits = await replaceLimits(db, user.tenant_id);
  if (ids.length > limits.batch) throw new ApiError(ErrorCode.BATCH_LIMIT_EXCEEDED, `At most ${limits.batch} devices at once`);
  const owned = new Map((await phonesOfUser(db, user.id, user.tenant_id, ids)).map((row) => [row.id, row]));
  const last = await lastReplacements(db, ids);
  const verdicts = (await mapInOrder(ids, async (id): Promise<Verdict> => {
    const phone = owned.get(id);
    if (phone) return { userPhoneId: id, phone, refusal: phoneRefusal(phone, limits, last.get(id), now) };
    const lent = await accessiblePhone(db, user.id, user.tenant_id, id, now);
    if (lent?.access.kind === 'grant') return { userPhoneId: id, phone: lent.phone, refusal: ErrorCode.REPLACE_AUTHORIZED };
    throw apiError(ErrorCode.DEVICE_NOT_EXIST);
  }));
  return { verdicts, last };
}

const codeAndMsg = (refusal: Refusal | null) => ({ code: refusal ?? ErrorCode.SUCCESS, msg: refusal ? ERROR_MESSAGES[refusal] : '' });

export async function previewReplacement(db: Db, user: UserRow, ids: number[], replaceType: ReplaceType, now: number): Promise<ReplyInput<typeof contract.previewReplacement>> {
  const { verdicts, last } = await judge(db, user, ids, now);
  const apps = await installedAppCounts(db, ids);
  const items = verdicts.map(({ userPhoneId, phone, refusal }) => ({
    userPhoneId,
    phoneNo: phone.phone_no,
    name: phone.name,
    ok: refusal === null,
    ...codeAndMsg(refusal),
    installedApps: apps.get(userPhoneId) ?? 0,
    root: flag(phone.root),
    lastReplacedAt: last.get(userPhoneId) ?? null,
  }));
  return { replaceType, items };
}

export type ReplaceStarted = (userPhoneId: number, type: 'replace' | 'displace') => void;

/**
 * Starts the replacements the checks allow, in one transaction; `started` hears of each after the commit (the stream
 * drops its sessions and boots the new instance). Refused phones are not recorded; a faulty host's phone is, as failed.
 */
export async function submitReplacement(
  db: Db,
  user: UserRow,
  ids: number[],
  replaceType: ReplaceType,
  now: number,
  started?: ReplaceStarted,
): Promise<ReplyInput<typeof contract.submitReplacement>> {
  const operation = REPLACE_OPERATION[replaceType];
  const items = await db.transaction(async (db) =>
    (await mapInOrder((await judge(db, user, ids, now)).verdicts, async ({ userPhoneId, phone, refusal: checked }) => {
      const refusal = checked ?? (phone.fault ? ErrorCode.REPLACE_FAILED : null);
      if (checked === null) {
        await insertReplacement(db, {
          tenantId: user.tenant_id, phoneId: phone.id, userId: user.id, replaceType, result: refusal ? 'failed' : 'success', reasonCode: refusal, createdAt: now,
        });
      }
      if (!refusal) {
        await startOperation(db, phone.id, operation, now);
        // A fresh phone: what the user installed goes, and the settings are the factory's (as reset does).
        if (replaceType === 1) {
          await deleteAllInstalledApps(db, phone.id);
          await resetSettings(db, phone.id, DEFAULT_RESOLUTION);
        }
      }
      return { userPhoneId, phoneNo: phone.phone_no, name: phone.name, success: !refusal, ...codeAndMsg(refusal), taskType: REPLACE_TASK[replaceType] };
    })),
  );
  for (const item of items) if (item.success) started?.(item.userPhoneId, operation);
  return { replaceType, items };
}
