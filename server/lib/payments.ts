import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { takeStock } from './catalog.ts';
import { commerceError } from './commerce-errors.ts';
import { ApiError, badRequest } from './envelope.ts';
import { effectiveStatus, PAID_STATUSES, transition } from './order-state.ts';
import type { OrderStatus } from './order-state.ts';
import { loadOwnedOrder } from './orders.ts';
import type { OrderRow } from './orders.ts';
import { createPhones, renewPhone } from './phone-provisioning.ts';
import type { Line } from './pricing.ts';
import type { Db, UserRow } from './types.ts';

// Payments (API.md "Payment"). settleOrder is everything a successful payment does; callers run it inside the same
// immediate transaction as the payment row, so a failure anywhere (stock gone, a phone changed, a constraint) leaves
// the order unpaid, the coupon unused, the stock and the phones untouched, and no successful payment recorded.

export type PayMethod = 'mock' | 'alipay' | 'wechat';
export const PAY_METHODS: readonly PayMethod[] = ['mock', 'alipay', 'wechat'];
export type PaymentStatus = 'waiting' | 'success' | 'refunded' | 'closed' | 'failed';

export interface PaymentRow {
  id: string;
  order_id: number;
  user_id: number;
  method: PayMethod;
  idempotency_key: string;
  status: PaymentStatus;
  amount: number;
  return_url: string;
  created_at: number;
  finished_at: number | null;
}

const PHONES_CHANGED = 'The phones of this order have changed, please place a new order';

/** The phones of a renew or upgrade line must still be the buyer's and of the grade the price was for. */
function checkLinePhones(db: Db, order: OrderRow, lines: Line[]): void {
  const grade = db.prepare('SELECT grade_id FROM phones WHERE id = ? AND user_id = ? AND tenant_id = ?').pluck();
  for (const line of lines) {
    const current = grade.get(line.userPhoneId, order.user_id, order.tenant_id) as number | undefined;
    if (current !== (line.fromGradeId ?? line.gradeId)) throw new ApiError(ErrorCode.ORDER_STATE_INVALID, PHONES_CHANGED);
  }
}

/**
 * Pays an order: status, coupon, stock, phones. `payMethod` is recorded on the order ("free" when a coupon covered
 * everything). Other waiting payments of the order are closed, so a second wallet cannot complete it again.
 */
export function settleOrder(db: Db, order: OrderRow, payMethod: string, now: number, exceptPaymentId = ''): OrderStatus {
  const paid = transition(effectiveStatus(order, now), 'paymentSuccessful');
  if (order.coupon_id !== null) {
    const used = db.prepare('UPDATE coupons SET used_at = ?, used_order_id = ? WHERE id = ? AND used_at IS NULL').run(now, order.id, order.coupon_id);
    if (used.changes !== 1) throw commerceError(ErrorCode.COUPON_UNAVAILABLE);
  }
  const lines = JSON.parse(order.lines) as Line[];
  const days = order.days + order.extra_days;
  let phoneIds = JSON.parse(order.phone_ids) as number[];
  let status: OrderStatus;
  if (order.type === 'buy') {
    if (takeStock(db, order.tenant_id, order.grade_id, order.quantity)) {
      phoneIds = createPhones(db, { tenantId: order.tenant_id, userId: order.user_id, gradeId: order.grade_id, count: order.quantity, days, now, language: order.language });
      status = transition(paid, 'allocated');
    } else if (order.allocate_later === 1) {
      status = transition(paid, 'waitAllocate');
    } else {
      // Sold out since the order was placed, and the buyer did not agree to wait: nothing is charged.
      throw commerceError(ErrorCode.STOCK_INSUFFICIENT);
    }
  } else {
    checkLinePhones(db, order, lines);
    if (order.type === 'renew') {
      for (const id of phoneIds) renewPhone(db, id, days, now);
    } else {
      const upgrade = db.prepare('UPDATE phones SET grade_id = ? WHERE id = ?');
      for (const id of phoneIds) upgrade.run(order.grade_id, id);
    }
    status = transition(paid, 'completed');
  }
  const updated = db
    .prepare("UPDATE orders SET status = ?, pay_time = ?, pay_method = ?, phone_ids = ? WHERE id = ? AND status = 'waitPay'")
    .run(status, now, payMethod, JSON.stringify(phoneIds), order.id);
  if (updated.changes !== 1) throw commerceError(ErrorCode.ORDER_STATE_INVALID);
  db.prepare("UPDATE payments SET status = 'closed', finished_at = ? WHERE order_id = ? AND status = 'waiting' AND id <> ?").run(now, order.id, exceptPaymentId);
  return status;
}

