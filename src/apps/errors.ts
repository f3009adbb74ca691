/**
 * App management's replies in the spec §8 catalogue, with their texts in the apps part (`apps.errors.*`,
 * texts/apps-<lang>.ts). Registered by texts/index.ts with that part, which the app manager waits for. The device
 * refusals an operation also answers per phone (does not exist, offline, expired, busy, too many at once) are core's
 * entries. The codes stay in shared/reply-codes.ts: the reference server answers with them.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const APPS_ERRORS: readonly CatalogueEntry[] = [
  { key: 'apps.errors.alreadyExists', codes: [C.APP_ALREADY_EXISTS], match: ['application already exists'] },
  { key: 'apps.errors.notInstalled', codes: [C.APP_NOT_INSTALLED], match: ['application is not installed'] },
  { key: 'apps.errors.systemUninstall', codes: [C.APP_SYSTEM_UNINSTALL], match: ['system application cannot be uninstalled'] },
  { key: 'apps.errors.phoneAuthorized', codes: [C.APP_PHONE_AUTHORIZED], match: ['applications of an authorized phone'] },
  { key: 'apps.errors.operationNotExist', codes: [C.APP_OPERATION_NOT_EXIST] },
];
