import { ErrorCode } from '../../src/core/error-codes.ts';
import { maskMobile } from '../../src/core/format.ts';
import {
  TRANSFER_LIMIT_DEFAULTS, TRANSFER_LIMIT_KEYS, targetKind,
  type TransferItemStatus, type TransferLimitName, type TransferOrderStatus,
} from '../../src/contract/transfer-words.ts';
import { endPhoneSharing, phoneIsAuthorized } from '../data/phone-exclusions.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { immediate } from '../data/statements.ts';
import {
  findReceiver, insertTransferItem, insertTransferOrder, lastPhoneTransfer, movePhoneToUser, phoneTransfersSince, userTransfersSince,
} from '../data/transfers.ts';
import { configPositiveInt } from './config.ts';
import { ApiError, apiError, ERROR_MESSAGES } from './errors.ts';
import { newOrderNo } from './orders.ts';
import { businessStatus } from './phones.ts';
import type { Db, Deps, UserRow } from './types.ts';

// Transfers (spec §1, §4, §6, §9; server/API.md "Transfers"): `give-check` tells per phone what `give` would do,
// `give` checks everything again inside one immediate transaction and moves the phones it may.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The product's zone (UTC+8, as order numbers): "today" for the per-day limits starts at its midnight. */
const ZONE_OFFSET = 8 * HOUR;

export type TransferLimits = Record<TransferLimitName, number>;

/** The tenant's limits (config keys, spec §9), each falling back to its default when missing or malformed. */
export function transferLimits(db: Db, tenantId: number): TransferLimits {
  const entries = Object.entries(TRANSFER_LIMIT_KEYS).map(([name, key]) => [name, configPositiveInt(db, tenantId, key, TRANSFER_LIMIT_DEFAULTS[name as TransferLimitName])]);
  return Object.fromEntries(entries) as TransferLimits;
}

export function startOfDay(now: number): number {
  return Math.floor((now + ZONE_OFFSET) / DAY) * DAY - ZONE_OFFSET;
}

export type TransferRefusal =
  | typeof ErrorCode.DEVICE_NOT_EXIST
  | typeof ErrorCode.DEVICE_EXPIRED
  | typeof ErrorCode.DEVICE_BUSY
  | typeof ErrorCode.DEVICE_REPLACING
  | typeof ErrorCode.DEVICE_MIGRATED
  | typeof ErrorCode.TRANSFER_AUTHORIZED
  | typeof ErrorCode.TRANSFER_TIME_TOO_SHORT
  | typeof ErrorCode.TRANSFER_PHONE_DAY_LIMIT
  | typeof ErrorCode.TRANSFER_TOO_FREQUENT
  | typeof ErrorCode.TRANSFER_USER_DAY_LIMIT;

/** One asked id: the caller's phone (absent when it is not theirs) and why it may not move, or null. */
export interface Verdict {
  userPhoneId: number;
  phone: PhoneRow | null;
  refusal: TransferRefusal | null;
}

/** Why this phone of the caller's may not change hands now, leaving the caller's daily count aside. */
function phoneRefusal(db: Db, phone: PhoneRow, limits: TransferLimits, now: number): TransferRefusal | null {
  const status = businessStatus(phone, now);
  if (status === 'expired') return ErrorCode.DEVICE_EXPIRED;
  if (status === 'operating') return ErrorCode.DEVICE_BUSY;
  // The platform is working on these phones; the new owner would get one mid-move.
  if (status === 'replacing') return ErrorCode.DEVICE_REPLACING;
  if (status === 'migrating') return ErrorCode.DEVICE_MIGRATED;
  // Spec §6: authorised phones cannot be transferred (the grant would go with them to a stranger).
  if (phoneIsAuthorized(db, phone.id, now)) return ErrorCode.TRANSFER_AUTHORIZED;
  if (phone.expire_time - now < limits.expireHours * HOUR) return ErrorCode.TRANSFER_TIME_TOO_SHORT;
  if (phoneTransfersSince(db, phone.id, startOfDay(now)) >= limits.phoneDay) return ErrorCode.TRANSFER_PHONE_DAY_LIMIT;
  const last = lastPhoneTransfer(db, phone.id);
  if (last !== null && now - last < limits.frequencyHours * HOUR) return ErrorCode.TRANSFER_TOO_FREQUENT;
  return null;
}

/**
 * Every asked id in the order asked. A phone that is not the caller's (another user's, another tenant's, none at
 * all) is refused as one that does not exist. The caller's daily count is spent in that order: once it is reached,
 * the phones after it are refused with TRANSFER_USER_DAY_LIMIT.
 */
export function judgePhones(db: Db, sender: UserRow, ids: number[], limits: TransferLimits, now: number): Verdict[] {
  const owned = new Map(phonesOfUser(db, sender.id, sender.tenant_id, ids).map((row) => [row.id, row]));
  let left = limits.userDay - userTransfersSince(db, sender.id, startOfDay(now));
  return ids.map((id) => {
    const phone = owned.get(id) ?? null;
    if (!phone) return { userPhoneId: id, phone, refusal: ErrorCode.DEVICE_NOT_EXIST };
    const refusal = phoneRefusal(db, phone, limits, now) ?? (left > 0 ? null : ErrorCode.TRANSFER_USER_DAY_LIMIT);
    if (!refusal) left--;
    return { userPhoneId: id, phone, refusal };
  });
}

