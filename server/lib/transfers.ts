import { ErrorCode } from '../../shared/error-codes.ts';
import { maskMobile } from '../../shared/format.ts';
import type * as contract from '../../shared/contract/transfers.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import {
  TRANSFER_LIMIT_DEFAULTS, TRANSFER_LIMIT_KEYS, type TransferDirection, type TransferItemStatus, type TransferLimitName,
  type TransferOrderStatus,
} from '../../shared/contract/transfer-words.ts';
import { endPhoneSharing, phoneIsAuthorized } from '../data/phone-exclusions.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { phonesOfUser } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { postMessage } from './messages.ts';
import {
  insertTransferItem, insertTransferOrder, itemsOfOrders, lastPhoneTransfer, listTransferOrders, movePhoneToUser, phoneTransfersSince,
  userTransfersSince,
} from '../data/transfers.ts';
import { findAccountByMobileOrUserNo } from '../data/users.ts';
import { configPositiveInt } from './config.ts';
import { ApiError, apiError, ERROR_MESSAGES, type CatalogCode } from './errors.ts';
import { newOrderNo } from './orders.ts';
import { handOverRefusal, type HandOverRefusal } from './phones.ts';
import { releaseFromSync } from '../data/sync.ts';
import { SYNC_MIN_PHONES } from '../../shared/contract/sync-words.ts';
import type { Db, Deps, UserRow } from './types.ts';
import { HOUR_MS, DAY_MS } from '../../shared/contract/time-units.ts';
import { mapInOrder } from './in-order.ts';

// Transfers (spec §1, §4, §6, §9; server/API.md "Transfers"): `give-check` tells per phone what `give` would do,
// `give` checks everything again inside one transaction and moves the phones it may.

/** The product's zone (UTC+8, as order numbers): "today" for the per-day limits starts at its midnight. */
const ZONE_OFFSET = 8 * HOUR_MS;

export type TransferLimits = Record<TransferLimitName, number>;

/** The tenant's PHONE_GIVE_* config keys (spec §9), each falling back to its default when missing or malformed. */
export async function transferLimits(db: Db, tenantId: number): Promise<TransferLimits> {
  const entries = (await mapInOrder(Object.entries(TRANSFER_LIMIT_KEYS), async ([name, key]) => [name, await configPositiveInt(db, tenantId, key, TRANSFER_LIMIT_DEFAULTS[name as TransferLimitName])]));
  return Object.fromEntries(entries) as TransferLimits;
}

export function startOfDay(now: number): number {
  return Math.floor((now + ZONE_OFFSET) / DAY_MS) * DAY_MS - ZONE_OFFSET;
}

export type TransferRefusal =
  | typeof ErrorCode.DEVICE_NOT_EXIST
  | HandOverRefusal
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
async function phoneRefusal(db: Db, phone: PhoneRow, limits: TransferLimits, now: number): Promise<TransferRefusal | null> {
  const unusable = handOverRefusal(phone, now);
  if (unusable) return unusable;
  // Spec §6: authorised phones cannot be transferred (the grant would go with them to a stranger).
  if (await phoneIsAuthorized(db, phone.id, now)) return ErrorCode.TRANSFER_AUTHORIZED;
  if (phone.expire_time - now < limits.expireHours * HOUR_MS) return ErrorCode.TRANSFER_TIME_TOO_SHORT;
  if (await phoneTransfersSince(db, phone.id, startOfDay(now)) >= limits.phoneDay) return ErrorCode.TRANSFER_PHONE_DAY_LIMIT;
  const last = await lastPhoneTransfer(db, phone.id);
  if (last !== null && now - last < limits.frequencyHours * HOUR_MS) return ErrorCode.TRANSFER_TOO_FREQUENT;
  return null;
}

/**
 * Every asked id in the order asked. A phone that is not the caller's (another user's, another tenant's, none at
 * all) is refused as one that does not exist. The caller's daily count is spent in that order: once it is reached,
 * the phones after it are refused with TRANSFER_USER_DAY_LIMIT.
 */
export async function judgePhones(db: Db, sender: UserRow, ids: number[], limits: TransferLimits, now: number): Promise<Verdict[]> {
  const owned = new Map((await phonesOfUser(db, sender.id, sender.tenant_id, ids)).map((row) => [row.id, row]));
  let left = limits.userDay - await userTransfersSince(db, sender.id, startOfDay(now));
  return (await mapInOrder(ids, async (id) => {
    const phone = owned.get(id) ?? null;
    if (!phone) return { userPhoneId: id, phone, refusal: ErrorCode.DEVICE_NOT_EXIST };
    const refusal = await phoneRefusal(db, phone, limits, now) ?? (left > 0 ? null : ErrorCode.TRANSFER_USER_DAY_LIMIT);
    if (!refusal) left--;
    return { userPhoneId: id, phone, refusal };
  }));
}

