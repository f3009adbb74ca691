/**
 * Buying, renewing, upgrading and paying (server/API.md "Commerce"). Money in cents. Inputs and replies take their
 * types from the contract (shared/contract/shop.ts).
 */
import type * as C from '../../shared/contract/shop.ts';
import type { ReplyOf, RequestOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';
import type { PayMethod } from './order-types.ts';

export type Goods = ReplyOf<typeof C.listGoods>[number];
export type Package = Goods['packages'][number];
/** One shape per order type (buy, renew, upgrade). */
export type OrderRequest = RequestOf<typeof C.previewOrder>['body'];
export type Preview = ReplyOf<typeof C.previewOrder>;
export type CouponOption = Preview['coupons'][number];
export type CreatedOrder = ReplyOf<typeof C.createOrder>;
export type { PaymentStatus } from './order-types.ts';

export const listGoods = () => api('GET /api/product/goods/list');
/** Previews repeat as the user changes choices; a newer one simply replaces an older one. */
export const previewOrder = (request: OrderRequest) => api('POST /api/trade/order/preview', { body: request }, { allowDuplicate: true });
export const createOrder = (request: OrderRequest) => api('POST /api/trade/order/create', { body: request });
/** returnUrl: where a wallet page sends the user back (a same-origin /app/ address). */
export const submitPayment = (orderId: number, method: PayMethod, idempotencyKey: string, returnUrl: string) =>
  api('POST /api/pay/order/submit', { body: { orderId, method, idempotencyKey, returnUrl } });
export const paymentStatus = (orderId: number) => api('GET /api/pay/order/get', { query: { orderId } }, { allowDuplicate: true });
