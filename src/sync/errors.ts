/**
 * Group control's replies in the spec §8 catalogue, with their texts in the sync part (`sync.errors.*`,
 * texts/sync-<lang>.ts), registered by texts/index.ts with that part. The device refusals a start or a switch also
 * answers with (does not exist, offline, expired, busy) are core's entries. The codes stay in shared/reply-codes.ts:
 * the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const SYNC_ERRORS: readonly CatalogueEntry[] = [
  { key: 'sync.errors.authorized', codes: [C.SYNC_AUTHORIZED], match: ['authorized device does not support sync'] },
  { key: 'sync.errors.count', codes: [C.SYNC_COUNT_INVALID], match: ['group control takes 2 to 20 devices'] },
  { key: 'sync.errors.mainNotMember', codes: [C.SYNC_MAIN_NOT_MEMBER] },
  { key: 'sync.errors.alreadySynced', codes: [C.SYNC_ALREADY_SYNCED], match: ['already in group control'] },
  { key: 'sync.errors.mainCannotLeave', codes: [C.SYNC_MAIN_CANNOT_LEAVE], match: ['main-control device cannot leave sync'] },
  { key: 'sync.errors.notExist', codes: [C.SYNC_NOT_EXIST], match: ['group control does not exist'] },
];
