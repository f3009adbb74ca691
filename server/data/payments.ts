import type { PayMethod, PaymentStatus } from '../../shared/contract/shop-words.ts';
import type { Db } from '../lib/types.ts';

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

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return await db.get('SELECT * FROM payments WHERE id = ?', id) as PaymentRow | undefined;
}

export async function findPaymentByKey(db: Db, userId: number, idempotencyKey: string): Promise<PaymentRow | undefined> {
  return await db.get('SELECT * FROM payments WHERE user_id = ? AND idempotency_key = ?', userId, idempotencyKey) as PaymentRow | undefined;
}

export async function insertPayment(db: Db, p: PaymentRow): Promise<void> {
  // `attempt` numbers the order's payments from 0, in the order they were made.
  await db.run(`INSERT INTO payments (id, order_id, user_id, method, idempotency_key, status, amount, return_url, created_at, finished_at, attempt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COUNT(*) FROM payments WHERE order_id = ?))`, p.id, p.order_id, p.user_id, p.method, p.idempotency_key, p.status, p.amount, p.return_url, p.created_at, p.finished_at, p.order_id);
}

export async function finishPayment(db: Db, id: string, status: PaymentStatus, now: number): Promise<void> {
  await db.run('UPDATE payments SET status = ?, finished_at = ? WHERE id = ?', status, now, id);
}

/** A payment refused while applying fails, unless something else finished it first. */
export async function failWaitingPayment(db: Db, id: string, now: number): Promise<void> {
  await db.run("UPDATE payments SET status = 'failed', finished_at = ? WHERE id = ? AND status = 'waiting'", now, id);
}

/** Closes the order's waiting payments but `exceptId`, so no second wallet can complete the order again. */
export async function closeWaitingPayments(db: Db, orderId: number, now: number, exceptId = ''): Promise<void> {
  await db.run("UPDATE payments SET status = 'closed', finished_at = ? WHERE order_id = ? AND status = 'waiting' AND id <> ?", now, orderId, exceptId);
}

export async function latestPaymentStatus(db: Db, orderId: number): Promise<PaymentStatus | undefined> {
  return await db.value('SELECT status FROM payments WHERE order_id = ? ORDER BY attempt DESC LIMIT 1', orderId) as PaymentStatus | undefined;
}
