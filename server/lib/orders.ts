import { randomInt } from 'node:crypto';
import { ErrorCode } from '../../shared/error-codes.ts';
import type * as contract from '../../shared/contract/shop.ts';
import type { getOrder } from '../../shared/contract/shop-orders.ts';
import type { InputOf, ReplyInput } from '../../shared/contract/endpoint.ts';
import { PAYMENT_WINDOW_MS } from '../../shared/contract/shop-words.ts';
import type { OrderType } from '../../shared/contract/shop-words.ts';
import { couponsForOrder } from '../data/coupons.ts';
import { findOrderOfUser, insertOrder, unpaidRenewalDays } from '../data/orders.ts';
import type { OrderRow } from '../data/orders.ts';
import { phoneIsAuthorized } from '../data/phone-exclusions.ts';
import { gradeName } from '../data/products.ts';
import { loadCatalog, packageName, requireGrade, requirePackage } from './catalog.ts';
import { toPricedCoupon } from './coupons.ts';
import { apiError } from './errors.ts';
import { effectiveStatus } from './order-state.ts';
import { loadOwnedPhones } from './phones.ts';
import { quote } from './pricing.ts';
import type { Line, OrderPlan, Quote } from './pricing.ts';
import type { Db, Language, UserRow } from './types.ts';
import { mapInOrder } from './in-order.ts';

// Orders (API.md "Orders"): the request both preview and create take, the quote they share, and the stored order.

export interface OrderRequest {
  type: OrderType;
  packageId: number | null;
  quantity: number;
  userPhoneIds: number[];
  targetGradeId: number | null;
  couponId: number | null;
  allocateLater: boolean;
}

/** The body of preview and create, once it passed its schema (shared/contract/shop.ts: one shape per order type). */
export type OrderBody = InputOf<typeof contract.previewOrder>['body'];

/** One form for every type: the fields a type does not take are empty, and a renewal's or upgrade's phones count. */
export function orderRequestOf(body: OrderBody): OrderRequest {
  const { couponId } = body;
  switch (body.type) {
    case 'buy':
      return { type: 'buy', packageId: body.packageId, quantity: body.quantity, userPhoneIds: [], targetGradeId: null, couponId, allocateLater: body.allocateLater === true };
    case 'renew':
      return { type: 'renew', packageId: body.packageId, quantity: body.userPhoneIds.length, userPhoneIds: body.userPhoneIds, targetGradeId: null, couponId, allocateLater: false };
    case 'upgrade':
      return { type: 'upgrade', packageId: null, quantity: body.userPhoneIds.length, userPhoneIds: body.userPhoneIds, targetGradeId: body.targetGradeId, couponId, allocateLater: false };
  }
}

/** Loads what the request names (ownership, grades, stock) into a plan the pure pricing can work on. */
async function buildPlan(db: Db, user: UserRow, request: OrderRequest, now: number): Promise<OrderPlan> {
  const catalog = await loadCatalog(db, user.tenant_id, 'zh-CN');
  if (request.type === 'buy') {
    const { grade, pkg } = requirePackage(catalog, request.packageId);
    if (grade.stock < request.quantity && !request.allocateLater) throw apiError(ErrorCode.STOCK_INSUFFICIENT);
    return { type: 'buy', pkg, quantity: request.quantity };
  }
  const phones = await loadOwnedPhones(db, user, request.userPhoneIds);
  if (request.type === 'renew') {
    const { pkg } = requirePackage(catalog, request.packageId);
    // A package renews phones of its own grade only: a cheaper grade's package must not extend a better phone.
    const other = phones.find((phone) => phone.grade_id !== pkg.gradeId);
    if (other) throw apiError(ErrorCode.PACKAGE_NOT_EXIST, { userPhoneId: other.id });
    return {
      type: 'renew',
      pkg,
      phones: (await mapInOrder(phones, async (p) => ({ id: p.id, gradeId: p.grade_id, expireTime: p.expire_time, unpaidDays: await unpaidRenewalDays(db, user.id, p.id, now) }))),
    };
  }
  const target = requireGrade(catalog, request.targetGradeId);
  // Spec §6: an authorised phone (a live grant, or a grant code not yet redeemed) cannot be upgraded.
  for (const phone of phones) {
    if (await phoneIsAuthorized(db, phone.id, now)) throw apiError(ErrorCode.UPGRADE_AUTHORIZED, { userPhoneId: phone.id });
  }
  return {
    type: 'upgrade',
    target,
    phones: phones.map((p) => ({ phone: { id: p.id, gradeId: p.grade_id, expireTime: p.expire_time }, grade: requireGrade(catalog, p.grade_id) })),
  };
}

