/**
 * Order, coupon, payment and activation vocabulary shared by the client (orders-api.ts, api.ts, codes-api.ts) and the
 * reference server (server/lib/order-state.ts, server/data/): one list of each, so neither side can name a state
 * the other does not know. Pure TypeScript: no browser or Node APIs.
 */
export type OrderType = 'buy' | 'renew' | 'upgrade';
export const ORDER_TYPES: readonly OrderType[] = ['buy', 'renew', 'upgrade'];

/** Spec §4 order states, in the order the order-list tabs show them. */
export const ORDER_STATUSES = [
  'waitPay', 'waitAllocate', 'allocated', 'shipped', 'completed', 'outOfStock',
  'activating', 'canceled', 'refunded', 'paymentClosed', 'paymentSuccessful',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order unpaid this long is closed (its coupon is free again); the client shows createTime + this as closeTime. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;
/**
 * The validity a phone may reach: a renewal (an order, a coupon's extra days or an activation code) that would leave
 * 999 days or more is refused, the same bound an upgrade has (spec §5: upgraded duration under 999 days).
 */
export const MAX_VALIDITY_DAYS = 999;
/** Phones per order (bought, renewed or upgraded). */
export const MAX_ORDER_PHONES = 20;

export const COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export type CouponType = 'cash' | 'discount' | 'extension';

export type PayMethod = 'mock' | 'alipay' | 'wechat';
export const PAY_METHODS: readonly PayMethod[] = ['mock', 'alipay', 'wechat'];

/** The outcome of one activation code (API.md "Activation and redeem codes"). */
export type ActivationStatus =
  | 'activated'
  | 'alreadyActivated'
  | 'notExist'
  | 'specMismatch'
  | 'expired'
  | 'noStock'
  /** A renewal code that would take the phone to MAX_VALIDITY_DAYS or more; the code stays unused. */
  | 'tooLong'
  | 'failed';
