/** Orders and coupons as the user sees them afterwards (server/API.md "Commerce": Orders, Coupons). Money in cents. */
import { http } from '../core/http.ts';
import type { CouponStatus, CouponType, OrderStatus, OrderType } from './order-types.ts';

export interface Order {
  orderId: number;
  orderNo: string;
  type: OrderType;
  status: OrderStatus;
  gradeId: number;
  gradeName: string;
  packageName: string;
  /** buy/renew: the package days; upgrade: its longest line. */
  days: number;
  /** Days an extension coupon adds to each phone. */
  extraDays?: number;
  /** Phones bought, renewed or upgraded. */
  quantity: number;
  /** Phones attached to the order: a buy has 0 until they are allocated. */
  phoneCount: number;
  userPhoneIds: number[];
  originalAmount: number;
  discountAmount: number;
  payAmount: number;
  couponId: number | null;
  createTime: number;
  /** An unpaid order closes at this time (createTime + 30 minutes). */
  closeTime?: number;
  payTime: number | null;
  payMethod: string | null;
  remark: string;
}

export interface OrderQuery {
  status?: OrderStatus;
  pageNo: number;
  pageSize: number;
}

export interface OrderPage {
  list: Order[];
  total: number;
}

export interface Coupon {
  couponId: number;
  name: string;
  type: CouponType;
  /** cash: cents off; discount: percent paid (85 pays 85%); extension: extra days per phone. */
  value: number;
  minAmount: number;
  /** Cap of a discount coupon, in cents; 0 when none. */
  maxDiscount: number;
  validFrom: number;
  validUntil: number;
  status: CouponStatus;
  /** Spec §4 "in use": held by an unpaid order (listed under unused). */
  inUse?: boolean;
  orderTypes: OrderType[];
}

const ORDER = '/api/trade/order';

export const listOrders = (query: OrderQuery) => http.get<OrderPage>(`${ORDER}/page`, { ...query }, { allowDuplicate: true });
export const getOrder = (id: number) => http.get<Order>(`${ORDER}/get`, { id }, { allowDuplicate: true });
export const cancelOrder = (id: number) => http.put<unknown>(`${ORDER}/cancel`, undefined, { params: { id } });
export const listCoupons = (status: CouponStatus) => http.get<Coupon[]>('/api/promotion/coupon/list', { status }, { allowDuplicate: true });
