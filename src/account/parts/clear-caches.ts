/**
 * "Clear cache" in settings removes what is only a cache: the agreement texts (CACHE_KEYS) and the service
 * worker's runtime caches of images and lazy chunks, where the bytes are. It keeps, on purpose:
 * - the session: ending it is what logout is for, and a person clearing space does not expect to sign in again;
 * - the preferences (language, virtual keys) and the person's own common phrases, which are not caches;
 * - the expiry reminder's date, or today's reminder would pop up again;
 * - the client data (number, tenant, about-app, function list): refreshed on every start anyway, so removing it
 *   frees nothing and would only stop the next offline start from showing the login page;
 * - the service worker's precache of the shell, without which the app would not open offline at all.
 */
import { CACHE_KEYS, remove } from '../../core/storage.ts';

/** Runtime caches named in sw/sw.ts. */
export const RUNTIME_CACHES = ['lazy-chunks', 'tenant-images'];

export async function clearCaches(): Promise<void> {
  remove(...CACHE_KEYS);
  if (typeof caches === 'undefined') return;
  await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
