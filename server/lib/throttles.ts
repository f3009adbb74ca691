import { ErrorCode } from '../../shared/error-codes.ts';
import { throttledError } from './errors.ts';
import { deviceKeys, KNOWN_DEVICE_MS, KnownDevices } from './known-devices.ts';
import { sweepThrottles } from '../data/throttles.ts';
import { DEFAULT_MAX_KEYS, FailureThrottle, WindowCounter } from './rate-limit.ts';
import type { Db, Deps } from './types.ts';
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

/**
 * The throttles with their numbers. Their counts are in the database (rate-limit.ts), under each throttle's name, so
 * every app on one database (the instances of a deployment) shares them, and a test's fresh database starts clean.
 */
export function createThrottles(limits: Limits): Throttles {
  const lockMs = limits.lockSeconds * 1000;
  // Failures are remembered for at least an hour, so when a lock ends the next wrong guess locks again at once.
  const windowMs = Math.max(lockMs, HOUR_MS);
  const failures = (name: string, maxFailures: number) => new FailureThrottle(name, { maxFailures, lockMs, windowMs });
  const window = (name: string, limit: number, ms: number) => new WindowCounter(name, limit, ms);
  return {
    loginAccount: failures('login account', limits.loginAccountMaxFailures),
    loginAccountAddress: failures('login account address', limits.loginAccountMaxFailures),
    knownDevices: new KnownDevices(),
    loginAddress: failures('login address', limits.loginAddressMaxFailures),
    codeAccount: failures('code account', limits.codeAccountMaxFailures),
    codeAddress: failures('code address', limits.codeAddressMaxFailures),
    guestAddress: window('guest address', limits.guestAddressPerHour, HOUR_MS),
    guestDevice: window('guest device', limits.guestDevicePerHour, HOUR_MS),
    shareJoinAddress: window('share join address', limits.shareJoinAddressPerHour, HOUR_MS),
    analyticsAddress: window('analytics address', limits.analyticsAddressPerMinute, MINUTE_MS),
    analyticsAddressGroup: window('analytics address group', limits.analyticsAddressGroupPerMinute, MINUTE_MS),
    assistantUser: window('assistant user', limits.assistantUserPerMinute, MINUTE_MS),
    assistantAddress: window('assistant address', limits.assistantAddressPerMinute, MINUTE_MS),
    assistantFeedbackUser: window('assistant feedback user', limits.assistantFeedbackUserPerHour, HOUR_MS),
  };
}

/**
 * Deletes the counts that no longer matter and keeps each throttle under `maxKeys` keys (data/throttles.ts): app.ts
 * runs it as the app starts and each minute; reads ignore what expired meanwhile.
 */
export async function sweepThrottleCounts(db: Db, now: number, maxKeys = DEFAULT_MAX_KEYS): Promise<void> {
  await sweepThrottles(db, now, { knownDeviceMs: KNOWN_DEVICE_MS, maxKeys });
}

/** Throws TOO_MANY_REQUESTS with the wait when there is one (admissions.ts uses it too). */
export function refuseWhileWaiting(waitMs: number): void {
  if (waitMs > 0) throw throttledError(ErrorCode.TOO_MANY_REQUESTS, waitMs);
}

/**
 * Admits one event for each counter and its key, or none: refuses with the longest wait when any must wait. Read and
 * written in one transaction, so requests on two instances cannot both take a key's last event.
 */
