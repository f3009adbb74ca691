import { Hono } from 'hono';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { activateCodes, parseActivation } from '../lib/activation.ts';
import { requireAuth, requireRegistered, requireTenant } from '../lib/auth.ts';
import { gradeName } from '../lib/catalog.ts';
import { commerceError } from '../lib/commerce-errors.ts';
import { insertCoupon } from '../lib/coupons.ts';
import { ApiError, badRequest, ok } from '../lib/envelope.ts';
import { DAY_MS } from '../lib/pricing.ts';
import type { CouponType, OrderType } from '../lib/pricing.ts';
import { asPositiveInt, asString, languageOf, readBody } from '../lib/request.ts';
import type { AppEnv, Deps } from '../lib/types.ts';

// Activation codes and redeem codes (API.md "Activation and redeem codes"); mirrors the client's codes domain.

const ACTIVATION = '/api/product/activation-code';
const REDEEM_CODE = /^[A-Za-z0-9]{1,20}$/;
const REDEEM_UNKNOWN = 'The redeem code is not valid';
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

interface RedeemRow {
  id: number;
  coupon_type: CouponType;
  value: number;
  min_amount: number;
  max_discount: number | null;
  order_types: string;
  valid_days: number;
  used_at: number | null;
}

interface RecordRow {
  code: string;
  type: number;
  status: string;
  tenant_id: number;
  grade_id: number | null;
  days: number | null;
  user_phone_id: number | null;
  phone_no: string | null;
  created_at: number;
}

function pageParam(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = asPositiveInt(value);
  if (n === null) throw badRequest(`${name} must be a positive integer`);
  return n;
}

export function codeRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const routes = new Hono<AppEnv>();
  const tenant = requireTenant(deps);
  const auth = requireAuth(deps);

  routes.post(`${ACTIVATION}/activate`, tenant, auth, requireRegistered, async (c) => {
    const request = parseActivation(await readBody(c));
    return ok(c, activateCodes(db, c.get('user'), request, languageOf(c), deps.now()));
  });

  // Every attempt of the caller, newest first: refused codes too, so the user can see what happened to each.
  routes.get(`${ACTIVATION}/record/page`, tenant, auth, (c) => {
    const pageNo = pageParam(c.req.query('pageNo'), 'pageNo', 1);
    const pageSize = pageParam(c.req.query('pageSize'), 'pageSize', DEFAULT_PAGE_SIZE);
    if (pageSize > MAX_PAGE_SIZE) throw badRequest(`pageSize must be 1-${MAX_PAGE_SIZE}`);
    const userId = c.get('user').id;
    const total = db.prepare('SELECT COUNT(*) FROM activation_records WHERE user_id = ?').pluck().get(userId) as number;
    const rows = db
      .prepare(
        `SELECT r.*, p.phone_no FROM activation_records r LEFT JOIN phones p ON p.id = r.user_phone_id AND p.user_id = r.user_id
         WHERE r.user_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`,
      )
      .all(userId, pageSize, (pageNo - 1) * pageSize) as RecordRow[];
    const language = languageOf(c);
    const list = rows.map((row) => ({
      code: row.code,
      type: row.type,
      status: row.status,
      gradeName: row.grade_id === null ? '' : gradeName(db, row.tenant_id, row.grade_id, language),
      days: row.days ?? 0,
      userPhoneId: row.user_phone_id,
      phoneNo: row.phone_no ?? '',
      usedAt: row.created_at,
    }));
    return ok(c, { list, total });
  });

  // A redeem code grants a coupon once, to whoever redeems it first. Matched ignoring case (unlike activation
  // codes, which the spec makes case-sensitive): people type these from posters.
  routes.post('/api/promotion/redeem-code/use', tenant, auth, requireRegistered, async (c) => {
    const code = asString((await readBody(c)).code).trim();
    if (!REDEEM_CODE.test(code)) throw commerceError(ErrorCode.REDEEM_CODE_INVALID);
    const user = c.get('user');
    const now = deps.now();
    const couponId = db.transaction(() => {
      const row = db.prepare('SELECT * FROM redeem_codes WHERE tenant_id = ? AND code = ?').get(user.tenant_id, code) as RedeemRow | undefined;
      if (!row) throw new ApiError(ErrorCode.REDEEM_CODE_INVALID, REDEEM_UNKNOWN);
      if (row.used_at !== null) throw commerceError(ErrorCode.REDEEM_CODE_USED);
      const id = insertCoupon(db, {
        tenantId: user.tenant_id,
        userId: user.id,
        type: row.coupon_type,
        value: row.value,
        minAmount: row.min_amount,
        maxDiscount: row.max_discount,
        validFrom: now,
        validUntil: now + row.valid_days * DAY_MS,
        orderTypes: row.order_types.split(',') as OrderType[],
        createdAt: now,
      });
      db.prepare('UPDATE redeem_codes SET used_at = ?, used_by_user_id = ?, coupon_id = ? WHERE id = ? AND used_at IS NULL').run(now, user.id, id, row.id);
      return id;
    }).immediate();
    return ok(c, { kind: 'coupon', couponId });
  });

  return routes;
}