/** A request naming more phones than the tenant allows at once is refused whole. */
function checkBatch(ids: number[], limits: TransferLimits): void {
  if (ids.length > limits.batch) throw new ApiError(ErrorCode.BATCH_LIMIT_EXCEEDED, `At most ${limits.batch} devices at once`);
}

/**
 * Only a request with at least one of the caller's phones looks the receiver up: otherwise anyone could ask which
 * numbers have accounts. Such a request is answered DEVICE_NOT_EXIST.
 */
function requireSomePhone(verdicts: Verdict[]): void {
  if (verdicts.every((verdict) => !verdict.phone)) throw apiError(ErrorCode.DEVICE_NOT_EXIST);
}

export interface Receiver {
  user: UserRow;
  /** How the caller named it: a receiver named by mobile is not told by its user number. */
  by: 'mobile' | 'userNo';
}

/**
 * The receiver, or the refusal: unknown (a closed account, a guest, another tenant's or none at all: `onUnknown`
 * counts it as a guess, like an unknown code), or the caller itself.
 */
export async function loadReceiver(db: Db, sender: UserRow, target: string, onUnknown: () => void): Promise<Receiver> {
  const found = await findAccountByMobileOrUserNo(db, sender.tenant_id, target);
  if (!found) {
    onUnknown();
    throw apiError(ErrorCode.TRANSFER_TARGET_NOT_FOUND);
  }
  if (found.user.id === sender.id) throw apiError(ErrorCode.TRANSFER_SELF);
  return found;
}

/** An account as the other side sees it: masked mobile, and the user number unless it is to stay unsaid (''). */
export function accountJson(userNo: string, mobile: string | null) {
  return { userNo, mobile: maskMobile(mobile ?? '') };
}

/** The receiver as the sender's check and transfer answer it: the user number only if the sender typed it. */
function receiverJson(receiver: Receiver) {
  return accountJson(receiver.by === 'userNo' ? receiver.user.user_no : '', receiver.user.mobile);
}

export interface TransferRequest {
  userPhoneIds: number[];
  target: string;
}

/**
 * give-check: per phone, ok or the refusal `give` would answer; nothing changes. Refused whole, in this order: too
 * many phones, none of them the caller's, the receiver.
 */
export async function checkTransfer(db: Db, sender: UserRow, request: TransferRequest, now: number, onUnknown: () => void) {
  const limits = await transferLimits(db, sender.tenant_id);
  checkBatch(request.userPhoneIds, limits);
  const verdicts = await judgePhones(db, sender, request.userPhoneIds, limits, now);
  requireSomePhone(verdicts);
  const receiver = await loadReceiver(db, sender, request.target, onUnknown);
  const items = verdicts.map(({ userPhoneId, phone, refusal }) => ({
    userPhoneId,
    phoneNo: phone?.phone_no ?? '',
    name: phone?.name ?? '',
    ok: refusal === null,
    code: refusal ?? ErrorCode.SUCCESS,
    msg: refusal === null ? '' : ERROR_MESSAGES[refusal],
  }));
  return { receiver: receiverJson(receiver), items };
}

/** An order's status from its items' (API.md "Transfers"). */
export function orderStatus(statuses: TransferItemStatus[]): TransferOrderStatus {
  if (statuses.includes('transferring')) return 'transferring';
  if (statuses.includes('waiting')) return 'waiting';
  const moved = statuses.filter((status) => status === 'success').length;
  if (moved === statuses.length) return 'success';
  return moved === 0 ? 'failed' : 'partial';
}

/** One phone of an order, as `give` and the records answer it. */
function itemJson(item: { userPhoneId: number; phoneNo: string; status: TransferItemStatus; reasonCode: number | null; finishTime: number | null }) {
  return {
    userPhoneId: item.userPhoneId,
    phoneNo: item.phoneNo,
    status: item.status,
    code: item.reasonCode ?? ErrorCode.SUCCESS,
    msg: item.reasonCode === null ? '' : (ERROR_MESSAGES[item.reasonCode as CatalogCode] ?? ''),
    finishTime: item.finishTime,
  };
}

