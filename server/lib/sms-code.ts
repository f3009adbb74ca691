import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../src/core/error-codes.ts';
import {
  addressRangeSentAt,
  addressSentAt,
  countWrongAttempt,
  insertSmsCode,
  latestSmsCode,
  markSmsCodeUsed,
  mobileRangeSentAt,
  requestersLatestCodes,
  requesterSentAt,
  serverSentAt,
} from '../data/sms-codes.ts';
import { loggedInSince } from '../data/users.ts';
import type { SmsCodeRow } from '../data/sms-codes.ts';
import { immediate } from '../data/statements.ts';
import { apiError, throttledError } from './errors.ts';
import type { CatalogCode } from './errors.ts';
import type { Deps } from './types.ts';

export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_WRONG_ATTEMPTS = 5;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// The tenant, mobile and scene are part of the digest so a code can never be replayed in another context. The digest
// is keyed (HMAC with the server's SMS-code secret, lib/secrets.ts): with only a million possible codes, an unkeyed
// hash in a copied database would give every live code away at once.
function digest(key: Buffer, tenantId: number, mobile: string, scene: number, code: string): Buffer {
  return createHmac('sha256', key).update(`${tenantId}:${mobile}:${scene}:${code}`).digest();
}

/** The share of the server's hourly cap kept for numbers whose account logged in lately, once the rest is spent. */
export const SMS_RESERVED_SHARE = 0.2;
/** How recent a login makes a number one the reserve serves. */
const RECENT_LOGIN_MS = 30 * DAY_MS;
/** The digits of a mobile that make its prefix (the operator segment and the region). */
const MOBILE_PREFIX_DIGITS = 7;

/** The keys one step past every key that starts with `prefix` (for a range scan: prefix <= key < next). */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** An IPv4 address key's /24 as a key range; an IPv6 key is already its /64, and other keys stand alone. */
function addressGroupRange(address: string): [string, string] {
  const v4 = /^(\d+\.\d+\.\d+\.)\d+$/.exec(address);
  return v4 ? [v4[1], nextPrefix(v4[1])] : [address, `${address}\u0000`];
}

/**
 * Who may have a code sent, counted from the stored codes (API.md "Authentication"). The per-number limits (one send
 * a minute, SMS_DAILY_LIMIT a day) are kept per tenant, scene AND requesting address: were they per number only, a
 * stranger sending once a minute, or ten times a day, would keep the number's owner from ever getting a login code.
 * What one sender can do is bounded instead by hourly caps over every number: its address's, its address group's
 * (IPv4 /24; IPv6 addresses are counted by /64 already), and the target number's prefix's, since a spray of random
 * numbers shares prefixes. What everyone together can do is bounded by the server's hourly cap, which plays the SMS
 * gateway's quota: past it sending fails (SMS_SEND_FAILED) rather than being "too frequent" for the caller. Its last
 * SMS_RESERVED_SHARE is kept for numbers whose account logged in within 30 days, so a flood of unknown numbers
 * cannot take the codes the product's own users need. Each refusal carries `retryAfterSeconds`, when the oldest
 * send it counted leaves its window.
 */
function checkSendLimits(deps: Deps, tenantId: number, mobile: string, scene: number, address: string, now: number): void {
  const { db, limits } = deps;
  const last = requesterSentAt(db, tenantId, mobile, scene, address, 0);
  if (last !== null && now - last < SMS_RESEND_INTERVAL_MS) {
    throw throttledError(ErrorCode.SMS_SEND_TOO_FREQUENT, last + SMS_RESEND_INTERVAL_MS - now);
  }
  const [groupFrom, groupTo] = addressGroupRange(address);
  const prefix = mobile.slice(0, MOBILE_PREFIX_DIGITS);
  // A number whose account logged in lately may use the whole server cap; any other only its open share.
  const reserved = loggedInSince(db, tenantId, mobile, now - RECENT_LOGIN_MS);
  const serverCap = reserved ? limits.smsGlobalPerHour : Math.ceil(limits.smsGlobalPerHour * (1 - SMS_RESERVED_SHARE));
  const windows: [number | null, number, CatalogCode][] = [
    [requesterSentAt(db, tenantId, mobile, scene, address, SMS_DAILY_LIMIT - 1), DAY_MS, ErrorCode.SMS_SEND_TOO_FREQUENT],
    [addressSentAt(db, address, limits.smsAddressPerHour - 1), HOUR_MS, ErrorCode.SMS_SEND_TOO_FREQUENT],
    [addressRangeSentAt(db, groupFrom, groupTo, limits.smsAddressGroupPerHour - 1), HOUR_MS, ErrorCode.SMS_SEND_TOO_FREQUENT],
    [mobileRangeSentAt(db, tenantId, prefix, nextPrefix(prefix), limits.smsPrefixPerHour - 1), HOUR_MS, ErrorCode.SMS_SEND_TOO_FREQUENT],
    [serverSentAt(db, serverCap - 1), HOUR_MS, ErrorCode.SMS_SEND_FAILED],
  ];
  for (const [oldestCounted, windowMs, code] of windows) {
    if (oldestCounted !== null && now - oldestCounted < windowMs) throw throttledError(code, oldestCounted + windowMs - now);
  }
}

/**
 * Stores a new code and prints it (there is no real SMS gateway). The checks and the insert run in one synchronous
 * transaction, so two simultaneous sends cannot both slip under the limits. `address` is the requester's
 * (client-address.ts).
 */
export function sendSmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, address: string): void {
  const { db } = deps;
  const code = deps.smsFixedCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  immediate(db, () => {
    const now = deps.now();
    checkSendLimits(deps, tenantId, mobile, scene, address, now);
    const codeHash = digest(deps.secrets.smsCodeKey, tenantId, mobile, scene, code).toString('hex');
    insertSmsCode(db, { tenantId, mobile, scene, codeHash, clientAddress: address, createdAt: now, expiresAt: now + SMS_CODE_TTL_MS });
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
export function verifySmsCode(deps: Deps, tenantId: number, mobile: string, scene: number, code: string, consume: boolean, address: string): void {
  const { db } = deps;
  const now = deps.now();
  const own = (row: SmsCodeRow) => row.client_address === address;
  const live = requestersLatestCodes(db, tenantId, mobile, scene, now).filter(
    (row) => row.used_at === null && (own(row) ? row.attempts : row.foreign_attempts) < SMS_MAX_WRONG_ATTEMPTS,
  );
  if (live.length === 0) {
    // Nothing can match: say why from the latest code, as when there was only ever one.
    const latest = latestSmsCode(db, tenantId, mobile, scene);
    if (!latest || latest.used_at !== null) throw apiError(ErrorCode.SMS_CODE_WRONG);
    throw apiError(ErrorCode.SMS_CODE_EXPIRED);
  }
  const given = digest(deps.secrets.smsCodeKey, tenantId, mobile, scene, code);
  // Every candidate is compared, so the time taken does not tell which one matched.
  let match: SmsCodeRow | undefined;
  for (const row of live) if (timingSafeEqual(given, Buffer.from(row.code_hash, 'hex')) && !match) match = row;
  if (!match) {
    for (const row of live) countWrongAttempt(db, row.id, own(row));
    throw apiError(ErrorCode.SMS_CODE_WRONG);
  }
  // A concurrent second use of the same code fails instead of logging in twice.
  if (consume && !markSmsCodeUsed(db, match.id, now)) throw apiError(ErrorCode.SMS_CODE_WRONG);
}
