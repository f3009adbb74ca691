import type { TransferItemStatus } from '../../shared/contract/transfer-words.ts';
import type { Db } from '../lib/types.ts';
import { insertWithFreshNumber } from './statements.ts';

// Transfers of phones between accounts of one tenant (migration 012: transfer_orders, transfer_items). A transfer
// counts for the limits once it succeeded: its item's finished_at is when the phone changed hands.

/** Phones the user gave away successfully since `since` (ms). */
export async function userTransfersSince(db: Db, userId: number, since: number): Promise<number> {
  return await db.value(`SELECT COUNT(*) FROM transfer_items i JOIN transfer_orders o ON o.id = i.order_id
     WHERE o.from_user_id = ? AND i.status = 'success' AND i.finished_at >= ?`, userId, since) as number;
}

/** Times the phone changed hands since `since` (ms), whoever gave it. */
export async function phoneTransfersSince(db: Db, phoneId: number, since: number): Promise<number> {
  return await db.value("SELECT COUNT(*) FROM transfer_items WHERE phone_id = ? AND status = 'success' AND finished_at >= ?", phoneId, since) as number;
}

/** When the phone last changed hands, or null. */
export async function lastPhoneTransfer(db: Db, phoneId: number): Promise<number | null> {
  return (await db.value("SELECT MAX(finished_at) FROM transfer_items WHERE phone_id = ? AND status = 'success'", phoneId) as number | null) ?? null;
}

export interface NewTransferOrder {
  tenantId: number;
  fromUserId: number;
  toUserId: number;
  createdAt: number;
}

/** Inserts an order; `orderNo` draws its number (again on a collision). Returns its id. */
export async function insertTransferOrder(db: Db, order: NewTransferOrder, orderNo: () => string): Promise<number> {
  return await insertWithFreshNumber(db, 'transfer_orders.order_no', async (db) =>
    Number((await db.run('INSERT INTO transfer_orders (order_no, tenant_id, from_user_id, to_user_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id', orderNo(), order.tenantId, order.fromUserId, order.toUserId, order.createdAt)).lastId),
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

export async function insertTransferItem(db: Db, item: NewTransferItem): Promise<void> {
  await db.run('INSERT INTO transfer_items (order_id, phone_id, phone_no, status, reason_code, finished_at) VALUES (?, ?, ?, ?, ?, ?)', item.orderId,
    item.phoneId,
    item.phoneNo,
    item.status,
    item.reasonCode,
    item.finishedAt,
  );
}

/** The phone changes hands: its new owner, in the new owner's group; its expiry and everything else stay. */
export async function movePhoneToUser(db: Db, phoneId: number, userId: number, groupId: number): Promise<void> {
  await db.run('UPDATE phones SET user_id = ?, group_id = ? WHERE id = ?', userId, groupId, phoneId);
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

export async function listTransferOrders(
  db: Db,
  filter: { userId: number; tenantId: number; sent: boolean; received: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: TransferOrderRow[]; total: number }> {
  const params = { userId: filter.userId, tenantId: filter.tenantId, sent: filter.sent ? 1 : 0, received: filter.received ? 1 : 0 };
  const total = await db.value(`SELECT COUNT(*) ${ORDERS_OF_USER}`, params) as number;
  const rows = await db.all(`SELECT o.id, o.order_no, o.from_user_id, o.to_user_id, o.created_at,
            f.user_no AS from_user_no, f.mobile AS from_mobile, t.user_no AS to_user_no, t.mobile AS to_mobile
     ${ORDERS_OF_USER.replace('FROM transfer_orders o', 'FROM transfer_orders o JOIN users f ON f.id = o.from_user_id JOIN users t ON t.id = o.to_user_id')}
     ORDER BY o.id DESC LIMIT @limit OFFSET @offset`, { ...params, limit, offset }) as TransferOrderRow[];
  return { rows, total };
}

/** The items of these orders, in the order they were recorded. */
export async function itemsOfOrders(db: Db, orderIds: number[]): Promise<TransferItemRow[]> {
  return await db.all(`SELECT order_id, phone_id, phone_no, status, reason_code, finished_at FROM transfer_items WHERE ${db.dialect.inList('order_id')} ORDER BY id`, orderIds) as TransferItemRow[];
}
