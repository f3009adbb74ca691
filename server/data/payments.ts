import type { PayMethod, PaymentStatus } from '../../shared/contract/shop-words.ts';
import type { Db } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

// Payments of orders: one row per submit (keyed by the caller's idempotency key), finished by the wallet's callback.

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

export function findPayment(db: Db, id: string): PaymentRow | undefined {
  return statement(db, 'SELECT * FROM payments WHERE id = ?').get(id) as PaymentRow | undefined;
}

export function findPaymentByKey(db: Db, userId: number, idempotencyKey: string): PaymentRow | undefined {
  return statement(db, 'SELECT * FROM payments WHERE user_id = ? AND idempotency_key = ?').get(userId, idempotencyKey) as PaymentRow | undefined;
}

export function insertPayment(db: Db, p: PaymentRow): void {
  statement(
    db,
    `INSERT INTO payments (id, order_id, user_id, method, idempotency_key, status, amount, return_url, created_at, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(p.id, p.order_id, p.user_id, p.method, p.idempotency_key, p.status, p.amount, p.return_url, p.created_at, p.finished_at);
}

export function finishPayment(db: Db, id: string, status: PaymentStatus, now: number): void {
  statement(db, 'UPDATE payments SET status = ?, finished_at = ? WHERE id = ?').run(status, now, id);
}

/** A payment refused while applying fails, unless something else finished it first. */
export function failWaitingPayment(db: Db, id: string, now: number): void {
  statement(db, "UPDATE payments SET status = 'failed', finished_at = ? WHERE id = ? AND status = 'waiting'").run(now, id);
}

/** Closes the order's waiting payments but `exceptId`, so no second wallet can complete the order again. */
export function closeWaitingPayments(db: Db, orderId: number, now: number, exceptId = ''): void {
  statement(db, "UPDATE payments SET status = 'closed', finished_at = ? WHERE order_id = ? AND status = 'waiting' AND id <> ?").run(now, orderId, exceptId);
}

export function latestPaymentStatus(db: Db, orderId: number): PaymentStatus | undefined {
  return plucked(db, 'SELECT status FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderId) as PaymentStatus | undefined;
}
