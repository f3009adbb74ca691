/**
 * Spec §1: when a new service worker takes over, the page reloads into the new version. The reload never cuts
 * what the user is in the middle of: a live phone session, a payment, a code sent by SMS (holders of `holdUpdates`;
 * an upload will hold too) or a form with typed input. Then it waits for the next navigation (the user is leaving
 * that page anyway, and the reload lands on the address being opened) or the next time the page is hidden with
 * nothing held.
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

/** Input types whose value is text the user typed (not a checkbox, a button or a hidden value). */
const TYPED = new Set(['text', 'tel', 'password', 'email', 'number', 'search', 'url', '']);

/**
 * A field on screen holding text the user typed. Preact sets `value` as a property, so a field's default value is
 * empty and any text in it counts, text a page put there included: deferring a reload too often costs nothing.
 */
export function hasTypedInput(root: ParentNode = document): boolean {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.disabled || field.readOnly) continue;
    if (field.tagName === 'INPUT' && !TYPED.has((field as HTMLInputElement).type)) continue;
    if (field.value !== field.defaultValue) return true;
  }
  return false;
}

function reloadNow(): void {
  if (reloading) return;
  reloading = true;
  reloadPage();
}

/** A new version has taken over: reload now, or remember to when nothing would be cut. Returns what it did. */
export function updateActivated(): 'reloaded' | 'deferred' {
  pending = true;
  if (holds.size > 0 || hasTypedInput()) return 'deferred';
  reloadNow();
  return 'reloaded';
}

/**
 * Called by the route view once a navigation has left the previous page (and ended its phone session): a waiting
 * update reloads into the page being opened. True when it did, so the caller renders nothing meanwhile.
 */
export function reloadOnNavigation(): boolean {
  if (!pending || holds.size > 0) return false;
  reloadNow();
  return true;
}

/** The page went to the background: a good moment for a waiting update, unless something is still held. */
export function reloadWhenHidden(): void {
  if (pending && holds.size === 0 && !hasTypedInput()) reloadNow();
}

/** Test seam: what a reload does, and a fresh state. */
export function resetUpdateGuard(reload: () => void = () => location.reload()): void {
  holds.clear();
  pending = false;
  reloading = false;
  reloadPage = reload;
}
