import { ErrorCode } from '../../shared/error-codes.ts';
import { throttledError } from './errors.ts';
import { deviceKeys, KnownDevices } from './known-devices.ts';
import { FailureThrottle, WindowCounter } from './rate-limit.ts';
import type { Deps } from './types.ts';
import type { Limits } from './limits.ts';
import { MINUTE_MS, HOUR_MS } from '../../shared/contract/time-units.ts';

// What the server refuses to do too often (API.md "Throttling"): password guesses, activation and redeem code
// guesses, guest trials; and how much analytics it keeps (API.md "Analytics"). SMS sends are limited in
// sms-send-limits.ts from the codes the database keeps. Refusals are TOO_MANY_REQUESTS with
// `data: {retryAfterSeconds}` and a Retry-After header, and are not counted themselves.

// The numbers are rows of the configuration table (limits.ts); they are exported from here too, where the throttles
// that apply them live.
export { DEFAULT_LIMITS, LIMIT_ENV, LIMIT_SETTINGS } from './limits.ts';
export type { Limits } from './limits.ts';

export interface Throttles {
  loginAccount: FailureThrottle;
  /** The same allowance per account and address: what locks a guesser without locking the account's owner. */
  loginAccountAddress: FailureThrottle;
  knownDevices: KnownDevices;
  loginAddress: FailureThrottle;
  codeAccount: FailureThrottle;
  codeAddress: FailureThrottle;
  guestAddress: WindowCounter;
  guestDevice: WindowCounter;
  shareJoinAddress: WindowCounter;
  analyticsAddress: WindowCounter;
  analyticsAddressGroup: WindowCounter;
  assistantUser: WindowCounter;
  assistantAddress: WindowCounter;
  assistantFeedbackUser: WindowCounter;
}

/** One set per app (createApp), so each test's app starts with clean counts. */
export function createThrottles(limits: Limits): Throttles {
  const lockMs = limits.lockSeconds * 1000;
  // Failures are remembered for at least an hour, so when a lock ends the next wrong guess locks again at once.
  const windowMs = Math.max(lockMs, HOUR_MS);
  const failures = (maxFailures: number) => new FailureThrottle({ maxFailures, lockMs, windowMs });
  return {
    loginAccount: failures(limits.loginAccountMaxFailures),
    loginAccountAddress: failures(limits.loginAccountMaxFailures),
    knownDevices: new KnownDevices(),
    loginAddress: failures(limits.loginAddressMaxFailures),
    codeAccount: failures(limits.codeAccountMaxFailures),
    codeAddress: failures(limits.codeAddressMaxFailures),
    guestAddress: new WindowCounter(limits.guestAddressPerHour, HOUR_MS),
    guestDevice: new WindowCounter(limits.guestDevicePerHour, HOUR_MS),
    shareJoinAddress: new WindowCounter(limits.shareJoinAddressPerHour, HOUR_MS),
    analyticsAddress: new WindowCounter(limits.analyticsAddressPerMinute, MINUTE_MS),
    analyticsAddressGroup: new WindowCounter(limits.analyticsAddressGroupPerMinute, MINUTE_MS),
    assistantUser: new WindowCounter(limits.assistantUserPerMinute, MINUTE_MS),
    assistantAddress: new WindowCounter(limits.assistantAddressPerMinute, MINUTE_MS),
    assistantFeedbackUser: new WindowCounter(limits.assistantFeedbackUserPerHour, HOUR_MS),
  };
}

/** Throws TOO_MANY_REQUESTS with the wait when there is one (admissions.ts uses it too). */
export function refuseWhileWaiting(waitMs: number): void {
  if (waitMs > 0) throw throttledError(ErrorCode.TOO_MANY_REQUESTS, waitMs);
}

/**
 * Runs one password attempt of `mobile` in the tenant from `address` and the device `fingerprint` (`check` answers
 * the user when the password is right, else null), or refuses it while the account, the account from this address,
 * or the address waits. Wrong passwords count three ways: per account, per account and address, and per address.
 * The account's own count slows and locks every device except those that logged into it lately (KnownDevices):
 * strangers guessing from anywhere lock themselves out, not the owner on a phone it has used before; each guessing
 * address is still locked by the count of the account from that address.
 *
 * The attempt counts as in flight until `check` settles: the check is slow and asynchronous, and counting only
 * afterwards would let a burst of simultaneous guesses all pass the gate before the first one failed. The account is
 * keyed by the number whether or not it is registered, so the answers say nothing about who is. Success starts the
 * counts of the account and of the account from this address over; it does not touch the address's, or a guesser
 * could clear it by logging into an account of its own.
 */
export async function throttledLogin<T>(
  deps: Deps,
  tenantId: number,
  mobile: string,
  address: string,
  fingerprint: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const { loginAccount, loginAccountAddress, loginAddress, knownDevices } = deps.throttles;
  const account = `${tenantId}:${mobile}`;
  const fromHere = `${account} ${address}`;
  const devices = deviceKeys(address, fingerprint);
  const now = deps.now();
  const accountWait = knownDevices.knows(account, devices, now) ? 0 : loginAccount.waitMs(account, now);
  refuseWhileWaiting(Math.max(accountWait, loginAccountAddress.waitMs(fromHere, now), loginAddress.waitMs(address, now)));
  loginAccount.begin(account, now);
  loginAccountAddress.begin(fromHere, now);
  loginAddress.begin(address, now);
  let result: T | null = null;
  try {
    result = await check();
    return result;
  } finally {
    const settled = deps.now();
    const failed = result === null;
    loginAccount.settle(account, settled, failed);
    loginAccountAddress.settle(fromHere, settled, failed);
    loginAddress.settle(address, settled, failed);
    if (!failed) {
      loginAccount.reset(account, settled);
      loginAccountAddress.reset(fromHere, settled);
      knownDevices.remember(account, devices, settled);
    }
  }
}

/** Whether this device may no longer guess the account's password (the caller's session ends then). */
export function loginLocked(deps: Deps, tenantId: number, mobile: string, address: string, fingerprint: string): boolean {
  const { loginAccount, loginAccountAddress, knownDevices } = deps.throttles;
  const account = `${tenantId}:${mobile}`;
  const now = deps.now();
  if (loginAccountAddress.locked(`${account} ${address}`, now)) return true;
  return !knownDevices.knows(account, deviceKeys(address, fingerprint), now) && loginAccount.locked(account, now);
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
 * For a call whose answer tells whether a guessable thing exists (a code, an account): refuses it while the user or
 * the address waits, else answers what counts one unknown thing as a guess.
 */
export function admitGuess(deps: Deps, userId: number, address: string): () => void {
  checkCodeGuesses(deps, userId, address);
  return () => countUnknownCodes(deps, userId, address, 1);
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
