/**
 * The commerce vocabulary and limits both sides hold to (spec §4, §5, §9; server/API.md "Commerce"): order, coupon,
 * payment and activation words, code lengths, order and page sizes. Plain values, no schema code, so the client may
 * import them at run time. The schemas that use them are in shop.ts, shop-orders.ts and shop-codes.ts.
 */

export const ORDER_TYPES = ['buy', 'renew', 'upgrade'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Spec §4 order states, in the order the order-list tabs show them. */
export const ORDER_STATUSES = [
  'waitPay', 'waitAllocate', 'allocated', 'shipped', 'completed', 'outOfStock',
  'activating', 'canceled', 'refunded', 'paymentClosed', 'paymentSuccessful',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order unpaid this long is closed (its coupon is free again); orders carry createTime + this as closeTime. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;
/**
 * The validity a phone may reach: a renewal (an order, a coupon's extra days or an activation code) that would leave
 * this many days or more is refused, and an upgrade may not run this long (spec §5: upgraded duration under 999 days).
 */
export const MAX_VALIDITY_DAYS = 999;
/** Phones per order (bought, renewed or upgraded). */
export const MAX_ORDER_PHONES = 20;
/** The order list's page size: default and largest. */
export const ORDER_PAGE_SIZE = { default: 10, max: 100 } as const;

export const COUPON_TYPES = ['cash', 'discount', 'extension'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** Why a coupon does not fit an order; '' when it does. */
export const COUPON_REASONS = ['', 'minAmount', 'notYetValid', 'expired', 'orderType'] as const;
export type CouponReason = (typeof COUPON_REASONS)[number];

/** Spec §9: a mock method and two wallet-app methods. */
export const PAY_METHODS = ['mock', 'alipay', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/**
 * What paid an order: a method, or `free` when a coupon covered all of it. Written out rather than spread from
 * PAY_METHODS: a spread may run code, so the bundler would keep this module for every page that imports a number.
 */
export const ORDER_PAY_METHODS = ['mock', 'alipay', 'wechat', 'free'] as const satisfies readonly [...typeof PAY_METHODS, 'free'];
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];
/** Spec §4 payment states, and `waiting` while a wallet has not answered. */
export const PAYMENT_STATUSES = ['waiting', 'success', 'refunded', 'closed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** 1: each code gives a new phone; 2: code i renews phone i. */
export const ACTIVATION_TYPES = [1, 2] as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[number];
/**
 * The outcome of one activation code (spec §4; the client adds "waiting" and "activating" around the call).
 * `tooLong`: a renewal code that would take the phone to MAX_VALIDITY_DAYS or more; the code stays unused.
 */
export const ACTIVATION_STATUSES = ['activated', 'alreadyActivated', 'notExist', 'specMismatch', 'expired', 'noStock', 'tooLong', 'failed'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** Spec §5: an activation code is 12 letters or digits, case-sensitive (the rule: shared/code-list.ts). */
export const ACTIVATION_CODE_LENGTH = 12;
/** Codes one activation call accepts. */
export const MAX_CODES_PER_CALL = 20;
/** Spec §5: a redeem code is 1-20 letters or digits (matched ignoring case). */
export const REDEEM_CODE_MAX = 20;
/** The activation records' page size: default and largest. */
export const CODE_RECORD_PAGE_SIZE = { default: 20, max: 100 } as const;
