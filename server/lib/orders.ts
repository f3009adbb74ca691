import { randomInt } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { gradeName, loadCatalog, packageName, requireGrade, requirePackage } from './catalog.ts';
import { commerceError } from './commerce-errors.ts';
import { loadCouponsForOrder, toPricedCoupon } from './coupons.ts';
import { badRequest } from './envelope.ts';
import { effectiveStatus, PAYMENT_WINDOW_MS } from './order-state.ts';
import type { OrderStatus } from './order-state.ts';
import { loadOwnedPhones } from './phones.ts';
import { MAX_ORDER_PHONES, ORDER_TYPES, quote } from './pricing.ts';
import type { Line, OrderPlan, OrderType, Quote } from './pricing.ts';
import { asPositiveInt, asString } from './request.ts';
import type { Body } from './request.ts';
import type { Db, Language, UserRow } from './types.ts';

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
  pay_method: string | null;
  remark: string;
}

/** 1-20 whole phones; anything else (a fraction, "2", a negative) is QUANTITY_INVALID rather than rounded. */
function requireCount(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ORDER_PHONES) throw commerceError(ErrorCode.QUANTITY_INVALID);
  return n;
}

function optionalId(value: unknown, name: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const id = asPositiveInt(value);
  if (id === null) throw badRequest(`${name} must be a positive integer`);
  return id;
}

/** Phone ids kept in the order given, repeats dropped (a phone is renewed or upgraded once per order). */
function phoneIds(value: unknown): number[] {
  if (!Array.isArray(value)) throw commerceError(ErrorCode.QUANTITY_INVALID);
  const ids: number[] = [];
  for (const item of value) {
    const id = asPositiveInt(item);
    if (id === null) throw badRequest('userPhoneIds must be positive integers');
    if (!ids.includes(id)) ids.push(id);
  }
  requireCount(ids.length);
  return ids;
}

export function parseOrderRequest(body: Body): OrderRequest {
  const type = asString(body.type) as OrderType;
  if (!ORDER_TYPES.includes(type)) throw badRequest(`type must be one of ${ORDER_TYPES.join(', ')}`);
  if (body.allocateLater !== undefined && typeof body.allocateLater !== 'boolean') throw badRequest('allocateLater must be true or false');
  const ids = type === 'buy' ? [] : phoneIds(body.userPhoneIds);
  return {
    type,
    packageId: type === 'upgrade' ? null : optionalId(body.packageId, 'packageId'),
    quantity: type === 'buy' ? requireCount(typeof body.quantity === 'number' ? body.quantity : Number.NaN) : ids.length,
    userPhoneIds: ids,
    targetGradeId: type === 'upgrade' ? optionalId(body.targetGradeId, 'targetGradeId') : null,
    couponId: optionalId(body.couponId, 'couponId'),
    allocateLater: type === 'buy' && body.allocateLater === true,
  };
}

/** Loads what the request names (ownership, grades, stock) into a plan the pure pricing can work on. */
function buildPlan(db: Db, user: UserRow, request: OrderRequest): OrderPlan {
  const catalog = loadCatalog(db, user.tenant_id, 'zh-CN');
  if (request.type === 'buy') {
    const { grade, pkg } = requirePackage(catalog, request.packageId);
    if (grade.stock < request.quantity && !request.allocateLater) throw commerceError(ErrorCode.STOCK_INSUFFICIENT);
    return { type: 'buy', pkg, quantity: request.quantity };
  }
  const phones = loadOwnedPhones(db, user, request.userPhoneIds);
  if (request.type === 'renew') {
    const { pkg } = requirePackage(catalog, request.packageId);
    // A package renews phones of its own grade only: a cheaper grade's package must not extend a better phone.
    const other = phones.find((phone) => phone.grade_id !== pkg.gradeId);
    if (other) throw commerceError(ErrorCode.PACKAGE_NOT_EXIST, { userPhoneId: other.id });
    return { type: 'renew', pkg, phones: phones.map((p) => ({ id: p.id, gradeId: p.grade_id, expireTime: p.expire_time })) };
  }
  const target = requireGrade(catalog, request.targetGradeId);
  return {
    type: 'upgrade',
    target,
    phones: phones.map((p) => ({ phone: { id: p.id, gradeId: p.grade_id, expireTime: p.expire_time }, grade: requireGrade(catalog, p.grade_id) })),
  };
}

