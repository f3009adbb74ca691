/**
 * Orders and coupons as the user sees them afterwards (server/API.md "Orders", "Coupons"). Money in cents.
 * Server: server/routes/orders.ts, coupons.ts. Client: src/shop/orders-api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Done, LookupId, pageOf, paging } from './fields.ts';
import { OrderLine } from './shop.ts';
import { COUPON_STATUSES, COUPON_TYPES, ORDER_PAGE_SIZE, ORDER_PAY_METHODS, ORDER_STATUSES, ORDER_TYPES } from './shop-words.ts';

const ORDER = '/api/trade/order';

/**
 * One of `words`, with the client's type; blank or missing is null. Anything else is a 400 that lists them (a
 * filter the server does not know must not quietly list everything).
 */
function optionalWord<const W extends string>(words: readonly W[]) {
  return v.pipe(
    v.nullish(v.custom<W>((value) => typeof value === 'string', 'must be text'), null),
    v.transform((value) => (value ?? '').trim()),
    v.check((value) => value === '' || (words as readonly string[]).includes(value), `must be one of ${words.join(', ')}`),
    v.transform((value) => (value === '' ? null : (value as W))),
  );
}

export const Order = v.strictObject({
  orderId: v.number(),
  /** 20 digits: the time in UTC+8 and 6 random digits. */
  orderNo: v.string(),
  type: v.picklist(ORDER_TYPES),
  status: v.picklist(ORDER_STATUSES),
  gradeId: v.number(),
  gradeName: v.string(),
  /** '' for an upgrade, which has no package. */
  packageName: v.string(),
  /** buy/renew: the package days; upgrade: its longest line. */
  days: v.number(),
  /** Days an extension coupon adds to each phone. */
  extraDays: v.number(),
  /** Phones bought, renewed or upgraded. */
  quantity: v.number(),
  /** Phones attached to the order: a purchase has 0 until they are allocated. */
  phoneCount: v.number(),
  userPhoneIds: v.array(v.number()),
  originalAmount: v.number(),
  discountAmount: v.number(),
  payAmount: v.number(),
  couponId: v.nullable(v.number()),
  createTime: v.number(),
  /** An unpaid order closes at this time (createTime + 30 minutes). */
  closeTime: v.number(),
  payTime: v.nullable(v.number()),
  /** null before payment; `free` when a coupon covered the whole amount. */
  payMethod: v.nullable(v.picklist(ORDER_PAY_METHODS)),
  remark: v.string(),
  /** As the preview priced them. */
  lines: v.array(OrderLine),
});

/** Newest first. */
export const listOrders = endpoint(`GET ${ORDER}/page`, {
  query: v.object({ ...paging(ORDER_PAGE_SIZE.default, ORDER_PAGE_SIZE.max), status: optionalWord(ORDER_STATUSES) }),
  reply: pageOf(Order),
});

// Another user's order answers exactly as a missing one (ORDER_NOT_EXIST), and so does a malformed id.
export const getOrder = endpoint(`GET ${ORDER}/get`, { query: v.object({ id: LookupId }), reply: Order });

/** Only an unpaid order inside its payment window; its coupon is free again at once. */
export const cancelOrder = endpoint(`PUT ${ORDER}/cancel`, { query: v.object({ id: LookupId }), reply: Done });

export const Coupon = v.strictObject({
  couponId: v.number(),
  /** Worded from the terms, per language. */
  name: v.string(),
  type: v.picklist(COUPON_TYPES),
  /** cash: cents off; discount: percent paid (85 pays 85%); extension: extra days per phone. */
  value: v.number(),
  minAmount: v.number(),
  /** Cap of a discount coupon, in cents; 0 when none. */
  maxDiscount: v.number(),
  validFrom: v.number(),
  validUntil: v.number(),
  orderTypes: v.array(v.picklist(ORDER_TYPES)),
  status: v.picklist(COUPON_STATUSES),
  /** Spec §4 "in use": held by an unpaid order (listed under unused). */
  inUse: v.boolean(),
});

/** `unused` (the default) also lists coupons held by an unpaid order and those not valid yet. */
export const listCoupons = endpoint('GET /api/promotion/coupon/list', {
  query: v.object({ status: v.pipe(optionalWord(COUPON_STATUSES), v.transform((status) => status ?? 'unused')) }),
  reply: v.array(Coupon),
});
