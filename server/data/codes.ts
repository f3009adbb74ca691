import type { ActivationStatus, ActivationType, CouponType } from '../../shared/contract/shop-words.ts';
import type { Db } from '../lib/types.ts';

// Activation codes (with a record of every attempt) and redeem codes.

export interface ActivationCodeRow {
  id: number;
  type: ActivationType;
  grade_id: number;
  days: number;
  expires_at: number;
  used_at: number | null;
  /** A renewal code sold for one phone renews only that phone (migration 9); null renews any phone of its grade. */
  bound_phone_id: number | null;
}

export interface ActivationRecordRow {
  code: string;
  type: ActivationType;
  status: ActivationStatus;
  tenant_id: number;
  grade_id: number | null;
  days: number | null;
  user_phone_id: number | null;
  /** The phone's number while it is still the user's, else null. */
  phone_no: string | null;
  created_at: number;
}

export interface NewActivationRecord {
  tenantId: number;
  userId: number;
  code: string;
  type: ActivationType;
  status: ActivationStatus;
  gradeId: number | null;
  days: number | null;
  userPhoneId: number | null;
  createdAt: number;
}

export interface RedeemCodeRow {
  id: number;
  coupon_type: CouponType;
  value: number;
  min_amount: number;
  max_discount: number | null;
  order_types: string;
  valid_days: number;
  used_at: number | null;
}

/** Codes are matched exactly: activation codes are case-sensitive (spec §5). */
export async function findActivationCode(db: Db, tenantId: number, code: string): Promise<ActivationCodeRow | undefined> {
  return await db.get('SELECT * FROM activation_codes WHERE tenant_id = ? AND code = ?', tenantId, code) as ActivationCodeRow | undefined;
}

export interface NewActivationCode {
  tenantId: number;
  code: string;
  type: ActivationType;
  gradeId: number;
  days: number;
  expiresAt: number;
  boundPhoneId: number | null;
  createdAt: number;
}

/** ON CONFLICT DO NOTHING: codes are keyed per tenant, so a code that exists (perhaps used since) is left as it is. */
export async function insertActivationCode(db: Db, c: NewActivationCode): Promise<void> {
  await db.run(`INSERT INTO activation_codes (tenant_id, code, type, grade_id, days, expires_at, bound_phone_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, c.tenantId, c.code, c.type, c.gradeId, c.days, c.expiresAt, c.boundPhoneId, c.createdAt);
}

export async function useActivationCode(db: Db, id: number, userId: number, userPhoneId: number, now: number): Promise<void> {
  await db.run('UPDATE activation_codes SET used_at = ?, used_by_user_id = ?, user_phone_id = ? WHERE id = ? AND used_at IS NULL', now, userId, userPhoneId, id);
}

export async function insertActivationRecord(db: Db, r: NewActivationRecord): Promise<void> {
  await db.run(`INSERT INTO activation_records (tenant_id, user_id, code, type, status, grade_id, days, user_phone_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.tenantId, r.userId, r.code, r.type, r.status, r.gradeId, r.days, r.userPhoneId, r.createdAt);
}

/** One page of the user's attempts, newest first, and how many there are in all. */
export async function listActivationRecords(db: Db, userId: number, limit: number, offset: number): Promise<{ rows: ActivationRecordRow[]; total: number }> {
  const total = await db.value('SELECT COUNT(*) FROM activation_records WHERE user_id = ?', userId) as number;
  const rows = await db.all(`SELECT r.*, p.phone_no FROM activation_records r LEFT JOIN phones p ON p.id = r.user_phone_id AND p.user_id = r.user_id
     WHERE r.user_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`, userId, limit, offset) as ActivationRecordRow[];
  return { rows, total };
}

/** Matched ignoring case by the column's collation; the caller has checked the format. */
export async function findRedeemCode(db: Db, tenantId: number, code: string): Promise<RedeemCodeRow | undefined> {
  return await db.get('SELECT * FROM redeem_codes WHERE tenant_id = ? AND code = ?', tenantId, code) as RedeemCodeRow | undefined;
}

/** Marks the code used by `userId` for `couponId`; false when it was used already (the caller's read is stale). */
export async function useRedeemCode(db: Db, id: number, userId: number, couponId: number, now: number): Promise<boolean> {
  const { changes } = await db.run('UPDATE redeem_codes SET used_at = ?, used_by_user_id = ?, coupon_id = ? WHERE id = ? AND used_at IS NULL', now, userId, couponId, id);
  return changes === 1;
}
