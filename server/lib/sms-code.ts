import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { ApiError } from './envelope.ts';
import type { Deps } from './types.ts';

/** API.md "Authentication": 1 login, 2 old mobile of a number change, 3 new mobile, 4 reset password, 5 cancel account. */
export const SmsScene = { LOGIN: 1, CHANGE_MOBILE_OLD: 2, CHANGE_MOBILE_NEW: 3, RESET_PASSWORD: 4, CANCEL_ACCOUNT: 5 } as const;
export const SMS_SCENES: readonly number[] = Object.values(SmsScene);

export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_WRONG_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const TOO_FREQUENT = 'Please do not operate frequently';
const WRONG = 'Verification code is incorrect';
const EXPIRED = 'Verification code has expired';

interface CodeRow {
  id: number;
  code_hash: string;
  expires_at: number;
  attempts: number;
  used_at: number | null;
}

// The tenant, mobile and scene are part of the digest so a code can never be replayed in another context.
function digest(tenantId: number, mobile: string, scene: number, code: string): Buffer {
  return createHash('sha256').update(`${tenantId}:${mobile}:${scene}:${code}`).digest();
}

/**
 * Stores a new code and prints it (there is no real SMS gateway). The checks and the insert run in one synchronous
 * transaction, so two simultaneous sends cannot both slip under the limits. The daily cap counts every tenant and
 * scene of the mobile over a rolling 24 h, because it protects the phone owner from being flooded.
 */
export function sendSmsCode(deps: Deps, tenantId: number, mobile: string, scene: number): void {
  const { db } = deps;
  const code = deps.smsFixedCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  db.transaction(() => {
    const now = deps.now();
    const last = db
      .prepare('SELECT MAX(created_at) FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ?')
      .pluck()
      .get(tenantId, mobile, scene) as number | null;
    if (last !== null && now - last < SMS_RESEND_INTERVAL_MS) throw new ApiError(ErrorCode.SMS_SEND_TOO_FREQUENT, TOO_FREQUENT);
    const today = db
      .prepare('SELECT COUNT(*) FROM sms_codes WHERE mobile = ? AND created_at > ?')
      .pluck()
      .get(mobile, now - DAY_MS) as number;
    if (today >= SMS_DAILY_LIMIT) throw new ApiError(ErrorCode.SMS_SEND_TOO_FREQUENT, TOO_FREQUENT);
    db.prepare(
      'INSERT INTO sms_codes (tenant_id, mobile, scene, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(tenantId, mobile, scene, digest(tenantId, mobile, scene, code).toString('hex'), now, now + SMS_CODE_TTL_MS);
  }).immediate();
  deps.log(`[sms] tenant=${tenantId} mobile=${mobile} scene=${scene} code=${code}`);
}

/**
 * Checks the most recent code of this mobile and scene (a resend supersedes older ones). `consume` marks it used,
 * for the call that acts on it; validate-sms-code only peeks. Wrong guesses are counted even when peeking, otherwise
 * validate-sms-code would be an unlimited guessing oracle.
 */
export function verifySmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, code: string, consume: boolean): void {
  const { db } = deps;
  const row = db
    .prepare(
      'SELECT id, code_hash, expires_at, attempts, used_at FROM sms_codes WHERE tenant_id = ? AND mobile = ? AND scene = ? ORDER BY id DESC LIMIT 1',
    )
    .get(tenantId, mobile, scene) as CodeRow | undefined;
  const now = deps.now();
  if (!row || row.used_at !== null) throw new ApiError(ErrorCode.SMS_CODE_WRONG, WRONG);
  if (now >= row.expires_at || row.attempts >= SMS_MAX_WRONG_ATTEMPTS) throw new ApiError(ErrorCode.SMS_CODE_EXPIRED, EXPIRED);
  if (!timingSafeEqual(digest(tenantId, mobile, scene, code), Buffer.from(row.code_hash, 'hex'))) {
    db.prepare('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
    throw new ApiError(ErrorCode.SMS_CODE_WRONG, WRONG);
  }
  if (consume) {
    // The guard on used_at makes a concurrent second use of the same code fail instead of logging in twice.
    const used = db.prepare('UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now, row.id);
    if (used.changes !== 1) throw new ApiError(ErrorCode.SMS_CODE_WRONG, WRONG);
  }
}
