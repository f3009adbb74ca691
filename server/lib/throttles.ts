import { ErrorCode } from '../../src/core/error-codes.ts';
import { throttledError } from './errors.ts';
import { FailureThrottle, WindowCounter } from './rate-limit.ts';
import type { Deps } from './types.ts';

// What the server refuses to do too often (API.md "Throttling"): password guesses, activation and redeem code
// guesses, guest trials. SMS sends are limited in sms-code.ts from the codes the database keeps. Refusals are
// TOO_MANY_REQUESTS with `data: {retryAfterSeconds}` and a Retry-After header, and are not counted themselves.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The numbers, each settable by an environment variable (LIMIT_ENV, read in main.ts). */
export interface Limits {
  /** Wrong passwords of one account (tenant + mobile, registered or not) that lock it. */
  loginAccountMaxFailures: number;
  /** Wrong passwords from one client address, whatever the accounts, that lock the address. */
  loginAddressMaxFailures: number;
  /** Unknown activation or redeem codes tried by one account that lock it out of trying codes. */
  codeAccountMaxFailures: number;
  /** The same from one client address. */
  codeAddressMaxFailures: number;
  /** How long a lock of the four above lasts. */
  lockSeconds: number;
  /** SMS codes one client address may have sent in any hour, to every number together. */
  smsAddressPerHour: number;
  /** SMS codes the whole server sends in any hour; past it sending fails (SMS_SEND_FAILED), as a gateway quota would. */
  smsGlobalPerHour: number;
  /** Guest trials one client address may start in any hour. */
  guestAddressPerHour: number;
  /** Guest trials one device (the `fingerprint-id` header) may start in any hour. */
  guestDevicePerHour: number;
  /** Joins of share links from one client address in any hour (a link cannot be flooded with viewers). */
  shareJoinAddressPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginAccountMaxFailures: 5,
  loginAddressMaxFailures: 50,
  codeAccountMaxFailures: 20,
  codeAddressMaxFailures: 50,
  lockSeconds: 15 * 60,
  smsAddressPerHour: 30,
  smsGlobalPerHour: 1000,
  guestAddressPerHour: 10,
  guestDevicePerHour: 3,
  shareJoinAddressPerHour: 120,
};

/** Environment variable of each limit (positive integers); listed in the README's configuration table. */
export const LIMIT_ENV: Record<string, keyof Limits> = {
  LOGIN_ACCOUNT_MAX_FAILURES: 'loginAccountMaxFailures',
  LOGIN_ADDRESS_MAX_FAILURES: 'loginAddressMaxFailures',
  CODE_ACCOUNT_MAX_FAILURES: 'codeAccountMaxFailures',
  CODE_ADDRESS_MAX_FAILURES: 'codeAddressMaxFailures',
  THROTTLE_LOCK_SECONDS: 'lockSeconds',
  SMS_ADDRESS_LIMIT_PER_HOUR: 'smsAddressPerHour',
  SMS_GLOBAL_LIMIT_PER_HOUR: 'smsGlobalPerHour',
  GUEST_ADDRESS_LIMIT_PER_HOUR: 'guestAddressPerHour',
  GUEST_DEVICE_LIMIT_PER_HOUR: 'guestDevicePerHour',
  SHARE_JOIN_ADDRESS_LIMIT_PER_HOUR: 'shareJoinAddressPerHour',
};

export interface Throttles {
  loginAccount: FailureThrottle;
  loginAddress: FailureThrottle;
  codeAccount: FailureThrottle;
  codeAddress: FailureThrottle;
  guestAddress: WindowCounter;
  guestDevice: WindowCounter;
  shareJoinAddress: WindowCounter;
}

