/**
 * Spec §6 feature permissions: which client-function entries count as permissions, and the two purchase keys.
 * Loaded with the first screen (the client state and the router use it); which entries a page may show is in
 * entry-rules.ts, which only the signed-in pages load.
 */
import type { ClientFunction } from './client-api.ts';

/**
 * Only `enable === true` grants a feature: a missing or non-boolean flag is a switch the tenant never turned on,
 * and a feature shown by mistake costs more (a dead button, a refused call) than one hidden by mistake.
 */
export function enabledFunctions(list: readonly ClientFunction[]): ClientFunction[] {
  return list.filter((entry) => entry.enable === true);
}

/** The spec names both spellings of the two purchase keys (product_buy / productBuy, activation_code / activationCode). */
export const canBuy = (keys: ReadonlySet<string>): boolean => keys.has('productBuy') || keys.has('product_buy');
export const canActivate = (keys: ReadonlySet<string>): boolean => keys.has('activationCode') || keys.has('activation_code');
