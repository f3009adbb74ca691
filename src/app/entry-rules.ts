/**
 * Which entries to a page (profile rows, home shortcuts, sheet actions) may be shown for a set of enabled client
 * functions (spec §6), so that no entry leads to a page the tenant switched off or to a purchase gate that keeps
 * the user where they are (spec §2). The discover tab is the home layout's own rule. Pure: the pages pass
 * `permissionKeys.value`.
 */
import { canActivate, canBuy } from './purchase-gate.ts';
import type { PurchaseGate, RouteSegment } from './route-types.ts';

/** Spec §2: a gated page with neither purchase key "stays", so nothing would happen on a tap. */
export function gateLeadsSomewhere(gate: PurchaseGate | undefined, keys: ReadonlySet<string>): boolean {
  return !gate || canBuy(keys) || canActivate(keys);
}

/**
 * What an entry to each page needs. A gated page also needs one purchase key, or its gate would keep the user
 * where they are. The activation-code entry needs its own key: with only productBuy its gate sends the user to
 * the buy page, which is not what an entry named "activation code" promises.
 */
const ENTRY_RULES: Partial<Record<RouteSegment, (keys: ReadonlySet<string>) => boolean>> = {
  'add-phone': (keys) => gateLeadsSomewhere('addPhone', keys),
  'recharge-phone': (keys) => keys.has('renew_button') && gateLeadsSomewhere('recharge', keys),
  'recharge-single-phone': (keys) => keys.has('renew_button') && gateLeadsSomewhere('recharge', keys),
  'upgrade-select-phone': (keys) => keys.has('upgrade_button'),
  'upgrade-phone': (keys) => keys.has('upgrade_button'),
  'activation-code': canActivate,
  // Grants (spec §6 auth_button): lending a phone, the records, using a code, the phones lent to me.
  'authorization-code': (keys) => keys.has('auth_button'),
  'authorization-manager': (keys) => keys.has('auth_button'),
  'use-authorization-code': (keys) => keys.has('auth_button'),
  'authorized-device': (keys) => keys.has('auth_button'),
  'my-share-screen': (keys) => keys.has('screen_sharing'),
  'join-user': (keys) => keys.has('screen_sharing'),
  'app-manager': (keys) => keys.has('app_button'),
  'group-control': (keys) => keys.has('sync_button'),
  'change-phone': (keys) => keys.has('change_button'),
  'clone-template': (keys) => keys.has('template_button'),
  // A clone copies a template: where templates cannot be made (template_button off), there is none to clone from, so
  // Clone is not offered rather than leading to "create a template first".
  'clone-phone': (keys) => keys.has('clone_button') && keys.has('template_button'),
  // Change of device model (spec §6 new_button): the page and its record.
  'new-machine': (keys) => keys.has('new_button'),
  'new-machine-record': (keys) => keys.has('new_button'),
};

/** True when an entry leading to `segment` may be shown; pages with no rule are always reachable. */
export function entryAllowed(segment: RouteSegment, keys: ReadonlySet<string>): boolean {
  return ENTRY_RULES[segment]?.(keys) ?? true;
}