/** One set per app (createApp), so each test's app starts with clean counts. */
export function createThrottles(limits: Limits): Throttles {
  const lockMs = limits.lockSeconds * 1000;
  // Failures are remembered for at least an hour, so when a lock ends the next wrong guess locks again at once.
  const windowMs = Math.max(lockMs, HOUR_MS);
  const failures = (maxFailures: number) => new FailureThrottle({ maxFailures, lockMs, windowMs });
  return {
    loginAccount: failures(limits.loginAccountMaxFailures),
    loginAddress: failures(limits.loginAddressMaxFailures),
    codeAccount: failures(limits.codeAccountMaxFailures),
    codeAddress: failures(limits.codeAddressMaxFailures),
    guestAddress: new WindowCounter(limits.guestAddressPerHour, HOUR_MS),
    guestDevice: new WindowCounter(limits.guestDevicePerHour, HOUR_MS),
    shareJoinAddress: new WindowCounter(limits.shareJoinAddressPerHour, HOUR_MS),
  };
}

function refuseWhileWaiting(waitMs: number): void {
  if (waitMs > 0) throw throttledError(ErrorCode.TOO_MANY_REQUESTS, waitMs);
}

/**
 * Runs one password attempt of `mobile` in the tenant from `address` (`check` answers the user when the password is
 * right, else null), or refuses it while the account or the address waits. The attempt counts as in flight until
 * `check` settles: the check is slow and asynchronous, and counting only afterwards would let a burst of
 * simultaneous guesses all pass the gate before the first one failed. The account is keyed by the number whether or
 * not it is registered, so the answers say nothing about who is. Success starts the account's count over; it does
 * not touch the address's, or a guesser could clear it by logging into an account of its own.
 */
export async function throttledLogin<T>(
  deps: Deps,
  tenantId: number,
  mobile: string,
  address: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const { loginAccount, loginAddress } = deps.throttles;
  const account = `${tenantId}:${mobile}`;
  const now = deps.now();
  refuseWhileWaiting(Math.max(loginAccount.waitMs(account, now), loginAddress.waitMs(address, now)));
  loginAccount.begin(account, now);
  loginAddress.begin(address, now);
  let result: T | null = null;
  try {
    result = await check();
    return result;
  } finally {
    const settled = deps.now();
    loginAccount.settle(account, settled, result === null);
    loginAddress.settle(address, settled, result === null);
    if (result !== null) loginAccount.reset(account, settled);
  }
}

/** Refuses an activation or redeem call while the user or the address waits after too many unknown codes. */
export function checkCodeGuesses(deps: Deps, userId: number, address: string): void {
  const now = deps.now();
  const { codeAccount, codeAddress } = deps.throttles;
  refuseWhileWaiting(Math.max(codeAccount.waitMs(String(userId), now), codeAddress.waitMs(address, now)));
}

/**
 * Counts codes that turned out not to exist, the only outcome a guess nearly always has. Codes that exist (used,
 * expired, of another type) are real codes mistyped or reused, and successes never count.
 */
export function countUnknownCodes(deps: Deps, userId: number, address: string, count: number): void {
  const now = deps.now();
  deps.throttles.codeAccount.fail(String(userId), now, count);
  deps.throttles.codeAddress.fail(address, now, count);
}

/**
 * Admits one guest trial from `address` and the device, or refuses it. The fingerprint is the client's word, so it
 * only slows a client that keeps sending the same one; the address limit is the one a script meets. A request
 * without a fingerprint is limited by its address alone.
 */
export function admitGuestTrial(deps: Deps, address: string, fingerprintId: string): void {
  const { guestAddress, guestDevice } = deps.throttles;
  const now = deps.now();
  const device = fingerprintId ? guestDevice.waitMs(fingerprintId, now) : 0;
  refuseWhileWaiting(Math.max(guestAddress.waitMs(address, now), device));
  guestAddress.add(address, now);
  if (fingerprintId) guestDevice.add(fingerprintId, now);
}

/** Admits one join of a share link from `address` (every attempt counts, refused ones too), or refuses it. */
export function admitShareJoin(deps: Deps, address: string): void {
  const now = deps.now();
  refuseWhileWaiting(deps.throttles.shareJoinAddress.waitMs(address, now));
  deps.throttles.shareJoinAddress.add(address, now);
}
