import { ErrorCode } from '../../shared/error-codes.ts';
import { PAYMENT_WINDOW_MS } from '../../shared/contract/shop-words.ts';
import type { OrderStatus } from '../../shared/contract/shop-words.ts';
import { apiError } from './errors.ts';

// The order state machine (API.md "Orders", spec §4) over the statuses shared with the client
// (shared/contract/shop-words.ts). Every status change goes through transition(), so a path the contract does not list
// cannot happen by accident anywhere in the code.

/** Spec §4 lists the statuses but not the moves between them; API.md fixes these and only these. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  waitPay: ['paymentSuccessful', 'canceled', 'paymentClosed'],
  paymentSuccessful: ['allocated', 'waitAllocate', 'completed'],
  // When stock arrives (the operators' path; no endpoint).
  waitAllocate: ['allocated'],
  outOfStock: ['refunded'],
  allocated: [],
  shipped: [],
  completed: [],
  activating: [],
  canceled: [],
  refunded: [],
  paymentClosed: [],
};

/** Returns `to` when the move is allowed, else throws ORDER_STATE_INVALID. */
export function transition(from: OrderStatus, to: OrderStatus): OrderStatus {
  if (!TRANSITIONS[from]?.includes(to)) throw apiError(ErrorCode.ORDER_STATE_INVALID);
  return to;
}

/**
 * The status as the clock sees it: an unpaid order past its window reads paymentClosed. Derived rather than
 * written by a timer, so a server that was down at the deadline still answers correctly when it comes back.
 */
export function effectiveStatus(order: { status: OrderStatus; create_time: number }, now: number): OrderStatus {
  return order.status === 'waitPay' && now >= order.create_time + PAYMENT_WINDOW_MS ? 'paymentClosed' : order.status;
}

/** Statuses reached only through a successful payment: paying again is ORDER_ALREADY_PAID, not a state error. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paymentSuccessful', 'waitAllocate', 'allocated', 'shipped', 'completed', 'outOfStock', 'activating', 'refunded'];
