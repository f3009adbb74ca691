/**
 * "Clear cache" in settings: drops cached content (agreements, device list snapshot, runtime caches of
 * images and lazy chunks) but keeps the session, the client data needed to start offline, and the
 * service worker's precache of the shell.
 */
import { remove } from '../../core/storage.ts';

const RUNTIME_CACHES = ['lazy-chunks', 'tenant-images'];

export async function clearCaches(): Promise<void> {
  remove('firstAgreementData', 'secondAgreementData', 'phoneList', 'hasInDeviceIds', 'lostTime', 'reloadTimes');
  if (typeof caches === 'undefined') return;
  await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
