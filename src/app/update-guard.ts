/**
 * Spec §1: when a new service worker takes over, the page reloads into the new version. The reload never cuts
 * what the user is in the middle of: a live phone session, a payment, a code sent by SMS (holders of `holdUpdates`;
 * an upload will hold too) or a form with typed input. Then it waits for the next navigation (the user is leaving
 * that page anyway, and the reload lands on the address being opened) or the next time the page is hidden with
 * nothing held. The holds and the navigation's check are here, with the first screen; what happens when a version
 * arrives or the page is hidden loads with the service worker's registration (idle/update-arrival.ts).
 */

import type { RouteName } from './route-types.ts';

/** Each hold, with the route whose page holds it while shown ('' for holds that end by themselves). */
const holds = new Map<object, RouteName | ''>();
let pending = false;
let reloading = false;
let reloadPage: () => void = () => location.reload();

/**
 * Keeps updates from reloading the page until the returned release is called (idempotent). A page that holds for
 * as long as it is shown names its route, so leaving it releases the hold before the navigation's own check (the
 * page itself unmounts only after that).
 */
export function holdUpdates(route: RouteName | '' = ''): () => void {
  const token = {};
  holds.set(token, route);
  return () => void holds.delete(token);
}

/** The route view is leaving this route's page: its holds end now. */
export function releaseHoldsOf(route: RouteName): void {
  for (const [token, owner] of holds) if (owner === route) holds.delete(token);
}

/** Reloads into the new version, once. */
export function reloadNow(): void {
  if (reloading) return;
  reloading = true;
  reloadPage();
}

/** A new version has taken over (idle/update-arrival.ts); true while something on the page holds its reload back. */
export function markUpdatePending(): boolean {
  pending = true;
  return holds.size > 0;
}

/** Whether a new version waits and nothing holds it back any more. */
export function updateWaits(): boolean {
  return pending && holds.size === 0;
}

/**
 * Called by the route view once a navigation has left the previous page (and ended its phone session): a waiting
 * update reloads into the page being opened. True when it did, so the caller renders nothing meanwhile.
 */
export function reloadOnNavigation(): boolean {
  if (!updateWaits()) return false;
  reloadNow();
  return true;
}

/** Test seam: what a reload does, and a fresh state. */
export function resetUpdateGuard(reload: () => void = () => location.reload()): void {
  holds.clear();
  pending = false;
  reloading = false;
  reloadPage = reload;
}