export interface PricedOrder {
  plan: OrderPlan;
  quote: Quote;
}

/** THE price of an order: preview answers it, create stores it. */
export async function quoteOrder(db: Db, user: UserRow, request: OrderRequest, now: number): Promise<PricedOrder> {
  const plan = await buildPlan(db, user, request, now);
  const coupons = (await couponsForOrder(db, user.id, now)).map(toPricedCoupon);
  return { plan, quote: quote(plan, coupons, request.couponId, now) };
}

/** Date and time in UTC+8 (the product's zone) and 6 random digits: sortable by eye, not enumerable. */
export function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Stores the waitPay order of a quote; call inside the create transaction. */
export async function placeOrder(db: Db, user: UserRow, request: OrderRequest, priced: PricedOrder, language: Language, now: number): Promise<OrderRow> {
  const { plan, quote: q } = priced;
  return await insertOrder(
    db,
    {
      tenantId: user.tenant_id,
      userId: user.id,
      type: plan.type,
      gradeId: plan.type === 'upgrade' ? plan.target.id : plan.pkg.gradeId,
      packageId: plan.type === 'upgrade' ? null : plan.pkg.id,
      // An upgrade's lines may differ in days; the order shows the longest.
      days: plan.type === 'upgrade' ? Math.max(...q.lines.map((line) => line.days)) : plan.pkg.days,
      extraDays: q.extraDays,
      quantity: request.quantity,
      phoneIds: request.type === 'buy' ? [] : request.userPhoneIds,
      lines: q.lines,
      originalAmount: q.originalAmount,
      discountAmount: q.discountAmount,
      payAmount: q.payAmount,
      couponId: q.couponId,
      allocateLater: request.allocateLater,
      language,
      createTime: now,
    },
    () => newOrderNo(now),
  );
}

/** The caller's order, or ORDER_NOT_EXIST (another user's order looks exactly like a missing one). */
export async function loadOwnedOrder(db: Db, user: UserRow, id: number | null): Promise<OrderRow> {
  const row = id === null ? undefined : await findOrderOfUser(db, id, user.id);
  if (!row) throw apiError(ErrorCode.ORDER_NOT_EXIST);
  return row;
}

export async function orderJson(db: Db, row: OrderRow, language: Language, now: number): Promise<ReplyInput<typeof getOrder>> {
  const ids = JSON.parse(row.phone_ids) as number[];
  return {
    orderId: row.id,
    orderNo: row.order_no,
    type: row.type,
    status: effectiveStatus(row, now),
    gradeId: row.grade_id,
    gradeName: await gradeName(db, row.tenant_id, row.grade_id, language),
    packageName: row.package_id === null ? '' : packageName(row.days, language),
    days: row.days,
    extraDays: row.extra_days,
    quantity: row.quantity,
    phoneCount: ids.length,
    userPhoneIds: ids,
    originalAmount: row.original_amount,
    discountAmount: row.discount_amount,
    payAmount: row.pay_amount,
    couponId: row.coupon_id,
    createTime: row.create_time,
    // When an unpaid order closes, for the client's countdown.
    closeTime: row.create_time + PAYMENT_WINDOW_MS,
    payTime: row.pay_time,
    payMethod: row.pay_method,
    remark: row.remark,
    lines: JSON.parse(row.lines) as Line[],
  };
}
