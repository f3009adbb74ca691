import { ErrorCode } from '../../shared/error-codes.ts';
import type { activateCodes as activateEndpoint } from '../../shared/contract/shop-codes.ts';
import type { InputOf, ReplyInput } from '../../shared/contract/endpoint.ts';
import type { ActivationStatus, ActivationType } from '../../shared/contract/shop-words.ts';
import { findActivationCode, insertActivationRecord, useActivationCode } from '../data/codes.ts';
import type { ActivationCodeRow } from '../data/codes.ts';
import type { PhoneRow } from '../data/phones.ts';
import { takeStock } from '../data/products.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { createPhones, renewPhone } from './phone-provisioning.ts';
import { loadOwnedPhones } from './phones.ts';
import type { Db, Language, UserRow } from './types.ts';
import { mapInOrder } from './in-order.ts';
import { SETTLEMENT_QUEUE } from '../db/engine.ts';

// Activation codes (API.md "Activation and redeem codes"): type 1 makes a new phone per code, type 2 renews phone i
// with code i. Per-code outcomes are answers, not errors: one bad code does not stop the others.

/**
 * The call once its body passed the schema (shared/contract/shop-codes.ts): well-formed codes, and for type 2 phone i
 * renewed by code i (the same phone may appear twice, two codes renewing it); type 1 names no phones.
 */
export type ActivationRequest = InputOf<typeof activateEndpoint>['body'];

/**
 * With a DetailCode, the status stays one every client knows (activated, already activated, does not exist, spec
 * mismatch, expired, no stock, failed; spec §4) and `errorCode` says exactly why.
 */
export type ActivationResult = ReplyInput<typeof activateEndpoint>[number];

/**
 * Why a code is a `specMismatch`, when a narrower message says it (spec §8): it supports renewal only, purchase only,
 * or is bound to another phone.
 */
type DetailCode = NonNullable<ActivationResult['errorCode']>;

interface Refusal {
  status: ActivationStatus;
  detail?: DetailCode;
}

/**
 * The outcome of one code when nothing is wrong with the call itself; null means it can be applied. A code of the
 * other kind, or one bound to another phone, is a mismatch like a wrong grade, but its detail tells the user what to
 * do instead (use the other entry; pick the phone the code was sold for).
 */
function refusal(row: ActivationCodeRow | undefined, type: ActivationType, phone: PhoneRow | undefined, now: number): Refusal | null {
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
 * One transaction for the whole call: codes, stock, phones and the records change together or not at all
 * (an unexpected error rolls every code back; per-code refusals are recorded and leave the code unused).
 */
export async function activateCodes(db: Db, user: UserRow, request: ActivationRequest, language: Language, now: number): Promise<ActivationResult[]> {
  return await db.transaction(async (db) => {
    const phones = request.type === 2 ? await loadOwnedPhones(db, user, [...new Set(request.userPhoneIds)]) : [];
    return (await mapInOrder(request.codes, async (code, index) => {
      const row = await findActivationCode(db, user.tenant_id, code);
      const phone = request.type === 2 ? phones.find((p) => p.id === request.userPhoneIds[index]) : undefined;
      const refused = refusal(row, request.type, phone, now);
      let status = refused?.status ?? null;
      let userPhoneId = phone?.id;
      if (status === null) {
        // refusal() returned null, so the code exists, is unused, valid and of the right type and grade.
        const valid = row!;
        if (phone) {
          status = await renewPhone(db, phone.id, valid.days, now) ? 'activated' : 'tooLong';
        } else {
          if (await takeStock(db, user.tenant_id, valid.grade_id, 1)) {
            [userPhoneId] = await createPhones(db, { tenantId: user.tenant_id, userId: user.id, gradeId: valid.grade_id, count: 1, days: valid.days, now, language });
          }
          status = userPhoneId === undefined ? 'noStock' : 'activated';
        }
        if (status === 'activated') await useActivationCode(db, valid.id, user.id, userPhoneId!, now);
      }
      await insertActivationRecord(db, {
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
    }));
  }, { queue: SETTLEMENT_QUEUE });
}
