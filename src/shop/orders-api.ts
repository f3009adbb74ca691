/**
 * Orders and coupons as the user sees them afterwards (server/API.md "Commerce": Orders, Coupons). Money in cents.
 * Inputs and replies take their types from the contract (shared/contract/shop-orders.ts).
 */
import type * as C from '../../shared/contract/shop-orders.ts';
import type { ReplyOf, RequestOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';
import type { CouponStatus } from './order-types.ts';

export type Order = ReplyOf<typeof C.getOrder>;
/** One phone of an order, priced as the preview showed it. */
export type OrderLine = Order['lines'][number];
export type OrderQuery = RequestOf<typeof C.listOrders>['query'];
export type OrderPage = ReplyOf<typeof C.listOrders>;
export type Coupon = ReplyOf<typeof C.listCoupons>[number];

const ORDER = '/api/trade/order';

export const listOrders = (query: OrderQuery) => api(`GET ${ORDER}/page`, { query }, { allowDuplicate: true });
export const getOrder = (id: number) => api(`GET ${ORDER}/get`, { query: { id } }, { allowDuplicate: true });
export const cancelOrder = (id: number) => api(`PUT ${ORDER}/cancel`, { query: { id } });
export const listCoupons = (status: CouponStatus) => api('GET /api/promotion/coupon/list', { query: { status } }, { allowDuplicate: true });