/** THE price of an order: preview answers it, create stores it. */
export function quoteOrder(db: Db, user: UserRow, request: OrderRequest, now: number): { plan: OrderPlan; quote: Quote } {
  const plan = buildPlan(db, user, request);
  const coupons = loadCouponsForOrder(db, user.id, now).map(toPricedCoupon);
  return { plan, quote: quote(plan, coupons, request.couponId, now) };
}

/** Date and time in UTC+8 (the product's zone) and 6 random digits: sortable by eye, not enumerable. */
function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Inserts the waitPay order of a quote; call inside the create transaction. */
export function insertOrder(db: Db, user: UserRow, request: OrderRequest, priced: { plan: OrderPlan; quote: Quote }, language: Language, now: number): OrderRow {
  const { plan, quote: q } = priced;
  const gradeId = plan.type === 'upgrade' ? plan.target.id : plan.pkg.gradeId;
  // An upgrade's lines may differ in days; the order shows the longest.
  const days = plan.type === 'upgrade' ? Math.max(...q.lines.map((line) => line.days)) : plan.pkg.days;
  const insert = db.prepare(
    `INSERT INTO orders (tenant_id, user_id, order_no, type, status, grade_id, package_id, days, extra_days, quantity, phone_ids, lines,
       original_amount, discount_amount, pay_amount, coupon_id, allocate_later, language, create_time)
     VALUES (?, ?, ?, ?, 'waitPay', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let attempt = 0; ; attempt++) {
    try {
      const result = insert.run(
        user.tenant_id,
        user.id,
        newOrderNo(now),
        plan.type,
        gradeId,
        plan.type === 'upgrade' ? null : plan.pkg.id,
        days,
        q.extraDays,
        request.quantity,
        JSON.stringify(request.type === 'buy' ? [] : request.userPhoneIds),
        JSON.stringify(q.lines),
        q.originalAmount,
        q.discountAmount,
        q.payAmount,
        q.couponId,
        request.allocateLater ? 1 : 0,
        language,
        now,
      );
      return db.prepare('SELECT * FROM orders WHERE id = ?').get(result.lastInsertRowid) as OrderRow;
    } catch (error) {
      const collided = error instanceof Error && /UNIQUE constraint failed: orders\.order_no/.test(error.message);
      if (!collided || attempt >= 20) throw error;
    }
  }
}

/** The caller's order, or ORDER_NOT_EXIST (another user's order looks exactly like a missing one). */
export function loadOwnedOrder(db: Db, user: UserRow, id: number | null): OrderRow {
  const row = id === null ? undefined : (db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, user.id) as OrderRow | undefined);
  if (!row) throw commerceError(ErrorCode.ORDER_NOT_EXIST);
  return row;
}

/** SQL condition for a status filter, with the 30-minute close derived as effectiveStatus does. */
export function statusCondition(status: OrderStatus): string {
  const open = `create_time > @now - ${PAYMENT_WINDOW_MS}`;
  if (status === 'waitPay') return `(status = 'waitPay' AND ${open})`;
  if (status === 'paymentClosed') return `(status = 'paymentClosed' OR (status = 'waitPay' AND NOT ${open}))`;
  return 'status = @status';
}

export function orderJson(db: Db, row: OrderRow, language: Language, now: number) {
  const ids = JSON.parse(row.phone_ids) as number[];
  return {
    orderId: row.id,
    orderNo: row.order_no,
    type: row.type,
    status: effectiveStatus(row, now),
    gradeId: row.grade_id,
    gradeName: gradeName(db, row.tenant_id, row.grade_id, language),
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
