/**
 * What the shop pages read, as queries of the client store (core/store/): the goods with their prices, the user's
 * coupons of one state, the orders and code records page by page, and the order being paid.
 * Each page forgets its answers when it closes (`forget*`): prices, stock, coupons and orders change between visits
 * (a code redeemed, an order paid), so a page never starts from another visit's answer. Logout drops everything
 * (the store does).
 */
import { computed, signal } from '@preact/signals-react';
import { fetchQuery, queryState, removeQueries, type QueryKey } from '../core/store/query-store.ts';
import { createOrder, listGoods, submitPayment, type Goods, type OrderRequest } from './api.ts';
import type { PayMethod } from './order-types.ts';
import { listCodeRecords, type CodeRecord } from './codes-api.ts';
import { cancelOrder, getOrder, listCoupons, listOrders, type Coupon, type Order } from './orders-api.ts';
import type { CouponStatus, OrderStatus } from './order-types.ts';
import { createPagedList } from '../core/store/paged-list.ts';
import { track } from '../core/track.ts';

const GOODS_KEY = ['shop', 'goods'];
const goodsState = queryState<Goods[]>(GOODS_KEY);
/** Levels with their duration packages and prices; empty until loaded (and after a failure). */
export const goods = computed(() => (goodsState.value.error ? [] : (goodsState.value.data ?? [])));
export const goodsError = computed(() => goodsState.value.error);

/** Reads the goods; resolves with them, or with an empty list when the call failed (the error is in goodsError). */
export function loadGoods(): Promise<Goods[]> {
  return fetchQuery(GOODS_KEY, listGoods).catch(() => []);
}

export function forgetGoods(): void {
  removeQueries(GOODS_KEY);
}

/** The coupon state the coupon pages show now. */
const couponKey = signal<QueryKey | null>(null);
const couponState = computed(() => (couponKey.value ? queryState<Coupon[]>(couponKey.value).value : null));
/** The user's coupons in one state (unused ones for checkout); null while they load. */
export const coupons = computed(() => couponState.value?.data ?? null);
export const couponsError = computed(() => couponState.value?.error ?? null);

export async function loadCoupons(status: CouponStatus): Promise<void> {
  const key = ['shop', 'coupons', status];
  // Another state's answer must not show meanwhile, nor this state's from an earlier visit.
  removeQueries(key);
  couponKey.value = key;
  await fetchQuery(key, () => listCoupons(status)).catch(() => {});
}

export function forgetCoupons(): void {
  couponKey.value = null;
  removeQueries(['shop', 'coupons']);
}

export type OrderTab = 'all' | OrderStatus;

/** The orders of one tab, newest first. */
export const orders = createPagedList<Order, OrderTab>(['shop', 'orders'], (tab, pageNo, pageSize) =>
  listOrders({ status: tab === 'all' ? undefined : tab, pageNo, pageSize }),
);

/** Places an order; the orders and coupons read before it no longer hold (a coupon was taken). */
export async function createOrderNow(request: OrderRequest) {
  const order = await createOrder(request);
  track('buy', { type: request.type });
  removeQueries(['shop', 'orders']);
  removeQueries(['shop', 'coupons']);
  return order;
}

/** Starts paying an order; the orders read before it no longer hold. */
export async function payOrder(orderId: number, method: PayMethod, idempotencyKey: string, returnUrl: string) {
  const reply = await submitPayment(orderId, method, idempotencyKey, returnUrl);
  track('pay', { method });
  removeQueries(['shop', 'orders']);
  return reply;
}

/**
 * Cancels an unpaid order; the orders are read again whatever the answer, since a refusal usually means the
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
export const codeRecords = createPagedList<CodeRecord, null>(['shop', 'code-records'], (_key, pageNo, pageSize) => listCodeRecords(pageNo, pageSize));

const payingKey = signal<QueryKey | null>(null);
const payingState = computed(() => (payingKey.value ? queryState<Order>(payingKey.value).value : null));
/** The order on the payment page, once it is known to be unpaid. */
export const payingOrder = computed(() => {
  const order = payingState.value?.data;
  return order && order.status === 'waitPay' ? order : null;
});
export const payingOrderError = computed(() => payingState.value?.error ?? null);

/**
 * Reads the order to pay; resolves with it (whatever its state), or null when the call failed or the page moved
 * on to another order meanwhile.
 */
export async function loadPayingOrder(orderId: number): Promise<Order | null> {
  const key = ['shop', 'order', orderId];
  removeQueries(key);
  payingKey.value = key;
  const found = await fetchQuery(key, () => getOrder(orderId)).catch(() => null);
  return payingKey.value === key ? found : null;
}

export function forgetPayingOrder(): void {
  payingKey.value = null;
  removeQueries(['shop', 'order']);
}
