/**
 * The clone replies (templates kept and per day, validity, not ready, expired, batch and day limits, authorised
 * phones), with their texts in the clones part (`clones.errors.*`, texts/clones-<lang>.ts). Registered by
 * texts/index.ts with that part. The codes stay in shared/reply-codes.ts: the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const CLONE_ERRORS: readonly CatalogueEntry[] = [
  { key: 'clones.errors.templateMax', codes: [C.TEMPLATE_MAX_LIMIT], match: ['maximum number of clone templates'] },
  { key: 'clones.errors.templateDay', codes: [C.TEMPLATE_DAY_LIMIT], match: ["today's clone template limit"] },
  { key: 'clones.errors.templateTime', codes: [C.TEMPLATE_TIME_TOO_SHORT] },
  { key: 'clones.errors.templateNotExist', codes: [C.TEMPLATE_NOT_EXIST], match: ['clone template does not exist'] },
  { key: 'clones.errors.templateNotReady', codes: [C.TEMPLATE_NOT_READY] },
  { key: 'clones.errors.templateExpired', codes: [C.TEMPLATE_EXPIRED], match: ['clone template has expired'] },
  { key: 'clones.errors.cloneBatch', codes: [C.CLONE_BATCH_LIMIT] },
  { key: 'clones.errors.cloneDay', codes: [C.CLONE_DAY_LIMIT], match: ["today's clone limit"] },
  { key: 'clones.errors.cloneTime', codes: [C.CLONE_TIME_TOO_SHORT] },
  { key: 'clones.errors.phoneAuthorized', codes: [C.CLONE_PHONE_AUTHORIZED] },
  { key: 'clones.errors.orderNotExist', codes: [C.CLONE_ORDER_NOT_EXIST] },
];
