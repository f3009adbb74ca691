/**
 * The whole API contract: every endpoint by its route string. The server imports the modules (their schemas run
 * there); the client imports only the `Routes` type, through src/core/http.ts `api()`. A new domain's calls are one
 * file here and one line in each list below.
 */
import type { ByRoute } from './endpoint.ts';
import type * as account from './account.ts';
import type * as client from './client.ts';
import type * as devices from './devices.ts';
import type * as shop from './shop.ts';
import type * as shopOrders from './shop-orders.ts';
import type * as shopCodes from './shop-codes.ts';
import type * as grants from './grants.ts';
import type * as transfers from './transfers.ts';
import type * as shares from './shares.ts';
import type * as files from './files.ts';
import type * as apps from './apps.ts';
import type * as sync from './sync.ts';
import type * as replacements from './replacements.ts';
import type * as phoneCheck from './phone-check.ts';
import type * as clones from './clones.ts';
import type * as newMachine from './new-machine.ts';
import type * as assistant from './assistant.ts';
import type * as messages from './messages.ts';
import type * as content from './content.ts';
import type * as analytics from './analytics.ts';

export type Routes = ByRoute<typeof account> &
  ByRoute<typeof client> &
  ByRoute<typeof devices> &
  ByRoute<typeof shop> &
  ByRoute<typeof shopOrders> &
  ByRoute<typeof shopCodes> &
  ByRoute<typeof grants> &
  ByRoute<typeof transfers> &
  ByRoute<typeof shares> &
  ByRoute<typeof files> &
  ByRoute<typeof apps> &
  ByRoute<typeof sync> &
  ByRoute<typeof replacements> &
  ByRoute<typeof phoneCheck> &
  ByRoute<typeof clones> &
  ByRoute<typeof newMachine> &
  ByRoute<typeof assistant> &
  ByRoute<typeof messages> &
  ByRoute<typeof content> &
  ByRoute<typeof analytics>;

/** The contract modules, for the server's tests that walk every endpoint. */
export const contractModules = () =>
  Promise.all([
    import('./account.ts'),
    import('./client.ts'),
    import('./devices.ts'),
    import('./shop.ts'),
    import('./shop-orders.ts'),
    import('./shop-codes.ts'),
    import('./grants.ts'),
    import('./transfers.ts'),
    import('./shares.ts'),
    import('./files.ts'),
    import('./apps.ts'),
    import('./sync.ts'),
    import('./replacements.ts'),
    import('./phone-check.ts'),
    import('./clones.ts'),
    import('./new-machine.ts'),
    import('./assistant.ts'),
    import('./messages.ts'),
    import('./content.ts'),
    import('./analytics.ts'),
  ]);
