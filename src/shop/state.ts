/**
 * What the shop pages read: the goods with their prices, the user's coupons of one state, the orders and
 * code records page by page, and the order being paid, with the actions that load and change them.
 * Each page loads its data when it opens and forgets it when it closes (`forget*`): prices, stock,
 * coupons and orders change between visits (a code redeemed, an order paid), so a page never starts
 * from another visit's answer. Logout forgets everything.
 */
import { signal } from '@preact/signals-react';
import { onSessionCleared } from '../account/session.ts';
import { listGoods, type Goods } from './api.ts';
import { listCodeRecords, type CodeRecord } from './codes-api.ts';
import { cancelOrder, getOrder, listCoupons, listOrders, type Coupon, type Order } from './orders-api.ts';
import type { CouponStatus, OrderStatus } from './order-types.ts';
import { createPagedList } from './paged-list.ts';

/** Levels with their duration packages and prices; empty until loaded (and after a failure). */
export const goods = signal<Goods[]>([]);
export const goodsError = signal<unknown>(null);
let goodsSeq = 0;

/** Reads the goods; resolves with them, or with an empty list when the call failed (the error is in goodsError). */
export async function loadGoods(): Promise<Goods[]> {
  const mine = ++goodsSeq;
  try {
    const list = await listGoods();
    if (mine === goodsSeq) {
      goods.value = list;
      goodsError.value = null;
    }
    return list;
  } catch (error) {
    if (mine === goodsSeq) {
      goods.value = [];
      goodsError.value = error;
    }
    return [];
  }
}

export function forgetGoods(): void {
  goodsSeq++;
  goods.value = [];
  goodsError.value = null;
}

/** The user's coupons in one state (unused ones for checkout); null while they load. */
export const coupons = signal<Coupon[] | null>(null);
export const couponsError = signal<unknown>(null);
let couponsSeq = 0;

export async function loadCoupons(status: CouponStatus): Promise<void> {
  const mine = ++couponsSeq;
  coupons.value = null;
  couponsError.value = null;
  try {
    const list = await listCoupons(status);
    if (mine === couponsSeq) coupons.value = list;
  } catch (error) {
    if (mine === couponsSeq) couponsError.value = error;
  }
}

export function forgetCoupons(): void {
  couponsSeq++;
  coupons.value = null;
  couponsError.value = null;
}

export type OrderTab = 'all' | OrderStatus;

/** The orders of one tab, newest first. */
export const orders = createPagedList<Order, OrderTab>((tab, pageNo, pageSize) =>
  listOrders({ status: tab === 'all' ? undefined : tab, pageNo, pageSize }),
);

/**
 * Cancels an unpaid order; the list is read again whatever the answer, since a refusal usually means the
 * order was paid, closed or cancelled elsewhere and the list should show its real state.
 */
export async function cancelUnpaidOrder(orderId: number): Promise<void> {
  try {
    await cancelOrder(orderId);
  } finally {
    void orders.reload();
  }
}

/** The activation codes the user has used, newest first. */
export const codeRecords = createPagedList<CodeRecord, null>((_key, pageNo, pageSize) => listCodeRecords(pageNo, pageSize));

/** The order on the payment page, once it is known to be unpaid. */
export const payingOrder = signal<Order | null>(null);
export const payingOrderError = signal<unknown>(null);
let payingSeq = 0;

/**
 * Reads the order to pay and keeps it when it is still unpaid; resolves with it (whatever its state), or
 * null when the call failed or a newer one replaced it.
 */
export async function loadPayingOrder(orderId: number): Promise<Order | null> {
  const mine = ++payingSeq;
  payingOrder.value = null;
  payingOrderError.value = null;
  try {
    const found = await getOrder(orderId);
    if (mine !== payingSeq) return null;
    if (found.status === 'waitPay') payingOrder.value = found;
    return found;
  } catch (error) {
    if (mine === payingSeq) payingOrderError.value = error;
    return null;
  }
}

export function forgetPayingOrder(): void {
  payingSeq++;
  payingOrder.value = null;
  payingOrderError.value = null;
}

/** The session ended: nothing of the previous account may show to the next one. */
function resetShopState(): void {
  forgetGoods();
  forgetCoupons();
  orders.forget();
  codeRecords.forget();
  forgetPayingOrder();
}

onSessionCleared(resetShopState);
