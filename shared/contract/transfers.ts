/**
 * Transfers of phones to another account of the same tenant (spec §1, §4, §7 `give-check` and `give`; server/API.md
 * "Transfers"). Server: server/routes/transfers.ts. Client: src/transfer/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { idList, pageOf, paging, QueryText, TextOrNumber } from './fields.ts';
import { READ_BATCH_LIMIT } from './device-words.ts';
import { TRANSFER_DIRECTIONS, TRANSFER_ITEM_STATUSES, TRANSFER_ORDER_STATUSES, TRANSFER_PAGE_SIZE } from './transfer-words.ts';

const PHONE = '/api/device/user/phone';

const TransferRequest = v.object({
  // The tenant's batch limit (PHONE_GIVE_BY_BATCH_COUNT_LIMIT) is a setting, checked by the server; this bound only
  // keeps a request small. Repeats are dropped.
  userPhoneIds: idList(READ_BATCH_LIMIT),
  /** The receiver: a mobile number or a user number (userNo) of the same tenant. */
  target: v.pipe(TextOrNumber, v.trim()),
});

/**
 * An account as the other side sees it: its user number and its mobile with the middle four digits hidden. The
 * receiver of a check or a transfer named by its mobile has userNo '': a number typed tells no more than it named.
 */
const Account = v.strictObject({ userNo: v.string(), mobile: v.string() });

/** What `give` would do to one phone: ok, or the refusal's code and the server's wording. */
export const CheckItem = v.strictObject({
  userPhoneId: v.number(),
  /** '' for an id that is not the caller's phone (nothing of another's phone is told). */
  phoneNo: v.string(),
  name: v.string(),
  ok: v.boolean(),
  code: v.number(),
  msg: v.string(),
});

export const checkTransfer = endpoint(`PUT ${PHONE}/give-check`, {
  body: TransferRequest,
  reply: v.strictObject({ receiver: Account, items: v.array(CheckItem) }),
});

export const TransferItem = v.strictObject({
  userPhoneId: v.number(),
  phoneNo: v.string(),
  status: v.picklist(TRANSFER_ITEM_STATUSES),
  /** 0 unless failed. */
  code: v.number(),
  msg: v.string(),
  /** When it ended (success or failed); null while waiting or transferring. */
  finishTime: v.nullable(v.number()),
});

export const transferPhones = endpoint(`PUT ${PHONE}/give`, {
  body: TransferRequest,
  reply: v.strictObject({
    orderId: v.number(),
    orderNo: v.string(),
    status: v.picklist(TRANSFER_ORDER_STATUSES),
    receiver: Account,
    items: v.array(TransferItem),
  }),
});

export const TransferOrder = v.strictObject({
  orderId: v.number(),
  orderNo: v.string(),
  /** As the caller sees it: a transfer the caller made, or one that brought the caller phones. */
  direction: v.picklist(['sent', 'received']),
  from: Account,
  to: Account,
  status: v.picklist(TRANSFER_ORDER_STATUSES),
  createTime: v.number(),
  /** A receiver sees only the phones that reached it; the sender sees every phone, refused ones with their reason. */
  items: v.array(TransferItem),
});

/** Newest first. */
export const listTransfers = endpoint(`GET ${PHONE}/give-list`, {
  query: v.object({
    ...paging(TRANSFER_PAGE_SIZE.default, TRANSFER_PAGE_SIZE.max),
    direction: v.pipe(
      QueryText,
      v.transform((text) => text || 'all'),
      v.picklist(TRANSFER_DIRECTIONS, `must be one of ${TRANSFER_DIRECTIONS.join(', ')}`),
    ),
  }),
  reply: pageOf(TransferOrder),
});
