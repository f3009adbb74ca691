import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import { countSentSince, countWrongAttempt, insertSmsCode, lastSentAt, latestSmsCode, markSmsCodeUsed } from '../data/sms-codes.ts';
import { immediate } from '../data/statements.ts';
import { apiError } from './errors.ts';
import type { Deps } from './types.ts';

/** API.md "Authentication": 1 login, 2 old mobile of a number change, 3 new mobile, 4 reset password, 5 cancel account. */
export const SmsScene = { LOGIN: 1, CHANGE_MOBILE_OLD: 2, CHANGE_MOBILE_NEW: 3, RESET_PASSWORD: 4, CANCEL_ACCOUNT: 5 } as const;
export const SMS_SCENES: readonly number[] = Object.values(SmsScene);

export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_WRONG_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

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
  immediate(db, () => {
    const now = deps.now();
    const last = lastSentAt(db, tenantId, mobile, scene);
    if (last !== null && now - last < SMS_RESEND_INTERVAL_MS) throw apiError(ErrorCode.SMS_SEND_TOO_FREQUENT);
    if (countSentSince(db, mobile, now - DAY_MS) >= SMS_DAILY_LIMIT) throw apiError(ErrorCode.SMS_SEND_TOO_FREQUENT);
    insertSmsCode(db, tenantId, mobile, scene, digest(tenantId, mobile, scene, code).toString('hex'), now, now + SMS_CODE_TTL_MS);
  });
  deps.log(`[sms] tenant=${tenantId} mobile=${mobile} scene=${scene} code=${code}`);
}

/**
 * Checks the most recent code of this mobile and scene (a resend supersedes older ones). `consume` marks it used,
 * for the call that acts on it; validate-sms-code only peeks. Wrong guesses are counted even when peeking, otherwise
 * validate-sms-code would be an unlimited guessing oracle.
 */
export function verifySmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, code: string, consume: boolean): void {
  const { db } = deps;
  const row = latestSmsCode(db, tenantId, mobile, scene);
  const now = deps.now();
  if (!row || row.used_at !== null) throw apiError(ErrorCode.SMS_CODE_WRONG);
  if (now >= row.expires_at || row.attempts >= SMS_MAX_WRONG_ATTEMPTS) throw apiError(ErrorCode.SMS_CODE_EXPIRED);
  if (!timingSafeEqual(digest(tenantId, mobile, scene, code), Buffer.from(row.code_hash, 'hex'))) {
    countWrongAttempt(db, row.id);
    throw apiError(ErrorCode.SMS_CODE_WRONG);
  }
  // A concurrent second use of the same code fails instead of logging in twice.
  if (consume && !markSmsCodeUsed(db, row.id, now)) throw apiError(ErrorCode.SMS_CODE_WRONG);
}
