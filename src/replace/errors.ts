/**
 * Replacement's replies in the spec §8 catalogue, with their texts in the replace part (`replace.errors.*`,
 * texts/replace-<lang>.ts). Registered by texts/index.ts with that part, which the change-phone page waits for. The
 * device refusals a replacement also answers with (does not exist, expired, busy, being replaced, being cloned,
 * replacement failed, too many at once) are core's entries. The codes stay in shared/reply-codes.ts: the reference
 * server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const REPLACE_ERRORS: readonly CatalogueEntry[] = [
  { key: 'replace.errors.statusNotAllowed', codes: [C.REPLACE_STATUS_NOT_ALLOWED], match: ['cannot be replaced in its current status'] },
  { key: 'replace.errors.timeTooShort', codes: [C.REPLACE_TIME_TOO_SHORT], match: ['too little time left to be replaced'] },
  { key: 'replace.errors.tooFrequent', codes: [C.REPLACE_TOO_FREQUENT], match: ['replaced too recently'] },
  { key: 'replace.errors.authorized', codes: [C.REPLACE_AUTHORIZED], match: ['authorized phone cannot be replaced'] },
];
