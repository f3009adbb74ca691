import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../shared/error-codes.ts';
import { countWrongAttempt, insertSmsCode, latestSmsCode, markSmsCodeUsed, requestersLatestCodes } from '../data/sms-codes.ts';
import type { SmsCodeRow } from '../data/sms-codes.ts';
import { apiError } from './errors.ts';
import { checkSendLimits } from './sms-send-limits.ts';
import type { SmsRequester } from './sms-send-limits.ts';
import type { Deps } from './types.ts';

export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_MAX_WRONG_ATTEMPTS = 5;

// The tenant, mobile and scene are part of the digest so a code can never be replayed in another context. The digest
// is keyed (HMAC with the server's SMS-code secret, lib/secrets.ts): with only a million possible codes, an unkeyed
// hash in a copied database would give every live code away at once.
function digest(key: Buffer, tenantId: number, mobile: string, scene: number, code: string): Buffer {
  return createHmac('sha256', key).update(`${tenantId}:${mobile}:${scene}:${code}`).digest();
}

/**
 * Stores a new code and prints it (there is no real SMS gateway), within the send limits (sms-send-limits.ts). The
 * checks and the insert run in one transaction, so two simultaneous sends cannot both slip under them.
 */
export async function sendSmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, requester: SmsRequester): Promise<void> {
  const { db } = deps;
  const code = deps.smsFixedCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (db) => {
    const now = deps.now();
    const { share } = await checkSendLimits({ ...deps, db }, tenantId, mobile, scene, requester, now);
    const codeHash = digest(deps.secrets.smsCodeKey, tenantId, mobile, scene, code).toString('hex');
    const clientAddress = requester.address;
    await insertSmsCode(db, { tenantId, mobile, scene, codeHash, clientAddress, createdAt: now, expiresAt: now + SMS_CODE_TTL_MS, share });
  });
  deps.log(`[sms] tenant=${tenantId} mobile=${mobile} scene=${scene} code=${code}`);
}

/**
 * Checks a code of this mobile and scene, guessed from `address`. Each requester's latest code counts (a resend
 * supersedes the requester's older ones) and any of them may match: otherwise a stranger asking for a code to the
 * same number would void the one its owner is typing.
 *
 * Wrong guesses are counted per code and per side: those from the address that asked for the code, and those from
 * anywhere else, each side voiding the code for itself after SMS_MAX_WRONG_ATTEMPTS. A stranger's guesses so never
 * void the owner's code, and all strangers together still get five guesses at it, as one guesser did before. A
 * wrong guess counts against every code the guesser may try, so more live codes never give more tries. `consume`
 * marks the matching code used, for the call that acts on it; validate-sms-code only peeks. Wrong guesses are
 * counted even when peeking, otherwise validate-sms-code would be an unlimited guessing oracle.
 */
export async function verifySmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, code: string, consume: boolean, address: string): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const own = (row: SmsCodeRow) => row.client_address === address;
  const live = (await requestersLatestCodes(db, tenantId, mobile, scene, now)).filter(
    (row) => row.used_at === null && (own(row) ? row.attempts : row.foreign_attempts) < SMS_MAX_WRONG_ATTEMPTS,
  );
  if (live.length === 0) {
    // Nothing can match: say why from the latest code, as when there was only ever one.
    const latest = await latestSmsCode(db, tenantId, mobile, scene);
    if (!latest || latest.used_at !== null) throw apiError(ErrorCode.SMS_CODE_WRONG);
    throw apiError(ErrorCode.SMS_CODE_EXPIRED);
  }
  const given = digest(deps.secrets.smsCodeKey, tenantId, mobile, scene, code);
  // Every candidate is compared, so the time taken does not tell which one matched.
  let match: SmsCodeRow | undefined;
  for (const row of live) if (timingSafeEqual(given, Buffer.from(row.code_hash, 'hex')) && !match) match = row;
  if (!match) {
    for (const row of live) await countWrongAttempt(db, row.id, own(row));
    throw apiError(ErrorCode.SMS_CODE_WRONG);
  }
  // A concurrent second use of the same code fails instead of logging in twice.
  if (consume && !await markSmsCodeUsed(db, match.id, now)) throw apiError(ErrorCode.SMS_CODE_WRONG);
}
