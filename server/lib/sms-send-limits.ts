import { ErrorCode } from '../../shared/error-codes.ts';
import {
  addressRangeSentAt,
  addressSentAt,
  firstOfHourReserveRangeSentAt,
  firstOfHourReserveSentAt,
  mobileRangeSentAt,
  mobileSentAt,
  ownerReserveSentAt,
  requesterSentAt,
  serverSentAt,
} from '../data/sms-codes.ts';
import type { SmsShare } from '../data/sms-codes.ts';
import { loggedInSince } from '../data/users.ts';
import { addressGroupKey } from './client-address.ts';
import { throttledError } from './errors.ts';
import { isKnownDevice } from './known-devices.ts';
import type { Deps } from './types.ts';
import { HOUR_MS, DAY_MS } from '../../shared/contract/time-units.ts';

// Who may have an SMS code sent (API.md "Authentication"), counted from the stored codes.

export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
/** The share of the server's hourly cap past which only the reserve's sends go; also the reserve's first codes' total. */
export const SMS_RESERVED_SHARE = 0.2;
/** Owner's codes one number may take from the reserve in an hour, asked for from one address group. */
export const SMS_RESERVE_PER_NUMBER = 3;
/** How recent a login must be for its device to count as the owner's. */
const RECENT_LOGIN_MS = 30 * DAY_MS;
/** The digits of a mobile that make its prefix (the operator segment and the region). */
const MOBILE_PREFIX_DIGITS = 7;

/** Who asks for a code. */
export interface SmsRequester {
  /** The client address key (client-address.ts). */
  address: string;
  /** The `fingerprint-id` header, '' without one. */
  fingerprint: string;
  /** A session of the number's own account asks (send-sms-code-logging): the owner, on whatever device. */
  signedIn?: boolean;
}

/** The keys one step past every key that starts with `prefix` (for a range scan: prefix <= key < next). */
function nextPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The address keys of an address's group (addressGroupKey) as a key range, for a scan over stored addresses: an IPv4
 * /24 is the keys from "a.b.c." up to the next prefix; any other group is its one key. The range is bytewise: SQLite's
 * default collation, and the column's own ("C") on PostgreSQL, where a language collation would skip the dots.
 */
function addressGroupRange(address: string): [string, string] {
  const group = addressGroupKey(address);
  // One key: the range up to the key followed by the lowest character PostgreSQL stores (it refuses NUL in text).
  if (!group.endsWith('.0/24')) return [group, `${group}\u0001`];
  const prefix = group.slice(0, -'0/24'.length);
  return [prefix, nextPrefix(prefix)];
}

/** How long until the counted send leaves its window, or 0 when the cap it stands for is not reached. */
function waitFor(oldestCounted: number | null, windowMs: number, now: number): number {
  return oldestCounted === null ? 0 : Math.max(0, oldestCounted + windowMs - now);
}

/**
 * Refuses a send the limits do not allow, else answers which share it is sent from. Two kinds of limit:
 *
 * The requester's own, which bound what one sender can do and apply to everyone: per number, tenant, scene AND
 * requesting address one send a minute and SMS_DAILY_LIMIT a day (were they per number only, a stranger would keep
 * the owner from ever getting a code); per address and per address group (IPv4 /24; an IPv6 key is its /64 already)
 * hourly caps over every number.
 *
 * The shared ones, which a stranger's sends fill for everyone: the hourly cap of the target's prefix (a spray of
 * random numbers shares prefixes) and the server's hourly cap (the SMS gateway's quota: past it sending fails,
 * SMS_SEND_FAILED). They never refuse the owner's device (the number's live account logged in from the requester's
 * address or fingerprint within 30 days, or its session asks) nor a number that had no code this hour. Past the
 * server cap's open share (all but SMS_RESERVED_SHARE) only those two kinds go, from the reserve:
 * - the owner's are counted per number and address group only (SMS_RESERVE_PER_NUMBER): no count a stranger's sends
 *   fill refuses them, not even a stranger behind the owner's carrier NAT;
 * - a number's first code of the hour (at most one per number an hour, whoever asks) is counted per address group
 *   (smsReserveGroupPerHour) and in a server-wide total, the reserved share of the server cap, so what the gateway is
 *   asked for besides the owners' codes stays within smsGlobalPerHour however many groups send.
 *
 * Each refusal carries `retryAfterSeconds`, when the send it waits for leaves its window.
 */
