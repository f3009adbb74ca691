/**
 * The transfers' replies in the spec §8 catalogue, with their texts in the transfer part (`transfer.errors.*`,
 * texts/transfer-<lang>.ts). Registered by texts/index.ts with that part, which the transfer pages wait for. The
 * device refusals a transfer also answers with (does not exist, expired, busy, replacing, migrated, too many at once)
 * are core's entries. The codes stay in shared/reply-codes.ts: the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const TRANSFER_ERRORS: readonly CatalogueEntry[] = [
  { key: 'transfer.errors.authorized', codes: [C.TRANSFER_AUTHORIZED], match: ['authorized phone cannot be transferred'] },
  { key: 'transfer.errors.timeTooShort', codes: [C.TRANSFER_TIME_TOO_SHORT], match: ['too little time left to be transferred'] },
  { key: 'transfer.errors.userDayLimit', codes: [C.TRANSFER_USER_DAY_LIMIT], match: ["reached today's transfer limit"] },
  { key: 'transfer.errors.phoneDayLimit', codes: [C.TRANSFER_PHONE_DAY_LIMIT] },
  { key: 'transfer.errors.tooFrequent', codes: [C.TRANSFER_TOO_FREQUENT], match: ['transferred too recently'] },
  { key: 'transfer.errors.targetNotFound', codes: [C.TRANSFER_TARGET_NOT_FOUND], match: ['receiving account does not exist'] },
  { key: 'transfer.errors.self', codes: [C.TRANSFER_SELF], match: ['transferred to its own account'] },
];
