import type { TransferItemStatus } from '../../shared/contract/transfer-words.ts';
import type { Db } from '../lib/types.ts';
import { insertWithFreshNumber, plucked, statement } from './statements.ts';

// Transfers of phones between accounts of one tenant (migration 012: transfer_orders, transfer_items). A transfer
// counts for the limits once it succeeded: its item's finished_at is when the phone changed hands.

/** Phones the user gave away successfully since `since` (ms). */
export function userTransfersSince(db: Db, userId: number, since: number): number {
  return plucked(
    db,
    `SELECT COUNT(*) FROM transfer_items i JOIN transfer_orders o ON o.id = i.order_id
     WHERE o.from_user_id = ? AND i.status = 'success' AND i.finished_at >= ?`,
  ).get(userId, since) as number;
}

/** Times the phone changed hands since `since` (ms), whoever gave it. */
export function phoneTransfersSince(db: Db, phoneId: number, since: number): number {
  return plucked(db, "SELECT COUNT(*) FROM transfer_items WHERE phone_id = ? AND status = 'success' AND finished_at >= ?").get(phoneId, since) as number;
}

/** When the phone last changed hands, or null. */
export function lastPhoneTransfer(db: Db, phoneId: number): number | null {
  return (plucked(db, "SELECT MAX(finished_at) FROM transfer_items WHERE phone_id = ? AND status = 'success'").get(phoneId) as number | null) ?? null;
}

export interface NewTransferOrder {
  tenantId: number;
  fromUserId: number;
  toUserId: number;
  createdAt: number;
}

/** Inserts an order; `orderNo` draws its number (again on a collision). Returns its id. */
export function insertTransferOrder(db: Db, order: NewTransferOrder, orderNo: () => string): number {
  const insert = statement(db, 'INSERT INTO transfer_orders (order_no, tenant_id, from_user_id, to_user_id, created_at) VALUES (?, ?, ?, ?, ?)');
  return insertWithFreshNumber('transfer_orders.order_no', () =>
    Number(insert.run(orderNo(), order.tenantId, order.fromUserId, order.toUserId, order.createdAt).lastInsertRowid),
  );
}

export interface NewTransferItem {
  orderId: number;
  phoneId: number;
  phoneNo: string;
  status: TransferItemStatus;
  reasonCode: number | null;
  finishedAt: number | null;
}

export function insertTransferItem(db: Db, item: NewTransferItem): void {
  statement(db, 'INSERT INTO transfer_items (order_id, phone_id, phone_no, status, reason_code, finished_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    item.orderId,
    item.phoneId,
    item.phoneNo,
    item.status,
    item.reasonCode,
    item.finishedAt,
  );
}

/** The phone changes hands: its new owner, in the new owner's group; its expiry and everything else stay. */
export function movePhoneToUser(db: Db, phoneId: number, userId: number, groupId: number): void {
  statement(db, 'UPDATE phones SET user_id = ?, group_id = ? WHERE id = ?').run(userId, groupId, phoneId);
}

export interface TransferOrderRow {
  id: number;
  order_no: string;
  from_user_id: number;
  to_user_id: number;
  created_at: number;
  from_user_no: string;
  from_mobile: string | null;
  to_user_no: string;
  to_mobile: string | null;
}

export interface TransferItemRow {
  order_id: number;
  phone_id: number;
  phone_no: string;
  status: TransferItemStatus;
  reason_code: number | null;
  finished_at: number | null;
}

/**
 * The orders the user sent, and those that brought the user a phone (an order whose phones were all refused is the
 * sender's business only), newest first, with both accounts.
 */
const ORDERS_OF_USER = `
  FROM transfer_orders o
  WHERE o.tenant_id = @tenantId AND (
    (@sent AND o.from_user_id = @userId) OR
    (@received AND o.to_user_id = @userId AND EXISTS (SELECT 1 FROM transfer_items i WHERE i.order_id = o.id AND i.status <> 'failed'))
  )`;

export function listTransferOrders(
  db: Db,
  filter: { userId: number; tenantId: number; sent: boolean; received: boolean },
  limit: number,
  offset: number,
): { rows: TransferOrderRow[]; total: number } {
  const params = { userId: filter.userId, tenantId: filter.tenantId, sent: filter.sent ? 1 : 0, received: filter.received ? 1 : 0 };
  const total = plucked(db, `SELECT COUNT(*) ${ORDERS_OF_USER}`).get(params) as number;
  const rows = statement(
    db,
    `SELECT o.id, o.order_no, o.from_user_id, o.to_user_id, o.created_at,
            f.user_no AS from_user_no, f.mobile AS from_mobile, t.user_no AS to_user_no, t.mobile AS to_mobile
     ${ORDERS_OF_USER.replace('FROM transfer_orders o', 'FROM transfer_orders o JOIN users f ON f.id = o.from_user_id JOIN users t ON t.id = o.to_user_id')}
     ORDER BY o.id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit, offset }) as TransferOrderRow[];
  return { rows, total };
}

/** The items of these orders, in the order they were recorded. */
export function itemsOfOrders(db: Db, orderIds: number[]): TransferItemRow[] {
  return statement(
    db,
    'SELECT order_id, phone_id, phone_no, status, reason_code, finished_at FROM transfer_items WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(JSON.stringify(orderIds)) as TransferItemRow[];
}
