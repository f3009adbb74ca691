/**
 * The error catalogue's lazy part for tests that describe errors: its texts per language (to pass to
 * installDictionary beside the core part) and the catalogue itself, loaded as the app loads it (core/errors.ts), with
 * the entries the domains register for their own replies (the shop's, the grants' and the transfers'; their texts
 * are in their domain's part).
 */
import errorsZhCN from '../../src/core/i18n/errors-zh-CN.ts';
import errorsEnUS from '../../src/core/i18n/errors-en-US.ts';
import { loadErrorCatalogue } from '../../src/core/errors.ts';
import { registerErrors } from '../../src/core/errors-later.ts';
import { GRANT_ERRORS } from '../../src/grant/errors.ts';
import { SHOP_ERRORS } from '../../src/shop/errors.ts';
import { TRANSFER_ERRORS } from '../../src/transfer/errors.ts';
import { SHARE_ERRORS } from '../../src/share/errors.ts';
import { APPS_ERRORS } from '../../src/apps/errors.ts';
import { SYNC_ERRORS } from '../../src/sync/errors.ts';
import { FILE_ERRORS } from '../../src/files/errors.ts';
import { REPLACE_ERRORS } from '../../src/replace/errors.ts';
import { CLONE_ERRORS } from '../../src/clones/errors.ts';
import { NEW_MACHINE_ERRORS } from '../../src/new-machine/errors.ts';

export const ERRORS_ZH_CN = { errors: errorsZhCN };
export const ERRORS_EN_US = { errors: errorsEnUS };

await loadErrorCatalogue();
await registerErrors(SHOP_ERRORS);
await registerErrors(GRANT_ERRORS);
await registerErrors(TRANSFER_ERRORS);
await registerErrors(SHARE_ERRORS);
await registerErrors(APPS_ERRORS);
await registerErrors(SYNC_ERRORS);
await registerErrors(FILE_ERRORS);
await registerErrors(REPLACE_ERRORS);
await registerErrors(CLONE_ERRORS);
await registerErrors(NEW_MACHINE_ERRORS);
