/**
 * The client (tenant) the page is scoped to: number, secure data, about-app data, function list and the enabled
 * permission list (spec §2, §6). Cached in localStorage under the spec's own key names (clientNo, tenantId, clientId,
 * aboutAppData, allPermissionList; §3) so a cold or offline start can render at once; refreshed from the network
 * behind it.
 */
import { computed, signal } from '@preact/signals-react';
import { ErrorCode } from '../../shared/error-codes.ts';
import { ApiError, describeServerMessage } from '../core/errors.ts';
import { localeReady } from '../core/i18n/index.ts';
import { notify } from '../core/ui/notify.ts';
import { read, write } from '../core/storage.ts';
import {
  getAboutApp,
  getClientFunctions,
  getClientSecureData,
  type AboutAppData,
  type ClientFunction,
  type ClientSecureData,
} from './client-api.ts';
import { enabledFunctions } from './permissions.ts';
import { firstPagePainted } from './first-paint.ts';

export const clientNo = signal<string>(read('clientNo') ?? '');
export const secureData = signal<ClientSecureData | null>(readCachedSecureData());
export const aboutApp = signal<AboutAppData | null>(read('aboutAppData') ?? null);
/** The full client function list; `permissions` keeps the enabled entries. */
export const clientFunctions = signal<ClientFunction[]>(read('allPermissionList') ?? []);

export const permissions = computed(() => enabledFunctions(clientFunctions.value));
export const permissionKeys = computed(() => new Set(permissions.value.map((entry) => entry.key)));
export const tenantId = computed(() => secureData.value?.tenantId);

function readCachedSecureData(): ClientSecureData | null {
  const tenant = read('tenantId');
  const client = read('clientId');
  if (tenant === undefined || client === undefined) return null;
  return { tenantId: tenant, clientId: client, platform: read('platform') ?? 'h5' };
}

/** Forget everything about the current client (the storage side is cleared by the caller's rule). */
export function resetClient(next = ''): void {
  clientNo.value = next;
  secureData.value = null;
  aboutApp.value = null;
  clientFunctions.value = [];
  loadedFor = '';
  // A load under way belongs to the client of before (one that waits for the first paint would hold a page back).
  pending.clear();
  if (next) write('clientNo', next);
}

/** The storage copy was dropped (logout): the next load fetches again and re-caches, while memory keeps serving. */
export function invalidateClientCache(): void {
  loadedFor = '';
}

export type ClientLoadResult = 'ok' | 'notFound' | 'failed';

let loadedFor = '';
/** The client number whose refresh waits for the network to come back (one listener, however often boot asks). */
let waitingForNetwork = '';
/** One load per client number: a load for another number never answers for this one. */
const pending = new Map<string, Promise<ClientLoadResult>>();

/** The client changed while a reply was on its way: that reply belongs to nobody now. */
const stale = (number: string) => clientNo.value !== number;

/**
 * Boot: the secure data, the about-app data and the function list in one round. The last two name the client by
 * number, with the cached tenant headers when there are any; a backend that needs the headers and did not get them
 * is asked again once the secure data has named the tenant (server/API.md "Client and configuration").
 */
async function fetchClient(number: string, fromCache: boolean): Promise<ClientLoadResult> {
  const tenantKnown = secureData.value !== null;
  // Sent before the tenant is known, a "missing tenant" reply is not the end of a session (core/http.ts).
  const details = () => Promise.all([getAboutApp(number, { beforeTenant: true }), getClientFunctions(number, { beforeTenant: true })]);
  const early = details();
  early.catch(() => {}); // Judged below, after the secure data; a failure here must not go unhandled meanwhile.
  try {
    const secure = await getClientSecureData(number);
    if (stale(number)) return 'failed';
    if (!same(secureData.peek(), secure)) secureData.value = secure;
    write('tenantId', secure.tenantId);
    write('clientId', secure.clientId);
    write('platform', secure.platform);
    const [about, list] = await early.catch((error: unknown) => {
      if (tenantKnown || !isRefusal(error)) throw error;
      return details();
    });
    if (stale(number)) return 'failed';
    if (!same(aboutApp.peek(), about)) aboutApp.value = about;
    write('aboutAppData', about);
    if (!same(clientFunctions.peek(), list)) clientFunctions.value = list;
    write('allPermissionList', list);
    loadedFor = number;
    return 'ok';
  } catch (error) {
    const notFound = error instanceof ApiError && error.code === ErrorCode.CLIENT_NOT_FOUND;
    // Offline with a cache is the normal PWA start: the cached data serves, no alarm.
    const offline = error instanceof ApiError && (error.code === ErrorCode.NETWORK || error.code === ErrorCode.TIMEOUT);
    // The notice waits for the dictionary: boot starts these calls before it has loaded.
    if (!stale(number) && !(fromCache && offline)) void localeReady.then(() => notify(describeServerMessage(error)));
    return notFound ? 'notFound' : 'failed';
  }
}

/**
 * A returning visitor's refresh mostly brings back what the cache already held: then the signals keep their values, or
 * every effect and page that reads the client data (the title, the theme, the permitted entries) would run and render
 * again, for nothing. Compared as JSON: a backend that sends the same data with its fields in another order, or with
 * more of them, only has them replaced. (Storage itself ignores a write of the value it holds.)
 */
const same = (held: unknown, next: unknown) => JSON.stringify(held) === JSON.stringify(next);

/** A business refusal (not a transport failure), the kind a backend gives a call that lacked the tenant headers. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code > 0;

/**
 * Makes the client data for `number` available. With a cache for the same number it answers at once
 * and revalidates in the background (slow 3G, offline start); without one it waits for the network.
 */
export function loadClient(number: string): Promise<ClientLoadResult> {
  if (loadedFor === number) return Promise.resolve('ok');
  const hasCache = clientNo.value === number && secureData.value !== null && aboutApp.value !== null;
  if (hasCache && typeof navigator !== 'undefined' && navigator.onLine === false) {
    // An offline launch runs on the cache without touching the network; the data is refreshed once back online.
    if (waitingForNetwork !== number) {
      waitingForNetwork = number;
      addEventListener('online', () => {
        waitingForNetwork = '';
        void loadClient(number);
      }, { once: true });
    }
    return Promise.resolve('ok');
  }
  let request = pending.get(number);
  if (!request) {
    // From a cache, the pages show at once and the refresh waits until the first page is painted: on a slow phone
    // its calls and replies would otherwise take turns with that page's own work (the inline boot does not send them
    // for a client this device holds either, inline-boot.ts).
    const fetched = hasCache ? firstPagePainted.then(() => (stale(number) ? 'failed' : fetchClient(number, true))) : fetchClient(number, false);
    request = fetched.finally(() => pending.delete(number));
    pending.set(number, request);
  }
  return hasCache ? Promise.resolve('ok') : request;
}

/** The language changed: about-app texts are per language, so fetch them again. */
export async function reloadAboutApp(): Promise<void> {
  const number = clientNo.value;
  if (!number || !secureData.value) return;
  try {
    // May overlap the boot call for the same client; the language header makes it a different request.
    const about = await getAboutApp(number, { allowDuplicate: true });
    if (stale(number)) return;
    aboutApp.value = about;
    write('aboutAppData', about);
  } catch {
    // Keep the texts we have; the next boot retries.
  }
}