/** 128 random bits: the wallet callback carries no token, knowing the id is the authority. */
function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('hex')}`;
}

export function walletUrl(payment: Pick<PaymentRow, 'id' | 'return_url'>): string {
  return `/pay/wallet/${payment.id}?return=${encodeURIComponent(payment.return_url)}`;
}

export function paymentReply(payment: PaymentRow) {
  const waitingWallet = payment.status === 'waiting' && payment.method !== 'mock';
  return { paymentId: payment.id, status: payment.status, ...(waitingWallet ? { walletUrl: walletUrl(payment) } : {}) };
}

export interface Submission {
  orderId: number | null;
  method: PayMethod;
  idempotencyKey: string;
  returnUrl: string;
}

function loadPayment(db: Db, id: string): PaymentRow | undefined {
  return db.prepare('SELECT * FROM payments WHERE id = ?').get(id) as PaymentRow | undefined;
}

/**
 * One immediate transaction: a repeated key finds its payment before anything else (so a retried request answers
 * what the first one did), and the order's state is read and changed with no other writer in between.
 */
export function submitPayment(db: Db, user: UserRow, submission: Submission, now: number): PaymentRow {
  return db.transaction(() => {
    const existing = db.prepare('SELECT * FROM payments WHERE user_id = ? AND idempotency_key = ?').get(user.id, submission.idempotencyKey) as PaymentRow | undefined;
    if (existing) {
      if (existing.order_id !== submission.orderId) throw badRequest('This idempotencyKey belongs to another order');
      return existing;
    }
    const order = loadOwnedOrder(db, user, submission.orderId);
    const status = effectiveStatus(order, now);
    if (PAID_STATUSES.includes(status)) throw commerceError(ErrorCode.ORDER_ALREADY_PAID);
    transition(status, 'paymentSuccessful');
    const id = newPaymentId();
    const mock = submission.method === 'mock';
    if (mock) settleOrder(db, order, 'mock', now);
    db.prepare(
      `INSERT INTO payments (id, order_id, user_id, method, idempotency_key, status, amount, return_url, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, order.id, user.id, submission.method, submission.idempotencyKey, mock ? 'success' : 'waiting', order.pay_amount, submission.returnUrl, now, mock ? now : null);
    return loadPayment(db, id)!;
  }).immediate();
}

export type NotifyResult = 'success' | 'fail' | 'cancel';

/**
 * The wallet's callback. Idempotent: a payment that is no longer waiting answers as it is. A success that cannot be
 * applied (the order closed or was cancelled) closes the payment; one refused by the order's contents (stock, phones)
 * marks it failed and answers the refusal, with nothing of the order applied.
 */
export function notifyPayment(db: Db, method: string, paymentId: string, result: NotifyResult, now: number): PaymentRow {
  const finish = db.prepare('UPDATE payments SET status = ?, finished_at = ? WHERE id = ?');
  try {
    return db.transaction(() => {
      const payment = loadPayment(db, paymentId);
      if (!payment) throw new ApiError(ErrorCode.ORDER_NOT_EXIST, 'The payment does not exist');
      if (payment.method !== method || method === 'mock') throw commerceError(ErrorCode.PAYMENT_METHOD_INVALID);
      if (payment.status !== 'waiting') return payment;
      if (result === 'success') {
        const order = db.prepare('SELECT * FROM orders WHERE id = ?').get(payment.order_id) as OrderRow;
        if (effectiveStatus(order, now) !== 'waitPay') {
          finish.run('closed', now, payment.id);
        } else {
          settleOrder(db, order, payment.method, now, payment.id);
          finish.run('success', now, payment.id);
        }
      } else {
        finish.run(result === 'fail' ? 'failed' : 'closed', now, payment.id);
      }
      return loadPayment(db, payment.id)!;
    }).immediate();
  } catch (error) {
    if (error instanceof ApiError && error.code !== ErrorCode.ORDER_NOT_EXIST && error.code !== ErrorCode.PAYMENT_METHOD_INVALID) {
      db.prepare("UPDATE payments SET status = 'failed', finished_at = ? WHERE id = ? AND status = 'waiting'").run(now, paymentId);
    }
    throw error;
  }
}

/** What the app polls after the wallet: the order's status and the payment's, as one word each. */
export function paymentStatusOf(db: Db, order: OrderRow, now: number): { orderStatus: OrderStatus; paymentStatus: PaymentStatus } {
  const orderStatus = effectiveStatus(order, now);
  if (orderStatus === 'refunded') return { orderStatus, paymentStatus: 'refunded' };
  if (PAID_STATUSES.includes(orderStatus)) return { orderStatus, paymentStatus: 'success' };
  if (orderStatus !== 'waitPay') return { orderStatus, paymentStatus: 'closed' };
  const latest = db.prepare('SELECT status FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').pluck().get(order.id) as
    | PaymentStatus
    | undefined;
  return { orderStatus, paymentStatus: latest ?? 'waiting' };
}
