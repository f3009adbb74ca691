import type { OrderPayMethod, OrderStatus, OrderType } from '../../shared/contract/shop-words.ts';
import { PAYMENT_WINDOW_MS } from '../../shared/contract/shop-words.ts';
import type { Db, Language } from '../lib/types.ts';
import { insertWithFreshNumber } from './statements.ts';

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
export async function insertOrder(db: Db, order: NewOrder, orderNo: () => string): Promise<OrderRow> {
  const id = await insertWithFreshNumber(db, 'orders.order_no', async (db) =>
    Number(
      (await db.run(`INSERT INTO orders (tenant_id, user_id, order_no, type, status, grade_id, package_id, days, extra_days, quantity, phone_ids, lines,
       original_amount, discount_amount, pay_amount, coupon_id, allocate_later, language, create_time)
     VALUES (?, ?, ?, ?, 'waitPay', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, 
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
      )).lastId,
    ),
  );
  return (await findOrder(db, id))!;
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return await db.get('SELECT * FROM orders WHERE id = ?', id) as OrderRow | undefined;
}

export async function findOrderOfUser(db: Db, id: number, userId: number): Promise<OrderRow | undefined> {
  return await db.get('SELECT * FROM orders WHERE id = ? AND user_id = ?', id, userId) as OrderRow | undefined;
}

export async function orderNoOf(db: Db, id: number): Promise<string | undefined> {
  return await db.value('SELECT order_no FROM orders WHERE id = ?', id) as string | undefined;
}

/** SQL condition for a status filter, with the 30-minute close derived as effectiveStatus does. */
function statusCondition(status: OrderStatus): string {
  const open = `create_time > CAST(@now AS BIGINT) - ${PAYMENT_WINDOW_MS}`;
  if (status === 'waitPay') return `(status = 'waitPay' AND ${open})`;
  if (status === 'paymentClosed') return `(status = 'paymentClosed' OR (status = 'waitPay' AND NOT ${open}))`;
  return 'status = @status';
}

/**
 * The days (package and coupon extra) of the user's unpaid renewals of this phone that can still be paid: each may
 * still add its days, so a new renewal's ceiling counts them.
 */
export async function unpaidRenewalDays(db: Db, userId: number, phoneId: number, now: number): Promise<number> {
  return await db.value(`SELECT COALESCE(SUM(days + extra_days), 0) FROM orders
     WHERE user_id = @userId AND type = 'renew' AND ${statusCondition('waitPay')}
       AND ${db.dialect.jsonListHasNumber('orders.phone_ids', '@phoneId')}`, { userId, phoneId, now }) as number;
}

/** One page of the user's orders, newest first, optionally of one status (as the clock sees it). */
export async function listOrders(db: Db, userId: number, status: OrderStatus | null, now: number, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
  const where = ['user_id = @userId', ...(status ? [statusCondition(status)] : [])].join(' AND ');
  const params = { userId, status: status ?? '', now };
  const total = await db.value(`SELECT COUNT(*) FROM orders WHERE ${where}`, params) as number;
  const rows = await db.all(`SELECT * FROM orders WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT @limit OFFSET @offset`, {
    ...params,
    limit,
    offset,
  }) as OrderRow[];
  return { rows, total };
}

/** Moves a waitPay order to `status`; false when it was no longer waitPay. */
export async function setStatusFromWaitPay(db: Db, id: number, status: OrderStatus): Promise<boolean> {
  return (await db.run("UPDATE orders SET status = ? WHERE id = ? AND status = 'waitPay'", status, id)).changes === 1;
}

/** Records the payment of a waitPay order; false when it was no longer waitPay. */
export async function markOrderPaid(db: Db, id: number, status: OrderStatus, payMethod: OrderPayMethod, phoneIds: number[], now: number): Promise<boolean> {
  return (
    (await db.run("UPDATE orders SET status = ?, pay_time = ?, pay_method = ?, phone_ids = ? WHERE id = ? AND status = 'waitPay'", status,
      now,
      payMethod,
      JSON.stringify(phoneIds),
      id,
    )).changes === 1
  );
}