export async function admitEvents(db: Db, now: number, events: [WindowCounter, string][]): Promise<void> {
  await db.transaction(async (tx) => {
    let wait = 0;
    for (const [counter, key] of events) wait = Math.max(wait, await counter.waitMs(tx, key, now));
    refuseWhileWaiting(wait);
    for (const [counter, key] of events) await counter.add(tx, key, now);
  });
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
  const { db } = deps;
  const account = `${tenantId}:${mobile}`;
  const fromHere = `${account} ${address}`;
  const devices = deviceKeys(address, fingerprint);
  const now = deps.now();
  const known = await knownDevices.knows(db, account, devices, now);
  const counts: [FailureThrottle, string][] = [[loginAccount, account], [loginAccountAddress, fromHere], [loginAddress, address]];
  const waits: number[] = [];
  for (const [throttle, key] of counts) waits.push(await throttle.begin(db, key, now));
  const wait = Math.max(known ? 0 : waits[0]!, waits[1]!, waits[2]!);
  if (wait > 0) {
    for (const [throttle, key] of counts) await throttle.settle(db, key, now, false);
    refuseWhileWaiting(wait);
  }
  let result: T | null = null;
  try {
    result = await check();
    return result;
  } finally {
    const settled = deps.now();
    const failed = result === null;
    for (const [throttle, key] of counts) await throttle.settle(db, key, settled, failed);
    if (!failed) {
      await loginAccount.reset(db, account);
      await loginAccountAddress.reset(db, fromHere);
      await knownDevices.remember(db, account, devices, settled);
    }
  }
}

/** Whether this device may no longer guess the account's password (the caller's session ends then). */
export async function loginLocked(deps: Deps, tenantId: number, mobile: string, address: string, fingerprint: string): Promise<boolean> {
  const { loginAccount, loginAccountAddress, knownDevices } = deps.throttles;
  const { db } = deps;
  const account = `${tenantId}:${mobile}`;
  const now = deps.now();
  if (await loginAccountAddress.locked(db, `${account} ${address}`, now)) return true;
  return !(await knownDevices.knows(db, account, deviceKeys(address, fingerprint), now)) && await loginAccount.locked(db, account, now);
}

/** Refuses an activation or redeem call while the user or the address waits after too many unknown codes. */
export async function checkCodeGuesses(deps: Deps, userId: number, address: string): Promise<void> {
  const now = deps.now();
  const { codeAccount, codeAddress } = deps.throttles;
  refuseWhileWaiting(Math.max(await codeAccount.waitMs(deps.db, String(userId), now), await codeAddress.waitMs(deps.db, address, now)));
}

/**
 * Counts codes that turned out not to exist, the only outcome a guess nearly always has. Codes that exist (used,
 * expired, of another type) are real codes mistyped or reused, and successes never count.
 */
export async function countUnknownCodes(deps: Deps, userId: number, address: string, count: number): Promise<void> {
  const now = deps.now();
  await deps.throttles.codeAccount.fail(deps.db, String(userId), now, count);
  await deps.throttles.codeAddress.fail(deps.db, address, now, count);
}

/**
 * For a call whose answer tells whether a guessable thing exists (a code, an account): refuses it while the user or
 * the address waits, else runs it with what marks the one thing it looks for as unknown, and counts that as a guess
 * once the call is over. The mark may be made inside a transaction, even one run more than once: it is counted once,
 * after it, whether the call answered or threw.
 */
export async function guessing<T>(deps: Deps, userId: number, address: string, run: (unknown: () => void) => Promise<T>): Promise<T> {
  await checkCodeGuesses(deps, userId, address);
  let unknown = false;
  try {
    return await run(() => {
      unknown = true;
    });
  } finally {
    if (unknown) await countUnknownCodes(deps, userId, address, 1);
  }
}

/**
 * Admits one guest trial from `address` and the device, or refuses it. The fingerprint is the client's word, so it
 * only slows a client that keeps sending the same one; the address limit is the one a script meets. A request
 * without a fingerprint is limited by its address alone.
 */
export async function admitGuestTrial(deps: Deps, address: string, fingerprintId: string): Promise<void> {
  const { guestAddress, guestDevice } = deps.throttles;
  await admitEvents(deps.db, deps.now(), fingerprintId ? [[guestAddress, address], [guestDevice, fingerprintId]] : [[guestAddress, address]]);
}
