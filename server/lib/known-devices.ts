import { BoundedMap, DEFAULT_MAX_KEYS } from './rate-limit.ts';
import type { Deps } from './types.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';

// The devices that logged into each account lately, with its password or an SMS code (in memory, like the counts of
// rate-limit.ts). They are the owner's: a lock strangers cause on the account does not apply to them (throttles.ts),
// and the shared SMS budgets do not refuse them (sms-send-limits.ts).

/** How long a device that logged into an account is recognised by it. */
export const KNOWN_DEVICE_MS = 30 * DAY_MS;
/** Devices remembered per account; past it those of the oldest logins go first. */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;
/** How often a login sweeps away the accounts whose devices have all expired (one pass over the accounts). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Whether a login at `at` no longer makes its device known at `now`. */
function expired(at: number, now: number): boolean {
  return now - at >= KNOWN_DEVICE_MS;
}

/**
 * Per account, each device key (deviceKeys) with the time of its last login there, oldest first. Accounts whose
 * devices have all expired are forgotten (when read, and by an hourly sweep on login), and the accounts held stay
 * under `maxAccounts` (past it the expired go first, then those of the stalest logins), so logins from many accounts
 * cost bounded memory: a dropped account's owner is served as a stranger until it logs in again.
 */
export class KnownDevices {
  private readonly byAccount: BoundedMap<Map<string, number>>;
  private lastSweep = -Infinity;

  constructor(maxAccounts = DEFAULT_MAX_KEYS) {
    this.byAccount = new BoundedMap(maxAccounts, (seen, now) => ![...seen.values()].some((at) => !expired(at, now)));
  }

  /** How many accounts are held (the memory bound is what tests check). */
  get size(): number {
    return this.byAccount.size;
  }

  remember(account: string, keys: string[], now: number): void {
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      this.byAccount.sweep(now);
    }
    const seen = this.live(account, now) ?? new Map<string, number>();
    for (const key of keys) {
      seen.delete(key);
      seen.set(key, now);
    }
    for (const key of seen.keys()) {
      if (seen.size <= KNOWN_DEVICES_PER_ACCOUNT) break;
      seen.delete(key);
    }
    this.byAccount.set(account, seen, now);
  }

  knows(account: string, keys: string[], now: number): boolean {
    const seen = this.live(account, now);
    return seen !== undefined && keys.some((key) => seen.has(key));
  }

  /** The account's devices still known, once the expired ones are dropped; undefined (and forgotten) when none is. */
  private live(account: string, now: number): Map<string, number> | undefined {
    const seen = this.byAccount.get(account);
    if (!seen) return undefined;
    // Oldest first (insertion order), so the expired ones lead.
    for (const [key, at] of seen) {
      if (!expired(at, now)) break;
      seen.delete(key);
    }
    if (seen.size > 0) return seen;
    this.byAccount.delete(account);
    return undefined;
  }
}

/** A device is its address, and its fingerprint when it sends one. */
export function deviceKeys(address: string, fingerprint: string): string[] {
  return fingerprint ? [`address ${address}`, `fingerprint ${fingerprint}`] : [`address ${address}`];
}

/** Remembers the device of a login to the account of `mobile` (its password or an SMS code proved it the owner's). */
export function rememberLoginDevice(deps: Deps, tenantId: number, mobile: string, address: string, fingerprint: string): void {
  deps.throttles.knownDevices.remember(`${tenantId}:${mobile}`, deviceKeys(address, fingerprint), deps.now());
}

/** Whether the account of `mobile` logged in from this device (its address or its fingerprint) lately. */
export function isKnownDevice(deps: Deps, tenantId: number, mobile: string, address: string, fingerprint: string): boolean {
  return deps.throttles.knownDevices.knows(`${tenantId}:${mobile}`, deviceKeys(address, fingerprint), deps.now());
}
