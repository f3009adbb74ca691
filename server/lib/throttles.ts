import { ErrorCode } from '../../src/core/error-codes.ts';
import { throttledError } from './errors.ts';
import { deviceKeys, KnownDevices } from './known-devices.ts';
import { FailureThrottle, WindowCounter } from './rate-limit.ts';
import type { Deps } from './types.ts';

// What the server refuses to do too often (API.md "Throttling"): password guesses, activation and redeem code
// guesses, guest trials; and how much analytics it keeps (API.md "Analytics"). SMS sends are limited in
// sms-send-limits.ts from the codes the database keeps. Refusals are TOO_MANY_REQUESTS with
// `data: {retryAfterSeconds}` and a Retry-After header, and are not counted themselves.

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
  /** The same for one address group: an IPv4 /24 (an IPv6 client is already counted by its /64). */
  smsAddressGroupPerHour: number;
  /** SMS codes sent to the numbers of one prefix (the first 7 digits) of a tenant in any hour. */
  smsPrefixPerHour: number;
  /**
   * SMS codes the whole server sends in any hour; past its open share only the reserve's sends go (sms-send-limits.ts),
   * others fail (SMS_SEND_FAILED) as past a gateway quota.
   */
  smsGlobalPerHour: number;
  /** First codes of the hour one address group may have sent from that reserve in any hour (not the owner's codes). */
  smsReserveGroupPerHour: number;
  /** Guest trials one client address may start in any hour. */
  guestAddressPerHour: number;
  /** Guest trials one device (the `fingerprint-id` header) may start in any hour. */
  guestDevicePerHour: number;
  /** Joins of share links from one client address in any hour (a link cannot be flooded with viewers). */
  shareJoinAddressPerHour: number;
  /** Analytics sends (each at most 50 events) one client address may make in any minute. */
  analyticsAddressPerMinute: number;
  /** The same for one address group: an IPv4 /24 (an IPv6 client is already counted by its /64). */
  analyticsAddressGroupPerMinute: number;
  /** UTF-8 bytes of one event's properties as stored JSON; the properties past it are dropped (data/analytics.ts). */
  analyticsPropertiesMaxBytes: number;
  /** Events stored per tenant per UTC day; the events of a send past it are taken and dropped. */
  analyticsTenantEventsPerDay: number;
  /** Days an event is kept after it was received; an hourly sweep deletes older ones. */
  analyticsRetentionDays: number;
  /** Questions one user may ask the assistant in any minute (each answer holds a stream and searches the help pages). */
  assistantUserPerMinute: number;
  /**
   * Questions from one client address in any minute, whoever asks: guests need no account, so a script starting
   * trials would otherwise get a fresh per-user allowance with each.
   */
  assistantAddressPerMinute: number;
  /** Feedback messages one user may send the assistant in any hour (each is stored for the operators to read). */
  assistantFeedbackUserPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginAccountMaxFailures: 5,
  loginAddressMaxFailures: 50,
  codeAccountMaxFailures: 20,
  codeAddressMaxFailures: 50,
  lockSeconds: 15 * 60,
  smsAddressPerHour: 30,
  smsAddressGroupPerHour: 100,
  smsPrefixPerHour: 50,
  smsGlobalPerHour: 1000,
  smsReserveGroupPerHour: 20,
  guestAddressPerHour: 10,
  guestDevicePerHour: 3,
  shareJoinAddressPerHour: 120,
  analyticsAddressPerMinute: 60,
  analyticsAddressGroupPerMinute: 240,
  analyticsPropertiesMaxBytes: 2048,
  analyticsTenantEventsPerDay: 200_000,
  analyticsRetentionDays: 30,
  assistantUserPerMinute: 20,
  assistantAddressPerMinute: 60,
  assistantFeedbackUserPerHour: 10,
};

/** Environment variable of each limit (positive integers); listed in the README's configuration table. */
export const LIMIT_ENV: Record<string, keyof Limits> = {
  LOGIN_ACCOUNT_MAX_FAILURES: 'loginAccountMaxFailures',
  LOGIN_ADDRESS_MAX_FAILURES: 'loginAddressMaxFailures',
  CODE_ACCOUNT_MAX_FAILURES: 'codeAccountMaxFailures',
  CODE_ADDRESS_MAX_FAILURES: 'codeAddressMaxFailures',
  THROTTLE_LOCK_SECONDS: 'lockSeconds',
  SMS_ADDRESS_LIMIT_PER_HOUR: 'smsAddressPerHour',
  SMS_ADDRESS_GROUP_LIMIT_PER_HOUR: 'smsAddressGroupPerHour',
  SMS_PREFIX_LIMIT_PER_HOUR: 'smsPrefixPerHour',
  SMS_GLOBAL_LIMIT_PER_HOUR: 'smsGlobalPerHour',
  SMS_RESERVE_GROUP_LIMIT_PER_HOUR: 'smsReserveGroupPerHour',
  GUEST_ADDRESS_LIMIT_PER_HOUR: 'guestAddressPerHour',
  GUEST_DEVICE_LIMIT_PER_HOUR: 'guestDevicePerHour',
  SHARE_JOIN_ADDRESS_LIMIT_PER_HOUR: 'shareJoinAddressPerHour',
  ANALYTICS_ADDRESS_LIMIT_PER_MINUTE: 'analyticsAddressPerMinute',
  ANALYTICS_ADDRESS_GROUP_LIMIT_PER_MINUTE: 'analyticsAddressGroupPerMinute',
  ANALYTICS_PROPERTIES_MAX_BYTES: 'analyticsPropertiesMaxBytes',
  ANALYTICS_TENANT_EVENTS_PER_DAY: 'analyticsTenantEventsPerDay',
  ANALYTICS_RETENTION_DAYS: 'analyticsRetentionDays',
  ASSISTANT_QUESTIONS_PER_MINUTE: 'assistantUserPerMinute',
  ASSISTANT_ADDRESS_QUESTIONS_PER_MINUTE: 'assistantAddressPerMinute',
  ASSISTANT_FEEDBACK_PER_HOUR: 'assistantFeedbackUserPerHour',
};

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