export async function checkSendLimits(deps: Deps, tenantId: number, mobile: string, scene: number, requester: SmsRequester, now: number): Promise<{ share: SmsShare }> {
  const { db, limits } = deps;
  const { address } = requester;
  const [groupFrom, groupTo] = addressGroupRange(address);
  const tooFrequent = (wait: number) => {
    if (wait > 0) throw throttledError(ErrorCode.SMS_SEND_TOO_FREQUENT, wait);
  };
  tooFrequent(waitFor(await requesterSentAt(db, tenantId, mobile, scene, address, 0), SMS_RESEND_INTERVAL_MS, now));
  tooFrequent(waitFor(await requesterSentAt(db, tenantId, mobile, scene, address, SMS_DAILY_LIMIT - 1), DAY_MS, now));
  tooFrequent(waitFor(await addressSentAt(db, address, limits.smsAddressPerHour - 1), HOUR_MS, now));
  tooFrequent(waitFor(await addressRangeSentAt(db, groupFrom, groupTo, limits.smsAddressGroupPerHour - 1), HOUR_MS, now));

  const fresh = waitFor(await mobileSentAt(db, tenantId, mobile, 0), HOUR_MS, now) === 0;
  const owner =
    requester.signedIn === true ||
    (await loggedInSince(db, tenantId, mobile, now - RECENT_LOGIN_MS) && await isKnownDevice({ ...deps, db }, tenantId, mobile, address, requester.fingerprint));
  if (!fresh && !owner) {
    const prefix = mobile.slice(0, MOBILE_PREFIX_DIGITS);
    tooFrequent(waitFor(await mobileRangeSentAt(db, tenantId, prefix, nextPrefix(prefix), limits.smsPrefixPerHour - 1), HOUR_MS, now));
  }

  const openShare = Math.ceil(limits.smsGlobalPerHour * (1 - SMS_RESERVED_SHARE));
  const openWait = waitFor(await serverSentAt(db, openShare - 1), HOUR_MS, now);
  if (openWait === 0) return { share: 'open' };
  // The open share is spent: a send waits for it to free, or for room in the reserve where it may draw on that.
  const share: SmsShare | null = owner ? 'owner' : fresh ? 'first-of-hour' : null;
  const reserveWait = share === null ? Infinity : await reserveWaitFor(deps, share, tenantId, mobile, groupFrom, groupTo, openShare, now);
  if (share !== null && reserveWait === 0) return { share };
  throw throttledError(ErrorCode.SMS_SEND_FAILED, Math.min(openWait, reserveWait));
}

/** How long a send of the reserve's kind `share` waits for room in it, 0 when it may go now. */
async function reserveWaitFor(deps: Deps, share: SmsShare, tenantId: number, mobile: string, from: string, to: string, openShare: number, now: number): Promise<number> {
  const { db, limits } = deps;
  if (share === 'owner') return waitFor(await ownerReserveSentAt(db, tenantId, mobile, from, to, SMS_RESERVE_PER_NUMBER - 1), HOUR_MS, now);
  const total = limits.smsGlobalPerHour - openShare;
  if (total <= 0) return Infinity;
  return Math.max(
    waitFor(await firstOfHourReserveRangeSentAt(db, from, to, limits.smsReserveGroupPerHour - 1), HOUR_MS, now),
    waitFor(await firstOfHourReserveSentAt(db, total - 1), HOUR_MS, now),
  );
}
