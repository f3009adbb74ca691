/**
 * What happens when a new version of the app takes over (spec §1), and when the page is hidden meanwhile: reload at
 * once, unless something would be cut (update-guard.ts's holds, or text typed into a field). Loaded with the service
 * worker's registration (service-worker.ts), once the first screen is idle.
 */
import { markUpdatePending, reloadNow, updateWaits } from '../update-guard.ts';

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

/** A new version has taken over: reload now, or remember to when nothing would be cut. Returns what it did. */
export function updateActivated(): 'reloaded' | 'deferred' {
  if (markUpdatePending() || hasTypedInput()) return 'deferred';
  reloadNow();
  return 'reloaded';
}

/** The page went to the background: a good moment for a waiting update, unless something is still held. */
export function reloadWhenHidden(): void {
  if (updateWaits() && !hasTypedInput()) reloadNow();
}
