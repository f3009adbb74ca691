/**
 * Spec §6 feature permissions: which client-function entries count as permissions. Loaded with the first screen
 * (the client state uses it); the two purchase keys and their gate are in purchase-gate.ts, which entry-rules.ts
 * (which entries a page may show) and the router's gated routes load.
 */
import type { ClientFunction } from './client-api.ts';

/**
 * Only `enable === true` grants a feature: a missing or non-boolean flag is a switch the tenant never turned on,
 * and a feature shown by mistake costs more (a dead button, a refused call) than one hidden by mistake.
 */
export function enabledFunctions(list: readonly ClientFunction[]): ClientFunction[] {
  return list.filter((entry) => entry.enable === true);
}
