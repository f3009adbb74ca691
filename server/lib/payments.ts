import { flag } from '../db/dialect.ts';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { submitPayment as submitEndpoint } from '../../shared/contract/shop.ts';
import type { ReplyInput } from '../../shared/contract/endpoint.ts';
import type { OrderPayMethod, OrderStatus, PaymentStatus, PayMethod } from '../../shared/contract/shop-words.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';
import { useCoupon } from '../data/coupons.ts';
import { findOrder, markOrderPaid } from '../data/orders.ts';
import type { OrderRow } from '../data/orders.ts';
import { closeWaitingPayments, failWaitingPayment, findPayment, findPaymentByKey, finishPayment, insertPayment, latestPaymentStatus } from '../data/payments.ts';
import type { PaymentRow } from '../data/payments.ts';
import { phoneIsAuthorized } from '../data/phone-exclusions.ts';
import { findPhone, gradeOfOwnedPhone, setGrade, startOperation } from '../data/phones.ts';
import { operationRefusal } from './phones.ts';
import { takeStock } from '../data/products.ts';
import { postMessage } from './messages.ts';
import { ApiError, apiError, badRequest, otherCause } from './errors.ts';
import { effectiveStatus, PAID_STATUSES, transition } from './order-state.ts';
import { loadOwnedOrder } from './orders.ts';
import { createPhones, renewPhone } from './phone-provisioning.ts';
import { exceedsValidityCeiling, renewedExpiry } from './pricing.ts';
import type { Line } from './pricing.ts';
import type { Db, UserRow } from './types.ts';
import { SETTLEMENT_QUEUE } from '../db/engine.ts';

// Payments (API.md "Payment"). settleOrder is everything a successful payment does; callers run it inside the same
// transaction as the payment row, so a failure anywhere (stock gone, a phone changed, a constraint) leaves
// the order unpaid, the coupon unused, the stock and the phones untouched, and no successful payment recorded.

/** The phones of a renew or upgrade line must still be the buyer's and of the grade the price was for. */
async function checkLinePhones(db: Db, order: OrderRow, lines: Line[]): Promise<void> {
  for (const line of lines) {
    const current = await gradeOfOwnedPhone(db, line.userPhoneId!, order.user_id, order.tenant_id);
    if (current !== (line.fromGradeId ?? line.gradeId)) throw otherCause('phonesChanged');
  }
}

/**
 * Spec §9: a phone with under 1 day remaining cannot be upgraded. The order was priced with at least a day left, but
 * it waits up to 30 minutes for its payment; a phone that ran below a day meanwhile would be charged for time it no
 * longer has, so the payment is refused (nothing charged) and the phone keeps its grade.
 */
async function checkUpgradeRemaining(db: Db, phoneIds: number[], now: number): Promise<void> {
  for (const id of phoneIds) {
    if ((await findPhone(db, id))!.expire_time - now < DAY_MS) throw apiError(ErrorCode.REMAINING_TIME_INSUFFICIENT, { userPhoneId: id });
  }
}

/** Spec §6: a phone authorised since its upgrade order was placed is not upgraded either (nothing is charged). */
async function checkUpgradeNotAuthorized(db: Db, phoneIds: number[], now: number): Promise<void> {
  for (const id of phoneIds) {
    if (await phoneIsAuthorized(db, id, now)) throw apiError(ErrorCode.UPGRADE_AUTHORIZED, { userPhoneId: id });
  }
}

/**
 * Pays an order: status, coupon, stock, phones. `payMethod` is recorded on the order ("free" when a coupon covered
 * everything). Other waiting payments of the order are closed, so a second wallet cannot complete it again.
 */
export async function settleOrder(db: Db, order: OrderRow, payMethod: OrderPayMethod, now: number, exceptPaymentId = ''): Promise<OrderStatus> {
  const paid = transition(effectiveStatus(order, now), 'paymentSuccessful');
  if (order.coupon_id !== null) {
    if (!await useCoupon(db, order.coupon_id, order.id, now)) throw apiError(ErrorCode.COUPON_UNAVAILABLE);
  }
  const lines = JSON.parse(order.lines) as Line[];
  const days = order.days + order.extra_days;
  let phoneIds = JSON.parse(order.phone_ids) as number[];
  let status: OrderStatus;
  if (order.type === 'buy') {
    if (await takeStock(db, order.tenant_id, order.grade_id, order.quantity)) {
      phoneIds = await createPhones(db, { tenantId: order.tenant_id, userId: order.user_id, gradeId: order.grade_id, count: order.quantity, days, now, language: order.language });
      status = transition(paid, 'allocated');
    } else if (flag(order.allocate_later)) {
      status = transition(paid, 'waitAllocate');
    } else {
      // Sold out since the order was placed, and the buyer did not agree to wait: nothing is charged.
      throw apiError(ErrorCode.STOCK_INSUFFICIENT);
    }
  } else {
    await checkLinePhones(db, order, lines);
    if (order.type === 'renew') {
      // The ceiling holds at payment too: renewals paid one after another must not add up past it.
      for (const id of phoneIds) {
        if (exceedsValidityCeiling(renewedExpiry((await findPhone(db, id))!.expire_time, days, now), now)) throw apiError(ErrorCode.RENEW_TOO_LONG, { userPhoneId: id });
      }
      for (const id of phoneIds) await renewPhone(db, id, days, now, true);
    } else {
      await checkUpgradeRemaining(db, phoneIds, now);
      await checkUpgradeNotAuthorized(db, phoneIds, now);
      // The phone restarts onto its new grade (task UPGRADE) when it could take a reboot now: one busy with another
      // task takes the grade with that restart, and one under maintenance, replacing, migrating or on a faulty host
      // keeps its status (a restart would report it online) and takes the grade when the platform brings it back.
      for (const id of phoneIds) {
        await setGrade(db, id, order.grade_id);
        if (!operationRefusal((await findPhone(db, id))!, now, 'restart')) await startOperation(db, id, 'upgrade', now);
      }
    }
    status = transition(paid, 'completed');
  }
  if (!await markOrderPaid(db, order.id, status, payMethod, phoneIds, now)) throw apiError(ErrorCode.ORDER_STATE_INVALID);
  await closeWaitingPayments(db, order.id, now, exceptPaymentId);
  await postMessage(db, order.user_id, 'orderPaid', { orderNo: order.order_no, type: order.type }, now);
  return status;
}

