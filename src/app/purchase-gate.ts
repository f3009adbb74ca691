/**
 * Purchase gating: add-phone, recharge and activation-code need the client function productBuy or activationCode;
 * with neither the user stays where they were, with only the other one they go to its page (spec §2, §6). Only the
 * shop's gated pages and the signed-in pages' entry rules need it, so it loads with them (the router asks for it when
 * the route being opened has a gate), not with the login screen.
 */
import { pagePath } from './paths.ts';
import type { RouteDef } from './route-types.ts';

/** The spec names both spellings of the two purchase keys (product_buy / productBuy, activation_code / activationCode). */
export const canBuy = (keys: ReadonlySet<string>): boolean => keys.has('productBuy') || keys.has('product_buy');
export const canActivate = (keys: ReadonlySet<string>): boolean => keys.has('activationCode') || keys.has('activation_code');

export type GateDecision = { kind: 'allow' } | { kind: 'stay' } | { kind: 'redirect'; to: string };

/** Where a gated page sends a user who lacks the key it needs, or `stay` when the user has neither key. */
export function decidePurchaseGate(
  route: RouteDef,
  permissionKeys: ReadonlySet<string>,
  clientNo: string,
): GateDecision {
  if (!route.gate) return { kind: 'allow' };
  const buy = canBuy(permissionKeys);
  const activate = canActivate(permissionKeys);
  if (!buy && !activate) return { kind: 'stay' };
  switch (route.gate) {
    case 'addPhone':
      return buy ? { kind: 'allow' } : { kind: 'redirect', to: pagePath('activation-code', clientNo) };
    case 'recharge':
      return buy ? { kind: 'allow' } : { kind: 'redirect', to: pagePath('activation-code', clientNo, '?type=2') };
    case 'activationCode':
      return activate ? { kind: 'allow' } : { kind: 'redirect', to: pagePath('add-phone', clientNo) };
  }
}