/** The refusals of the whole request: too many phones, an unknown receiver, the caller itself. */
export function loadReceiver(db: Db, sender: UserRow, ids: number[], target: string, limits: TransferLimits): UserRow {
  if (ids.length > limits.batch) throw new ApiError(ErrorCode.BATCH_LIMIT_EXCEEDED, `At most ${limits.batch} devices at once`);
  const kind = targetKind(target);
  // A mobile-shaped number that no account uses may still be someone's user number.
  const receiver =
    (kind === 'mobile' ? findReceiver(db, sender.tenant_id, 'mobile', target) : undefined) ??
    (kind !== null && /^\d+$/.test(target) ? findReceiver(db, sender.tenant_id, 'userNo', target) : undefined);
  if (!receiver) throw apiError(ErrorCode.TRANSFER_TARGET_NOT_FOUND);
  if (receiver.id === sender.id) throw apiError(ErrorCode.TRANSFER_SELF);
  return receiver;
}

/** An account as the other side sees it. */
export function accountJson(userNo: string, mobile: string | null) {
  return { userNo, mobile: maskMobile(mobile ?? '') };
}

export interface TransferRequest {
  userPhoneIds: number[];
  target: string;
}

/** give-check: per phone, ok or the refusal `give` would answer; nothing changes. */
export function checkTransfer(db: Db, sender: UserRow, request: TransferRequest, now: number) {
  const limits = transferLimits(db, sender.tenant_id);
  const receiver = loadReceiver(db, sender, request.userPhoneIds, request.target, limits);
  const items = judgePhones(db, sender, request.userPhoneIds, limits, now).map(({ userPhoneId, phone, refusal }) => ({
    userPhoneId,
    phoneNo: phone?.phone_no ?? '',
    name: phone?.name ?? '',
    ok: refusal === null,
    code: refusal ?? ErrorCode.SUCCESS,
    msg: refusal === null ? '' : ERROR_MESSAGES[refusal],
  }));
  return { receiver: accountJson(receiver.user_no, receiver.mobile), items };
}

/** An order's status from its items' (API.md "Transfers"). */
export function orderStatus(statuses: TransferItemStatus[]): TransferOrderStatus {
  if (statuses.includes('transferring')) return 'transferring';
  if (statuses.includes('waiting')) return 'waiting';
  const moved = statuses.filter((status) => status === 'success').length;
  if (moved === statuses.length) return 'success';
  return moved === 0 ? 'failed' : 'partial';
}

/**
 * give: one immediate transaction checks everything again (a second tab, a grant made meanwhile), records the order
 * with one item per phone of the caller's, moves the allowed phones to the receiver's default group (their expiry
 * unchanged) and ends their shares and grants; refused phones are recorded as failed with their reason. This server
 * executes at once, so no item stays waiting or transferring. After the commit the stream re-checks its sockets: the
 * sender's (and any ended grantee's or viewer's) open streams of the moved phones close.
 *
 * Ids that are not the caller's phones are answered as refused but not recorded (an order holds only the caller's
 * phones); a request with none of the caller's phones records nothing and answers DEVICE_NOT_EXIST.
 */
export function runTransfer(deps: Pick<Deps, 'db' | 'now' | 'accessRevoked'>, sender: UserRow, request: TransferRequest) {
  const { db } = deps;
  const reply = immediate(db, () => {
    const now = deps.now();
    const limits = transferLimits(db, sender.tenant_id);
    const receiver = loadReceiver(db, sender, request.userPhoneIds, request.target, limits);
    const verdicts = judgePhones(db, sender, request.userPhoneIds, limits, now);
    if (verdicts.every((verdict) => !verdict.phone)) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
    const orderNo = { value: '' };
    const orderId = insertTransferOrder(db, { tenantId: sender.tenant_id, fromUserId: sender.id, toUserId: receiver.id, createdAt: now }, () => {
      orderNo.value = newOrderNo(now);
      return orderNo.value;
    });
    const groupId = ensureDefaultGroup(db, receiver.id, now);
    const items = verdicts.map(({ userPhoneId, phone, refusal }) => {
      const status: TransferItemStatus = refusal === null ? 'success' : 'failed';
      if (phone) {
        insertTransferItem(db, { orderId, phoneId: phone.id, phoneNo: phone.phone_no, status, reasonCode: refusal, finishedAt: now });
        if (refusal === null) {
          movePhoneToUser(db, phone.id, receiver.id, groupId);
          endPhoneSharing(db, phone.id, now);
        }
      }
      return {
        userPhoneId,
        phoneNo: phone?.phone_no ?? '',
        status,
        code: refusal ?? ErrorCode.SUCCESS,
        msg: refusal === null ? '' : ERROR_MESSAGES[refusal],
        finishTime: now,
      };
    });
    const recorded = items.filter((_item, index) => verdicts[index]!.phone);
    return {
      orderId,
      orderNo: orderNo.value,
      status: orderStatus(recorded.map((item) => item.status)),
      receiver: accountJson(receiver.user_no, receiver.mobile),
      items,
      moved: items.some((item) => item.status === 'success'),
    };
  });
  // Reported after the commit: the re-check reads the phones' new owners.
  if (reply.moved) deps.accessRevoked();
  const { moved: _moved, ...answer } = reply;
  return answer;
}
