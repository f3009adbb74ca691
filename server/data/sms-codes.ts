import type { Db } from '../lib/types.ts';
import { plucked, statement } from './statements.ts';

// Verification codes sent by SMS, stored as digests with their expiry, wrong attempts and use.

export interface SmsCodeRow {
  id: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

/** When the last code of this mobile and scene was sent in the tenant, or null. */
export function lastSentAt(db: Db, tenantId: number, mobile: string, scene: number): number | null {
  return plucked(db, 'SELECT MAX(created_at) FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ?').get(tenantId, mobile, scene) as number | null;
}

/** Codes sent to the mobile since `since`, in every tenant and scene. */
export function countSentSince(db: Db, mobile: string, since: number): number {
  return plucked(db, 'SELECT COUNT(*) FROM sms_codes WHERE mobile = ? AND created_at > ?').get(mobile, since) as number;
}

export function insertSmsCode(db: Db, tenantId: number, mobile: string, scene: number, codeHash: string, now: number, expiresAt: number): void {
  statement(db, 'INSERT INTO sms_codes (tenant_id, mobile, scene, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    tenantId,
    mobile,
    scene,
    codeHash,
    now,
    expiresAt,
  );
}

/** The most recent code of this mobile and scene (a resend supersedes older ones). */
export function latestSmsCode(db: Db, tenantId: number, mobile: string, scene: number): SmsCodeRow | undefined {
  return statement(
    db,
    'SELECT id, code_hash, expires_at, attempts, used_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? ORDER BY id DESC LIMIT 1',
  ).get(tenantId, mobile, scene) as SmsCodeRow | undefined;
}

export function countWrongAttempt(db: Db, id: number): void {
  statement(db, 'UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?').run(id);
}

/** False when the code was used meanwhile: the guard on used_at makes a concurrent second use fail. */
export function markSmsCodeUsed(db: Db, id: number, now: number): boolean {
  return statement(db, 'UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, id).changes === 1;
}
