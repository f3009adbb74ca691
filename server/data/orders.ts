import type { OrderPayMethod, OrderStatus, OrderType } from '../../shared/contract/shop-words.ts';
import { PAYMENT_WINDOW_MS } from '../../shared/contract/shop-words.ts';
import type { Db, Language } from '../lib/types.ts';
import { insertWithFreshNumber, plucked, statement } from './statements.ts';

// Orders as stored: created waitPay, then paid, cancelled or closed by the clock (the close is derived, not written).

export interface OrderRow {
  id: number;
  tenant_id: number;
  user_id: number;
  order_no: string;
  type: OrderType;
  status: OrderStatus;
  grade_id: number;
  package_id: number | null;
  days: number;
  extra_days: number;
  quantity: number;
  phone_ids: string;
  lines: string;
  original_amount: number;
  discount_amount: number;
  pay_amount: number;
  coupon_id: number | null;
  allocate_later: number;
  language: Language;
  create_time: number;
  pay_time: number | null;
  pay_method: OrderPayMethod | null;
  remark: string;
}

export interface NewOrder {
  tenantId: number;
  userId: number;
  type: OrderType;
  gradeId: number;
  packageId: number | null;
  days: number;
  extraDays: number;
  quantity: number;
  phoneIds: number[];
  lines: unknown[];
  originalAmount: number;
  discountAmount: number;
  payAmount: number;
  couponId: number | null;
  allocateLater: boolean;
  language: Language;
  createTime: number;
}

/** Inserts a waitPay order; `orderNo` draws its number (again on a collision). */
export function insertOrder(db: Db, order: NewOrder, orderNo: () => string): OrderRow {
  const insert = statement(
    db,
    `INSERT INTO orders (tenant_id, user_id, order_no, type, status, grade_id, package_id, days, extra_days, quantity, phone_ids, lines,
       original_amount, discount_amount, pay_amount, coupon_id, allocate_later, language, create_time)
     VALUES (?, ?, ?, ?, 'waitPay', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const id = insertWithFreshNumber('orders.order_no', () =>
    Number(
      insert.run(
        order.tenantId,
        order.userId,
        orderNo(),
        order.type,
        order.gradeId,
        order.packageId,
        order.days,
        order.extraDays,
        order.quantity,
        JSON.stringify(order.phoneIds),
        JSON.stringify(order.lines),
        order.originalAmount,
        order.discountAmount,
        order.payAmount,
        order.couponId,
        order.allocateLater ? 1 : 0,
        order.language,
        order.createTime,
      ).lastInsertRowid,
    ),
  );
  return findOrder(db, id)!;
}

export function findOrder(db: Db, id: number): OrderRow | undefined {
  return statement(db, 'SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined;
}

export function findOrderOfUser(db: Db, id: number, userId: number): OrderRow | undefined {
  return statement(db, 'SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as OrderRow | undefined;
}

export function orderNoOf(db: Db, id: number): string | undefined {
  return plucked(db, 'SELECT order_no FROM orders WHERE id = ?').get(id) as string | undefined;
}

/** SQL condition for a status filter, with the 30-minute close derived as effectiveStatus does. */
function statusCondition(status: OrderStatus): string {
  const open = `create_time > @now - ${PAYMENT_WINDOW_MS}`;
  if (status === 'waitPay') return `(status = 'waitPay' AND ${open})`;
  if (status === 'paymentClosed') return `(status = 'paymentClosed' OR (status = 'waitPay' AND NOT ${open}))`;
  return 'status = @status';
}

/**
 * The days (package and coupon extra) of the user's unpaid renewals of this phone that can still be paid: each may
 * still add its days, so a new renewal's ceiling counts them.
 */
export function unpaidRenewalDays(db: Db, userId: number, phoneId: number, now: number): number {
  return plucked(
    db,
    `SELECT COALESCE(SUM(days + extra_days), 0) FROM orders
     WHERE user_id = @userId AND type = 'renew' AND ${statusCondition('waitPay')}
       AND EXISTS (SELECT 1 FROM json_each(orders.phone_ids) WHERE value = @phoneId)`,
  ).get({ userId, phoneId, now }) as number;
}

/** One page of the user's orders, newest first, optionally of one status (as the clock sees it). */
export function listOrders(db: Db, userId: number, status: OrderStatus | null, now: number, limit: number, offset: number): { rows: OrderRow[]; total: number } {
  const where = ['user_id = @userId', ...(status ? [statusCondition(status)] : [])].join(' AND ');
  const params = { userId, status: status ?? '', now };
  const total = plucked(db, `SELECT COUNT(*) FROM orders WHERE ${where}`).get(params) as number;
  const rows = statement(db, `SELECT * FROM orders WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT @limit OFFSET @offset`).all({
    ...params,
    limit,
    offset,
  }) as OrderRow[];
  return { rows, total };
}

/** Moves a waitPay order to `status`; false when it was no longer waitPay. */
export function setStatusFromWaitPay(db: Db, id: number, status: OrderStatus): boolean {
  return statement(db, "UPDATE orders SET status = ? WHERE id = ? AND status = 'waitPay'").run(status, id).changes === 1;
}

/** Records the payment of a waitPay order; false when it was no longer waitPay. */
export function markOrderPaid(db: Db, id: number, status: OrderStatus, payMethod: OrderPayMethod, phoneIds: number[], now: number): boolean {
  return (
    statement(db, "UPDATE orders SET status = ?, pay_time = ?, pay_method = ?, phone_ids = ? WHERE id = ? AND status = 'waitPay'").run(
      status,
      now,
      payMethod,
      JSON.stringify(phoneIds),
      id,
    ).changes === 1
  );
}
