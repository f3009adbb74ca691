/** Buying, renewing, upgrading and paying (server/API.md "Commerce"). Money in cents. */
import { http } from '../core/http.ts';
import type { OrderType, PayMethod } from './order-types.ts';

export interface Package {
  packageId: number;
  name: string;
  days: number;
  price: number;
  originalPrice: number;
}

export interface Goods {
  gradeId: number;
  gradeName: string;
  dailyPrice: number;
  stock: number;
  packages: Package[];
}


export interface OrderRequest {
  type: OrderType;
  packageId?: number;
  quantity?: number;
  userPhoneIds?: number[];
  targetGradeId?: number;
  couponId?: number;
  allocateLater?: boolean;
}

export interface CouponOption {
  couponId: number;
  usable: boolean;
  reason: '' | 'minAmount' | 'notYetValid' | 'expired' | 'orderType';
  discountAmount: number;
}

export interface Preview {
  originalAmount: number;
  discountAmount: number;
  payAmount: number;
  extraDays: number;
  lines: Array<{ userPhoneId?: number; gradeId: number; days: number; amount: number; newExpireTime?: number }>;
  coupons: CouponOption[];
}

export interface CreatedOrder {
  orderId: number;
  orderNo: string;
  payAmount: number;
  status: string;
}

export type PaymentStatus = 'waiting' | 'success' | 'refunded' | 'closed' | 'failed';

export const listGoods = () => http.get<Goods[]>('/api/product/goods/list');
/** Previews repeat as the user changes choices; a newer one simply replaces an older one. */
export const previewOrder = (request: OrderRequest) =>
  http.post<Preview>('/api/trade/order/preview', request, { allowDuplicate: true });
export const createOrder = (request: OrderRequest) => http.post<CreatedOrder>('/api/trade/order/create', request);
/** returnUrl: where a wallet page sends the user back (a same-origin /app/ address). */
export const submitPayment = (orderId: number, method: PayMethod, idempotencyKey: string, returnUrl: string) =>
  http.post<{ paymentId: string; status: PaymentStatus; walletUrl?: string }>('/api/pay/order/submit', { orderId, method, idempotencyKey, returnUrl });
export const paymentStatus = (orderId: number) =>
  http.get<{ orderId: number; orderStatus: string; paymentStatus: PaymentStatus }>('/api/pay/order/get', { orderId }, { allowDuplicate: true });
