import { DAY_MS } from '../../shared/contract/time-units.ts';
import { ensureDefaultGroup } from '../data/phone-groups.ts';
import { findPhone, highestPhoneNo, insertPhone, phoneNamesWithPrefix, setExpiry } from '../data/phones.ts';
import { gradeName } from '../data/products.ts';
import { DEFAULT_RESOLUTION } from '../../shared/device-types.ts';
import { exceedsValidityCeiling, renewedExpiry } from './pricing.ts';
import type { Db, Language } from './types.ts';

// Phones that a payment or an activation code creates or extends. Always called inside the caller's transaction.

const PHONE_NO = /^CP(\d{8})$/;
const LAST_PHONE_NO = 99_999_999;

/**
 * "<grade> <n>", numbered after the highest such name the user already has, so names stay unique per user and a
 * second purchase continues the count rather than starting again at 1.
 */
async function nextNameNumber(db: Db, userId: number, prefix: string): Promise<number> {
  let highest = 0;
  for (const name of await phoneNamesWithPrefix(db, userId, prefix)) {
    const n = Number(name.slice(prefix.length + 1));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return highest + 1;
}

/** The number after the highest CP number in use, so new phones read as the next devices of the platform. */
async function nextPhoneNo(db: Db): Promise<number | undefined> {
  const last = await highestPhoneNo(db);
  // An empty platform starts at CP10000001; past the last number insertPhone draws a random free one instead.
  const highest = last ? Number(last.match(PHONE_NO)![1]) : 10_000_000;
  return highest < LAST_PHONE_NO ? highest + 1 : undefined;
}

export interface NewPhones {
  tenantId: number;
  userId: number;
  gradeId: number;
  count: number;
  /** Paid days plus extension days; the validity starts now (at payment or activation). */
  days: number;
  now: number;
  language: Language;
}

/** New online phones in the user's default group; returns their ids. */
export async function createPhones(db: Db, spec: NewPhones): Promise<number[]> {
  const groupId = await ensureDefaultGroup(db, spec.userId, spec.now);
  const prefix = await gradeName(db, spec.tenantId, spec.gradeId, spec.language) || `Phone`;
  const firstName = await nextNameNumber(db, spec.userId, prefix);
  const ids: number[] = [];
  for (let i = 0; i < spec.count; i++) {
    const no = await nextPhoneNo(db);
    ids.push(
      await insertPhone(db, {
        tenantId: spec.tenantId,
        userId: spec.userId,
        groupId,
        gradeId: spec.gradeId,
        name: `${prefix} ${firstName + i}`.slice(0, 20),
        expireTime: spec.now + spec.days * DAY_MS,
        createdAt: spec.now,
        phoneNo: no === undefined ? undefined : `CP${no}`,
        status: 'online',
        resolution: DEFAULT_RESOLUTION,
      }),
    );
  }
  return ids;
}

/** Adds days from max(now, expiry). A phone stored as expired is running again once renewed. */
/**
 * Adds the days; false (and nothing changed) when the phone would reach the validity ceiling. A paid order skips
 * the check (`honourPaid`): it was priced under the ceiling, and money taken is always turned into days.
 */
export async function renewPhone(db: Db, phoneId: number, days: number, now: number, honourPaid = false): Promise<boolean> {
  const expireTime = renewedExpiry((await findPhone(db, phoneId))!.expire_time, days, now);
  if (!honourPaid && exceedsValidityCeiling(expireTime, now)) return false;
  await setExpiry(db, phoneId, expireTime);
  return true;
}
