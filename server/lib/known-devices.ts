import { knowsDevice, rememberDevices } from '../data/throttles.ts';
import { storedKey } from './rate-limit.ts';
import type { Db, Deps } from './types.ts';
import { DAY_MS } from '../../shared/contract/time-units.ts';

// The devices that logged into each account lately, with its password or an SMS code (in the database, like the
// counts of rate-limit.ts: every instance knows them). They are the owner's: a lock strangers cause on the account
// does not apply to them (throttles.ts), and the shared SMS budgets do not refuse them (sms-send-limits.ts).

/** How long a device that logged into an account is recognised by it. */
export const KNOWN_DEVICE_MS = 30 * DAY_MS;
/** Devices remembered per account; past it those of the oldest logins go first. */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;

/**
 * Per account, each device key (deviceKeys) with the time of its last login there. A device is known for
 * KNOWN_DEVICE_MS after it; each account keeps its KNOWN_DEVICES_PER_ACCOUNT latest, and the sweep (data/throttles.ts)
 * deletes the expired and keeps the accounts held under DEFAULT_MAX_KEYS, those of the stalest logins going first:
 * a dropped account's owner is served as a stranger until it logs in again.
 */
export class KnownDevices {
  async remember(db: Db, account: string, keys: string[], now: number): Promise<void> {
    await rememberDevices(db, storedKey(account), keys.map(storedKey), now, KNOWN_DEVICES_PER_ACCOUNT);
  }

  async knows(db: Db, account: string, keys: string[], now: number): Promise<boolean> {
    return await knowsDevice(db, storedKey(account), keys.map(storedKey), now - KNOWN_DEVICE_MS);
  }
}

/** A device is its address, and its fingerprint when it sends one. */
export function deviceKeys(address: string, fingerprint: string): string[] {
  return fingerprint ? [`address ${address}`, `fingerprint ${fingerprint}`] : [`address ${address}`];
}

/** Remembers the device of a login to the account of `mobile` (its password or an SMS code proved it the owner's). */
export async function rememberLoginDevice(deps: Deps, tenantId: number, mobile: string, address: string, fingerprint: string): Promise<void> {
  await deps.throttles.knownDevices.remember(deps.db, `${tenantId}:${mobile}`, deviceKeys(address, fingerprint), deps.now());
}

/** Whether the account of `mobile` logged in from this device (its address or its fingerprint) lately. */
export async function isKnownDevice(deps: Pick<Deps, 'db' | 'now' | 'throttles'>, tenantId: number, mobile: string, address: string, fingerprint: string): Promise<boolean> {
  return await deps.throttles.knownDevices.knows(deps.db, `${tenantId}:${mobile}`, deviceKeys(address, fingerprint), deps.now());
}
