/**
 * The phone check (spec §2 page phoneCheck, which names no call: server/API.md "Phone check"): one phone's health
 * before use, each check with its result, its figures and the fix a problem offers. Server: server/routes/phone-check.ts.
 * Client: src/phone-check/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Id } from './fields.ts';
import { BUSINESS_STATUSES } from './device-words.ts';
import { CHECK_FIXES, CHECK_NAMES, CHECK_RESULTS } from './phone-check-words.ts';

export const PhoneCheckItem = v.strictObject({
  name: v.picklist(CHECK_NAMES),
  result: v.picklist(CHECK_RESULTS),
  /** Offered for a warning or a problem; null when there is nothing the user can do but wait. */
  fix: v.nullable(v.picklist(CHECK_FIXES)),
  /** The catalogue's code for what is wrong (reachable, status, time), 0 otherwise. */
  code: v.number(),
  msg: v.string(),
  /**
   * The figure: bytes in use (storage, memory), milliseconds (time: validity left; latency: the round trip), null when
   * skipped or when the check has no figure (reachable, status).
   */
  value: v.nullable(v.number()),
  /** What the figure is measured against: bytes in all (storage, memory), the expiring-soon threshold in ms (time). */
  limit: v.nullable(v.number()),
});

export const checkPhone = endpoint('GET /api/device/user/phone/check', {
  query: v.object({ userPhoneId: Id }),
  reply: v.strictObject({
    userPhoneId: v.number(),
    phoneNo: v.string(),
    name: v.string(),
    businessStatus: v.picklist(BUSINESS_STATUSES),
    checkedAt: v.number(),
    checks: v.array(PhoneCheckItem),
  }),
});
