/**
 * The grant pages' replies in the spec §8 catalogue (create, revoke, validate and redeem a code), with their texts in
 * the grant part (`grant.errors.*`, texts/grant-<lang>.ts). Registered by texts/index.ts with that part, which every
 * grant page waits for: only the grant calls answer with these codes. The codes are in shared/reply-codes.ts (the
 * reference server answers with them).
 */
// The codes as a namespace, read member by member: the bundler then writes in only the codes read here.
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const GRANT_ERRORS: readonly CatalogueEntry[] = [
  { key: 'grant.errors.daysInvalid', codes: [C.GRANT_DAYS_INVALID] },
  { key: 'grant.errors.daysOverRemaining', codes: [C.GRANT_DAYS_OVER_REMAINING] },
  { key: 'grant.errors.limitReached', codes: [C.GRANT_LIMIT_REACHED] },
  { key: 'grant.errors.targetNotFound', codes: [C.GRANT_TARGET_NOT_FOUND] },
  { key: 'grant.errors.self', codes: [C.GRANT_SELF] },
  { key: 'grant.errors.codeInvalid', codes: [C.GRANT_CODE_INVALID] },
  { key: 'grant.errors.codeUsed', codes: [C.GRANT_CODE_USED] },
  { key: 'grant.errors.phoneShared', codes: [C.GRANT_PHONE_SHARED] },
  { key: 'grant.errors.phoneAuthorized', codes: [C.GRANT_PHONE_AUTHORIZED] },
  { key: 'grant.errors.notExist', codes: [C.GRANT_NOT_EXIST] },
  { key: 'grant.errors.agreementRequired', codes: [C.GRANT_AGREEMENT_REQUIRED] },
];
