/**
 * Grants: lending a phone to another account of the tenant, by account (mobile number or user number) or by a code
 * (server/API.md "Grants"; spec §1, §4, §5, §7 `validate-auth-code`). Server: server/routes/grants.ts. Client:
 * src/grant/api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { anything, coded, Done, LookupId, pageOf, paging, TextOrNumber } from './fields.ts';
import {
  GRANT_CODE_LENGTH, GRANT_DAYS, GRANT_MODES, GRANT_PAGE_SIZE, GRANT_PERMISSIONS, GRANT_STATUSES, grantDaysOf, isGrantCode,
  normalizeGrantCode,
} from './grant-words.ts';
import type { GrantMode, GrantPermission } from './grant-words.ts';

const GRANT = '/api/device/user/phone/grant';

/** A code as typed (spaces, dashes, lower case forgiven); one without a code's form is "invalid" before any lookup. */
const GrantCode = v.pipe(
  TextOrNumber,
  v.transform(normalizeGrantCode),
  v.check(isGrantCode, coded(ErrorCode.GRANT_CODE_INVALID, `A grant code is ${GRANT_CODE_LENGTH} letters or digits`)),
);

/** One of `words`, or a 400 naming them. */
const oneOf = <T extends string>(words: readonly T[]) =>
  v.pipe(
    anything<T>(),
    v.check((value) => (words as readonly unknown[]).includes(value), `must be one of ${words.join(', ')}`),
    v.transform((value) => value as T),
  );

/**
 * Checked in this order: the phone's id, mode and permission (400s), the days (GRANT_DAYS_INVALID), the agreement
 * (GRANT_AGREEMENT_REQUIRED); then by the server: the phone is the caller's and can change hands now (not expired,
 * busy, being replaced or migrated), the days fit its remaining time, no live share link, no live grant, and for an
 * account grant the grantee.
 */
export const createGrant = endpoint(`POST ${GRANT}/create`, {
  body: v.object({
    userPhoneId: LookupId,
    mode: oneOf<GrantMode>(GRANT_MODES),
    permission: oneOf<GrantPermission>(GRANT_PERMISSIONS),
    days: v.pipe(
      anything<number>(),
      v.transform<number, number | null>((value) => grantDaysOf(value)),
      v.check((days) => days !== null, coded(ErrorCode.GRANT_DAYS_INVALID, `Grant days must be a whole number from ${GRANT_DAYS.min} to ${GRANT_DAYS.max}`)),
      v.transform((days) => days as number),
    ),
    /** Mode account: the grantee's mobile number or user number. Ignored for a code. */
    account: v.pipe(v.optional(TextOrNumber, ''), v.trim()),
    /** The grant agreement was ticked (spec §5): refused without it. */
    agreed: v.pipe(
      v.optional(anything<boolean>(), false),
      v.check((value) => value === true, coded(ErrorCode.GRANT_AGREEMENT_REQUIRED, 'Please read and accept the authorization agreement')),
      v.transform(() => true as const),
    ),
  }),
  reply: v.strictObject({
    grantId: v.number(),
    mode: v.picklist(GRANT_MODES),
    /** Mode code: the code itself, answered this once (only its digest is stored). */
    code: v.optional(v.string()),
    /** Mode account: the grantee's mobile number, masked. */
    grantee: v.optional(v.string()),
    expireTime: v.number(),
  }),
});

/** The caller's grants, newest first, each with its state now. */
export const listGrants = endpoint(`GET ${GRANT}/page`, {
  query: v.object(paging(GRANT_PAGE_SIZE.default, GRANT_PAGE_SIZE.max)),
  reply: pageOf(
    v.strictObject({
      grantId: v.number(),
      userPhoneId: v.number(),
      phoneNo: v.string(),
      phoneName: v.string(),
      mode: v.picklist(GRANT_MODES),
      permission: v.picklist(GRANT_PERMISSIONS),
      status: v.picklist(GRANT_STATUSES),
      days: v.number(),
      /** The grantee's mobile number, masked; '' for a code nobody redeemed. */
      grantee: v.string(),
      /** A code's last characters, so the owner can tell codes apart; '' for an account grant. */
      codeHint: v.string(),
      createTime: v.number(),
      expireTime: v.number(),
    }),
  ),
});

/** Ends a grant (its access at once: the grantee's stream closes); an ended one stays as it is. */
export const revokeGrant = endpoint(`PUT ${GRANT}/revoke`, {
  body: v.object({ grantId: LookupId }),
  reply: Done,
});

/** What a code would grant, before it is redeemed (spec §7). */
export const validateGrantCode = endpoint('GET /api/merchant/auth/validate-auth-code', {
  query: v.object({ code: GrantCode }),
  reply: v.strictObject({
    phoneName: v.string(),
    phoneNo: v.string(),
    permission: v.picklist(GRANT_PERMISSIONS),
    days: v.number(),
    expireTime: v.number(),
    /** The owner's mobile number, masked. */
    owner: v.string(),
  }),
});

/** Redeems a code: the phone is granted to the caller. */
export const redeemGrantCode = endpoint(`POST ${GRANT}/redeem`, {
  body: v.object({ code: GrantCode }),
  reply: v.strictObject({ userPhoneId: v.number(), permission: v.picklist(GRANT_PERMISSIONS), expireTime: v.number() }),
});

/** The phones granted to the caller now, soonest to end first. */
export const listGrantedPhones = endpoint(`GET ${GRANT}/granted-to-me`, {
  reply: v.strictObject({
    list: v.array(
      v.strictObject({
        grantId: v.number(),
        userPhoneId: v.number(),
        phoneNo: v.string(),
        name: v.string(),
        permission: v.picklist(GRANT_PERMISSIONS),
        expireTime: v.number(),
        /** The owner's mobile number, masked. */
        owner: v.string(),
      }),
    ),
    /** The most an account may hold (spec §9), for the page to show against the count. */
    limit: v.number(),
  }),
});

