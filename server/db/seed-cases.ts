import { insertActivationCode } from '../data/codes.ts';
import { insertOrder, listOrders } from '../data/orders.ts';
import { findPhoneByNo } from '../data/phones.ts';
import type { PhoneRow } from '../data/phones.ts';
import { findUserByMobile } from '../data/users.ts';
import { newOrderNo } from '../lib/orders.ts';
import type { Db, UserRow } from '../lib/types.ts';
import type { SeedPhone } from './seed-devices.ts';
import { MINUTE_MS, DAY_MS } from '../../shared/contract/time-units.ts';

// The "error cases" account of the seed (API.md "Seed"): one phone, code or order per error message (device fault,
// activation code refused, ...; spec §8) that the demo account's phones do not already show, so a newcomer can log in
// and see each message. It is an account of its own because the browser tests count and name the demo account's
// phones.

export const CASES_MOBILE = '13800138002';
/** Its phones are numbered from here (CP10000201...): below the scale account's, so new phones still follow those. */
export const CASES_FIRST_NO = 10_000_201;

/** In numbering order; the comments name what each one shows (API.md "Devices" and "Commerce"). */
export const CASE_PHONES: SeedPhone[] = [
  // Opening: device fault; reboot, quick restart or reset: restart failed; root or resolution: command exception.
  { name: 'Faulty host', grade: 1, group: '', status: 'online', expiresIn: 30 * DAY_MS, fault: 'malfunction' },
  // Opening and every operation: device not connected.
  { name: 'Unplugged', grade: 1, group: '', status: 'online', expiresIn: 30 * DAY_MS, fault: 'disconnected' },
  // Opening and every operation: being replaced / migrated or transferred.
  { name: 'Swap pending', grade: 2, group: '', status: 'replacing', expiresIn: 40 * DAY_MS },
  { name: 'Moved away', grade: 2, group: '', status: 'migrating', expiresIn: 25 * DAY_MS },
  // Paying its seeded upgrade order: remaining time insufficient (for 20 minutes after the seed, see below).
  { name: 'Last day', grade: 1, group: '', status: 'online', expiresIn: DAY_MS - 5 * MINUTE_MS },
  // The phone BOUNDSTD0001 was sold for: it renews this phone only.
  { name: 'Sold with code', grade: 1, group: '', status: 'online', expiresIn: 30 * DAY_MS },
  // Renewed by BOUNDSTD0001: not bound to a cloud phone; reset, then opened within 8 s: token fetch failed.
  { name: 'Spare line', grade: 1, group: '', status: 'online', expiresIn: 60 * DAY_MS },
];

const phoneNo = (name: string) => `CP${CASES_FIRST_NO + CASE_PHONES.findIndex((p) => p.name === name)}`;

/** The account's phone of that name, if the seed made it (phones are only seeded into an empty table). */
async function casePhone(db: Db, user: UserRow, name: string): Promise<PhoneRow | undefined> {
  const phone = await findPhoneByNo(db, phoneNo(name));
  return phone && phone.user_id === user.id ? phone : undefined;
}

/**
 * Follows the rule of the other codes and orders: only while their table was empty when this seed began (`empty`,
 * read by seed() before seedCommerce fills the codes), so a code used or an order paid since stays as it is.
 */
export async function seedCases(db: Db, now: number, empty: { codes: boolean; orders: boolean }): Promise<void> {
  const user = await findUserByMobile(db, 1, CASES_MOBILE);
  if (!user) return;

  const sold = await casePhone(db, user, 'Sold with code');
  if (empty.codes && sold) {
    await insertActivationCode(db, { tenantId: 1, code: 'BOUNDSTD0001', type: 2, gradeId: 1, days: 30, expiresAt: now + 365 * DAY_MS, boundPhoneId: sold.id, createdAt: now });
  }

  // Placed 10 minutes before the seed, when the phone still had a day and 5 minutes, and priced then: 1 day of
  // Standard to Pro (260 - 130 cents a day). Payable until the 30-minute window closes, 20 minutes after the seed.
  const lastDay = await casePhone(db, user, 'Last day');
  if (empty.orders && lastDay && (await listOrders(db, user.id, null, now, 1, 0)).total === 0) {
    const placed = now - 10 * MINUTE_MS;
    const line = { userPhoneId: lastDay.id, gradeId: 2, fromGradeId: 1, days: 1, amount: 130, newExpireTime: lastDay.expire_time };
    await insertOrder(
      db,
      {
        tenantId: 1,
        userId: user.id,
        type: 'upgrade',
        gradeId: 2,
        packageId: null,
        days: 1,
        extraDays: 0,
        quantity: 1,
        phoneIds: [lastDay.id],
        lines: [line],
        originalAmount: 130,
        discountAmount: 0,
        payAmount: 130,
        couponId: null,
        allocateLater: false,
        language: 'en-US',
        createTime: placed,
      },
      () => newOrderNo(placed),
    );
  }
}
