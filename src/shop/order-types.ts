/**
 * The shop's vocabulary for its pages: order types and statuses, coupon, payment and activation words, as the
 * contract defines them (shared/contract/shop-words.ts, which the server imports too). Types only: the values (the
 * lists, the order limits) are imported from the contract itself, so that they are one module in the build.
 */
export type {
  ActivationStatus, ActivationType, CouponStatus, CouponType, OrderStatus, OrderType, PaymentStatus, PayMethod,
} from '../../shared/contract/shop-words.ts';
