/**
 * Activation codes (12 letters or digits, case-sensitive) and redeem codes (1-20 letters or digits) (server/API.md
 * "Activation and redeem codes"; spec §5).
 * Server: server/routes/codes.ts. Client: src/shop/codes-api.ts.
 */
import * as v from 'valibot';
import { ErrorCode } from '../error-codes.ts';
import { endpoint } from './endpoint.ts';
import { checkRedeemCode, isActivationCode } from '../code-list.ts';
import { asPositiveInt, asText, coded, isAbsent, pageOf, paging, TextOrNumber } from './fields.ts';
import {
  ACTIVATION_CODE_LENGTH, ACTIVATION_STATUSES, ACTIVATION_TYPES, CODE_RECORD_PAGE_SIZE, MAX_CODES_PER_CALL, REDEEM_CODE_MAX,
} from './shop-words.ts';
import type { ActivationType } from './shop-words.ts';

const ACTIVATION = '/api/product/activation-code';

/** Any value, typed for the sender as `T`: the checks that follow decide. */
const anything = <T>() => v.custom<T>(() => true);

/**
 * Checked in this order: how many codes, their format (one malformed code refuses the whole call), the type, then
 * for a renewal the pairing of codes and phones. A renewal may name one phone twice: two codes renewing it.
 */
const Activation = v.pipe(
  v.object({
    codes: v.pipe(
      anything<string[]>(),
      v.check((value: string[]) => isAbsent(value) || Array.isArray(value), 'must be an array of codes'),
      v.transform((value) => (Array.isArray(value) ? (value as unknown[]) : [])),
      // A code people type as digits may come as a JSON number; any other type is no code at all.
      v.check((codes) => codes.every((code) => typeof code === 'string' || (typeof code === 'number' && Number.isFinite(code))), 'must be an array of codes'),
      v.check((codes) => codes.length <= MAX_CODES_PER_CALL, coded(ErrorCode.BAD_REQUEST, `At most ${MAX_CODES_PER_CALL} codes at once`)),
      // Case is kept: codes are case-sensitive (spec §5), so "newstd000001" is not "NEWSTD000001".
      v.transform((codes) => codes.map((code) => String(code).trim())),
      v.check(
        (codes) => codes.length > 0 && codes.every(isActivationCode),
        coded(ErrorCode.CODE_FORMAT_INVALID, `An activation code is ${ACTIVATION_CODE_LENGTH} letters or digits`),
      ),
    ),
    type: v.pipe(
      anything<ActivationType>(),
      v.transform((value) => ACTIVATION_TYPES.find((type) => String(type) === asText(value)) ?? null),
      v.check((type) => type !== null, `must be ${ACTIVATION_TYPES.join(' or ')}`),
      v.transform((type) => type as ActivationType),
    ),
    /** Type 2: phone i is renewed by code i. Ignored for type 1 (but, when sent, still an array). */
    userPhoneIds: v.pipe(
      anything<number[] | undefined>(),
      v.check((value) => isAbsent(value) || Array.isArray(value), 'must be an array of ids'),
      v.transform((value) => (Array.isArray(value) ? (value as unknown[]).map(asPositiveInt) : [])),
    ),
  }),
  v.forward(
    v.check(
      (input) => input.type === 1 || input.userPhoneIds.length === input.codes.length,
      coded(ErrorCode.CODE_COUNT_MISMATCH, 'The number of codes must equal the number of selected phones'),
    ),
    ['userPhoneIds'],
  ),
  v.forward(
    v.check((input) => input.type === 1 || !input.userPhoneIds.includes(null), 'must be positive integers'),
    ['userPhoneIds'],
  ),
  v.transform((input) => ({ ...input, userPhoneIds: input.type === 1 ? [] : (input.userPhoneIds as number[]) })),
);

/**
 * Per-code outcomes are answers, not errors: one bad code does not stop the others. `errorCode` and `msg` come with
 * a narrower message than the status, all three a `specMismatch` (spec §8): the code supports renewal only,
 * purchase only, or is bound to another phone.
 */
export const activateCodes = endpoint(`POST ${ACTIVATION}/activate`, {
  body: Activation,
  reply: v.array(
    v.strictObject({
      code: v.string(),
      status: v.picklist(ACTIVATION_STATUSES),
      /** The phone made or renewed. */
      userPhoneId: v.optional(v.number()),
      errorCode: v.optional(v.picklist([ErrorCode.ACTIVATION_RENEWAL_ONLY, ErrorCode.ACTIVATION_PURCHASE_ONLY, ErrorCode.ACTIVATION_NOT_BOUND])),
      msg: v.optional(v.string()),
    }),
  ),
});

/** Every attempt of the caller, newest first, refused codes too. */
export const listCodeRecords = endpoint(`GET ${ACTIVATION}/record/page`, {
  query: v.object(paging(CODE_RECORD_PAGE_SIZE.default, CODE_RECORD_PAGE_SIZE.max)),
  reply: pageOf(
    v.strictObject({
      code: v.string(),
      type: v.picklist(ACTIVATION_TYPES),
      status: v.picklist(ACTIVATION_STATUSES),
      /** '' and 0 for a code that does not exist. */
      gradeName: v.string(),
      days: v.number(),
      userPhoneId: v.nullable(v.number()),
      phoneNo: v.string(),
      /** When it was tried. */
      usedAt: v.number(),
    }),
  ),
});

/** Trimmed and matched ignoring case (people type these from posters); a code grants a coupon, once. */
export const redeemCode = endpoint('POST /api/promotion/redeem-code/use', {
  body: v.object({
    code: v.pipe(
      TextOrNumber,
      v.trim(),
      v.check((code) => checkRedeemCode(code) === null, coded(ErrorCode.REDEEM_CODE_INVALID, `A redeem code is 1-${REDEEM_CODE_MAX} letters or digits`)),
    ),
  }),
  reply: v.strictObject({ kind: v.literal('coupon'), couponId: v.number() }),
});
