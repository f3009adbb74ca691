import { ErrorCode } from '../../src/core/error-codes.ts';
import type { ActivationStatus } from '../../src/shop/order-types.ts';
import { isActivationCode, MAX_CODES_PER_CALL } from '../../src/shop/code-list.ts';
import { findActivationCode, insertActivationRecord, useActivationCode } from '../data/codes.ts';
import type { ActivationCodeRow } from '../data/codes.ts';
import type { PhoneRow } from '../data/phones.ts';
import { takeStock } from '../data/products.ts';
import { immediate } from '../data/statements.ts';
import { apiError, badRequest, ERROR_MESSAGES } from './errors.ts';
import { createPhones, renewPhone } from './phone-provisioning.ts';
import { loadOwnedPhones } from './phones.ts';
import { asPositiveInt, asString } from './request.ts';
import type { Body } from './request.ts';
import type { Db, Language, UserRow } from './types.ts';

// Activation codes (API.md "Activation and redeem codes"): type 1 makes a new phone per code, type 2 renews phone i
// with code i. Per-code outcomes are answers, not errors: one bad code does not stop the others.

export interface ActivationRequest {
  codes: string[];
  type: 1 | 2;
  /** Type 2: phone i is renewed by code i (the same phone may appear twice, two codes renewing it). */
  userPhoneIds: number[];
}

/** The spec §8 activation messages that are narrower than their spec §4 state (all three are `specMismatch`). */
type DetailCode = typeof ErrorCode.ACTIVATION_RENEWAL_ONLY | typeof ErrorCode.ACTIVATION_PURCHASE_ONLY | typeof ErrorCode.ACTIVATION_NOT_BOUND;

export interface ActivationResult {
  code: string;
  status: ActivationStatus;
  userPhoneId?: number;
  /** Only with a DetailCode: the status stays one of the §4 states every client knows, this says exactly why. */
  errorCode?: DetailCode;
  msg?: string;
}

interface Refusal {
  status: ActivationStatus;
  detail?: DetailCode;
}

/** Format first (the whole call is refused for one malformed code), then the pairing of codes and phones. */
export function parseActivation(body: Body): ActivationRequest {
  const raw = Array.isArray(body.codes) ? body.codes : [];
  if (raw.length > MAX_CODES_PER_CALL) throw badRequest(`At most ${MAX_CODES_PER_CALL} codes at once`);
  // Case is kept: codes are case-sensitive (spec §5), so "newstd000001" is not "NEWSTD000001".
  const codes = raw.map((code) => (typeof code === 'string' ? code.trim() : ''));
  if (codes.length === 0 || codes.some((code) => !isActivationCode(code))) throw apiError(ErrorCode.CODE_FORMAT_INVALID);
  const type = asString(body.type) === '1' ? 1 : asString(body.type) === '2' ? 2 : null;
  if (type === null) throw badRequest('type must be 1 or 2');
  if (type === 1) return { codes, type, userPhoneIds: [] };
  const ids = Array.isArray(body.userPhoneIds) ? body.userPhoneIds.map(asPositiveInt) : [];
  if (ids.length !== codes.length) throw apiError(ErrorCode.CODE_COUNT_MISMATCH);
  if (ids.some((id) => id === null)) throw badRequest('userPhoneIds must be positive integers');
  return { codes, type, userPhoneIds: ids as number[] };
}

/**
 * The outcome of one code when nothing is wrong with the call itself; null means it can be applied. A code of the
 * other kind, or one bound to another phone, is a mismatch like a wrong grade, but its detail tells the user what to
 * do instead (use the other entry; pick the phone the code was sold for).
 */
function refusal(row: ActivationCodeRow | undefined, type: 1 | 2, phone: PhoneRow | undefined, now: number): Refusal | null {
  if (!row) return { status: 'notExist' };
  if (row.used_at !== null) return { status: 'alreadyActivated' };
  if (now >= row.expires_at) return { status: 'expired' };
  if (row.type === 2 && type === 1) return { status: 'specMismatch', detail: ErrorCode.ACTIVATION_RENEWAL_ONLY };
  if (row.type === 1 && type === 2) return { status: 'specMismatch', detail: ErrorCode.ACTIVATION_PURCHASE_ONLY };
  if (row.bound_phone_id !== null && phone?.id !== row.bound_phone_id) return { status: 'specMismatch', detail: ErrorCode.ACTIVATION_NOT_BOUND };
  if (phone && phone.grade_id !== row.grade_id) return { status: 'specMismatch' };
  return null;
}

/**
 * One immediate transaction for the whole call: codes, stock, phones and the records change together or not at all
 * (an unexpected error rolls every code back; per-code refusals are recorded and leave the code unused).
 */
export function activateCodes(db: Db, user: UserRow, request: ActivationRequest, language: Language, now: number): ActivationResult[] {
  return immediate(db, () => {
    const phones = request.type === 2 ? loadOwnedPhones(db, user, [...new Set(request.userPhoneIds)]) : [];
    return request.codes.map((code, index) => {
      const row = findActivationCode(db, user.tenant_id, code);
      const phone = request.type === 2 ? phones.find((p) => p.id === request.userPhoneIds[index]) : undefined;
      const refused = refusal(row, request.type, phone, now);
      let status = refused?.status ?? null;
      let userPhoneId = phone?.id;
      if (status === null) {
        // refusal() returned null, so the code exists, is unused, valid and of the right type and grade.
        const valid = row!;
        if (phone) {
          status = renewPhone(db, phone.id, valid.days, now) ? 'activated' : 'tooLong';
        } else {
          if (takeStock(db, user.tenant_id, valid.grade_id, 1)) {
            [userPhoneId] = createPhones(db, { tenantId: user.tenant_id, userId: user.id, gradeId: valid.grade_id, count: 1, days: valid.days, now, language });
          }
          status = userPhoneId === undefined ? 'noStock' : 'activated';
        }
        if (status === 'activated') useActivationCode(db, valid.id, user.id, userPhoneId!, now);
      }
      insertActivationRecord(db, {
        tenantId: user.tenant_id,
        userId: user.id,
        code,
        type: request.type,
        status,
        gradeId: row?.grade_id ?? null,
        days: row?.days ?? null,
        userPhoneId: userPhoneId ?? null,
        createdAt: now,
      });
      const detail = refused?.detail;
      return {
        code,
        status,
        ...(userPhoneId === undefined ? {} : { userPhoneId }),
        ...(detail === undefined ? {} : { errorCode: detail, msg: ERROR_MESSAGES[detail] }),
      };
    });
  });
}
