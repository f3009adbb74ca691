/**
 * New machine's replies in the spec §8 catalogue, with their texts in the new-machine part (`newMachine.errors.*`).
 * Registered by texts/index.ts with that part. The phone refusals a change also answers per phone (expired, busy,
 * replacing, maintenance, too many at once) are core's entries. The codes stay in shared/reply-codes.ts: the reference
 * server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const NEW_MACHINE_ERRORS: readonly CatalogueEntry[] = [
  { key: 'newMachine.errors.modelNotExist', codes: [C.MOCK_MODEL_NOT_EXIST], match: ['device model does not exist'] },
  { key: 'newMachine.errors.phoneAuthorized', codes: [C.MOCK_PHONE_AUTHORIZED], match: ['model of an authorized phone'] },
  { key: 'newMachine.errors.typeInvalid', codes: [C.MOCK_TYPE_INVALID], match: ['type of change is not valid'] },
];
