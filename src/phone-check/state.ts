/**
 * What the phone-check page reads and does, through the client store: the check of one phone (a query, asked again
 * by "check again"), and the reboot fix, which runs through the devices' actions and then asks for the check every
 * second until the phone has restarted, so the page shows the result of the fix.
 */
import type { BatchEntry } from '../devices/device-types.ts';
import { rebootDevices } from '../devices/actions.ts';
import { fetchQuery, invalidateQueries } from '../core/store/query-store.ts';
import { useQuery } from '../core/store/use-query.ts';
import { checkPhone, type PhoneCheck } from './api.ts';

const CHECK_KEY = ['phone-check'];
const checkKey = (id: number) => [...CHECK_KEY, id];
/** How often the check is asked again while the rebooted phone restarts, and for how long at most. */
const RECHECK_MS = 1000;
const RECHECK_TRIES = 60;

export function usePhoneCheck(id: number | null) {
  return useQuery(id ? checkKey(id) : null, () => checkPhone(id!));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reboots the phone; once it started, checks again until the phone is no longer restarting. The refusal, if any. */
export async function rebootAndCheck(id: number): Promise<BatchEntry | null> {
  const [entry] = await rebootDevices([id]);
  if (!entry?.success) return entry ?? null;
  let check: PhoneCheck | undefined;
  for (let tries = 0; tries < RECHECK_TRIES; tries++) {
    invalidateQueries(checkKey(id));
    check = await fetchQuery(checkKey(id), () => checkPhone(id)).catch(() => undefined);
    if (check && check.businessStatus !== 'operating') break;
    await pause(RECHECK_MS);
  }
  return null;
}
