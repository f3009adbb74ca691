/**
 * The whole API contract: every endpoint by its route string. The server imports the modules (their schemas run
 * there); the client imports only the `Routes` type, through core/http.ts `api()`. A new domain's calls are one file
 * here and one line in each list below.
 */
import type { ByRoute } from './endpoint.ts';
import type * as account from './account.ts';
import type * as client from './client.ts';
import type * as devices from './devices.ts';

export type Routes = ByRoute<typeof devices> & ByRoute<typeof account> & ByRoute<typeof client>;

/** The contract modules, for the server's tests that walk every endpoint. */
export const contractModules = () => Promise.all([import('./devices.ts'), import('./account.ts'), import('./client.ts')]);