/** 128 random bits: the wallet callback carries no token, knowing the id is the authority. */
function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('hex')}`;
}

export function walletUrl(payment: Pick<PaymentRow, 'id' | 'return_url'>): string {
  return `/pay/wallet/${payment.id}?return=${encodeURIComponent(payment.return_url)}`;
}

export function paymentReply(payment: PaymentRow): ReplyInput<typeof submitEndpoint> {
  const waitingWallet = payment.status === 'waiting' && payment.method !== 'mock';
  return { paymentId: payment.id, status: payment.status, ...(waitingWallet ? { walletUrl: walletUrl(payment) } : {}) };
}

export interface Submission {
  orderId: number | null;
  method: PayMethod;
  idempotencyKey: string;
  returnUrl: string;
}

/**
 * One transaction: a repeated key finds its payment before anything else (so a retried request answers
 * what the first one did), and the order's state is read and changed with no other writer in between.
 */
export async function submitPayment(db: Db, user: UserRow, submission: Submission, now: number): Promise<PaymentRow> {
  return await db.transaction(async (db) => {
    const existing = await findPaymentByKey(db, user.id, submission.idempotencyKey);
    if (existing) {
      if (existing.order_id !== submission.orderId) throw badRequest('This idempotencyKey belongs to another order');
      return existing;
    }
    const order = await loadOwnedOrder(db, user, submission.orderId);
    const status = effectiveStatus(order, now);
    if (PAID_STATUSES.includes(status)) throw apiError(ErrorCode.ORDER_ALREADY_PAID);
    transition(status, 'paymentSuccessful');
    const id = newPaymentId();
    const mock = submission.method === 'mock';
    if (mock) await settleOrder(db, order, 'mock', now);
    await insertPayment(db, {
      id,
      order_id: order.id,
      user_id: user.id,
      method: submission.method,
      idempotency_key: submission.idempotencyKey,
      status: mock ? 'success' : 'waiting',
      amount: order.pay_amount,
      return_url: submission.returnUrl,
      created_at: now,
      finished_at: mock ? now : null,
    });
    return (await findPayment(db, id))!;
  }, { queue: SETTLEMENT_QUEUE });
}

/** What a wallet's callback may report. */
export const NOTIFY_RESULTS = ['success', 'fail', 'cancel'] as const;
export type NotifyResult = (typeof NOTIFY_RESULTS)[number];

/**
 * The wallet's callback. Idempotent: a payment that is no longer waiting answers as it is. A success that cannot be
 * applied (the order closed or was cancelled) closes the payment; one refused by the order's contents (stock, phones)
 * marks it failed and answers the refusal, with nothing of the order applied.
 */
export async function notifyPayment(db: Db, method: string, paymentId: string, result: NotifyResult, now: number): Promise<PaymentRow> {
  try {
    return await db.transaction(async (db) => {
      const payment = await findPayment(db, paymentId);
      if (!payment) throw otherCause('paymentNotExist');
      if (payment.method !== method || method === 'mock') throw apiError(ErrorCode.PAYMENT_METHOD_INVALID);
      if (payment.status !== 'waiting') return payment;
      if (result === 'success') {
        const order = (await findOrder(db, payment.order_id))!;
        if (effectiveStatus(order, now) !== 'waitPay') {
          await finishPayment(db, payment.id, 'closed', now);
        } else {
          await settleOrder(db, order, payment.method, now, payment.id);
          await finishPayment(db, payment.id, 'success', now);
        }
      } else {
        await finishPayment(db, payment.id, result === 'fail' ? 'failed' : 'closed', now);
      }
      return (await findPayment(db, payment.id))!;
    }, { queue: SETTLEMENT_QUEUE });
  } catch (error) {
    if (error instanceof ApiError && error.code !== ErrorCode.ORDER_NOT_EXIST && error.code !== ErrorCode.PAYMENT_METHOD_INVALID) {
      await failWaitingPayment(db, paymentId, now);
    }
    throw error;
  }
}

/** What the app polls after the wallet: the order's status and the payment's, as one word each. */
export async function paymentStatusOf(db: Db, order: OrderRow, now: number): Promise<{ orderStatus: OrderStatus; paymentStatus: PaymentStatus }> {
  const orderStatus = effectiveStatus(order, now);
  if (orderStatus === 'refunded') return { orderStatus, paymentStatus: 'refunded' };
  if (PAID_STATUSES.includes(orderStatus)) return { orderStatus, paymentStatus: 'success' };
  if (orderStatus !== 'waitPay') return { orderStatus, paymentStatus: 'closed' };
  return { orderStatus, paymentStatus: await latestPaymentStatus(db, order.id) ?? 'waiting' };
}