/**
 * give: one transaction checks everything again (a second tab, a grant made meanwhile), records the order
 * with one item per phone of the caller's, moves the allowed phones to the receiver's default group (their expiry
 * unchanged) and ends their live shares and grants; refused phones are recorded as failed with their reason. This
 * server executes at once, so no item stays waiting or transferring. After the commit the stream re-checks its
 * sockets: the sender's (and any ended grantee's or viewer's) open streams of the moved phones close.
 *
 * Refused whole as give-check is. Ids that are not the caller's phones are answered as refused but not recorded (an
 * order holds only the caller's phones).
 */
export async function runTransfer(deps: Pick<Deps, 'db' | 'now' | 'accessRevoked'>, sender: UserRow, request: TransferRequest, onUnknown: () => void) {
  const { db } = deps;
  const reply = await db.transaction(async (db) => {
    const now = deps.now();
    const limits = await transferLimits(db, sender.tenant_id);
    checkBatch(request.userPhoneIds, limits);
    const verdicts = await judgePhones(db, sender, request.userPhoneIds, limits, now);
    requireSomePhone(verdicts);
    const receiver = await loadReceiver(db, sender, request.target, onUnknown);
    const orderNo = { value: '' };
    const orderId = await insertTransferOrder(db, { tenantId: sender.tenant_id, fromUserId: sender.id, toUserId: receiver.user.id, createdAt: now }, () => {
      orderNo.value = newOrderNo(now);
      return orderNo.value;
    });
    const groupId = await ensureDefaultGroup(db, receiver.user.id, now);
    const items = (await mapInOrder(verdicts, async ({ userPhoneId, phone, refusal }) => {
      const status: TransferItemStatus = refusal === null ? 'success' : 'failed';
      if (phone) {
        await insertTransferItem(db, { orderId, phoneId: phone.id, phoneNo: phone.phone_no, status, reasonCode: refusal, finishedAt: now });
        if (refusal === null) {
          // Before the move: its group is found through its owner's.
          await releaseFromSync(db, phone.id, SYNC_MIN_PHONES);
          await movePhoneToUser(db, phone.id, receiver.user.id, groupId);
          await endPhoneSharing(db, phone.id, now);
        }
      }
      return itemJson({ userPhoneId, phoneNo: phone?.phone_no ?? '', status, reasonCode: refusal, finishTime: now });
    }));
    const recorded = items.filter((_item, index) => verdicts[index]!.phone);
    const moved = items.filter((item) => item.status === 'success').length;
    if (moved > 0) await postMessage(db, receiver.user.id, 'transferReceived', { count: moved, from: sender.mobile ? maskMobile(sender.mobile) : sender.user_no }, now);
    return {
      orderId,
      orderNo: orderNo.value,
      status: orderStatus(recorded.map((item) => item.status)),
      receiver: receiverJson(receiver),
      items,
      moved: items.some((item) => item.status === 'success'),
    };
  });
  // Reported after the commit: the re-check reads the phones' new owners.
  if (reply.moved) deps.accessRevoked();
  const { moved: _moved, ...answer } = reply;
  return answer;
}

/**
 * give-list: the orders the caller sent (every phone, refused ones with their reason) and those that brought the
 * caller phones (only the phones that reached it), newest first.
 */
export async function transferRecords(
  db: Db,
  user: UserRow,
  query: { direction: TransferDirection; pageNo: number; pageSize: number },
): Promise<ReplyInput<typeof contract.listTransfers>> {
  const { direction, pageNo, pageSize } = query;
  const filter = { userId: user.id, tenantId: user.tenant_id, sent: direction !== 'received', received: direction !== 'sent' };
  const { rows, total } = await listTransferOrders(db, filter, pageSize, (pageNo - 1) * pageSize);
  const items = await itemsOfOrders(db, rows.map((row) => row.id));
  const list = rows.map((row) => {
    const sent = row.from_user_id === user.id;
    const all = items.filter((item) => item.order_id === row.id);
    const shown = sent ? all : all.filter((item) => item.status !== 'failed');
    return {
      orderId: row.id,
      orderNo: row.order_no,
      direction: sent ? ('sent' as const) : ('received' as const),
      from: accountJson(row.from_user_no, row.from_mobile),
      to: accountJson(row.to_user_no, row.to_mobile),
      status: orderStatus(shown.map((item) => item.status)),
      createTime: row.created_at,
      items: shown.map((item) =>
        itemJson({ userPhoneId: item.phone_id, phoneNo: item.phone_no, status: item.status, reasonCode: item.reason_code, finishTime: item.finished_at }),
      ),
    };
  });
  return { list, total };
}
