/**
 * What the phone-check page reads and does, through the client store: the check of one phone, a query asked again
 * every second while the phone is busy with a task (restarting, being replaced), so the page shows how it ends; and
 * the reboot fix, which runs through the devices' actions and then waits for that check of the restarted phone.
 */
import type { BusinessStatus } from '../../shared/contract/device-words.ts';
import type { BatchEntry } from '../../shared/device-types.ts';
import { rebootDevices } from '../devices/actions.ts';
import { fetchQuery, invalidateQueries, type Fetcher } from '../core/store/query-store.ts';
import { useQuery } from '../core/store/use-query.ts';
import { checkPhone, type PhoneCheck } from './api.ts';

const CHECK_KEY = ['phone-check'];
const checkKey = (id: number) => [...CHECK_KEY, id];
const BUSY: ReadonlySet<BusinessStatus> = new Set(['operating', 'replacing']);
/** A restart takes seconds: once a second shows it end without a manual "check again". */
const RECHECK_MS = 1000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Checks, then again every second while the phone is busy and the page shows it. */
const checkFetcher = (id: number): Fetcher<PhoneCheck> => async (progress, signal) => {
  let check = await checkPhone(id);
  while (BUSY.has(check.businessStatus) && !signal.aborted && progress(check)) {
    await pause(RECHECK_MS, signal);
    if (signal.aborted) break;
    try {
      check = await checkPhone(id);
    } catch {
      // The next tick asks again; the last answer stays on screen.
    }
  }
  return check;
};

export function usePhoneCheck(id: number | null) {
  return useQuery(id ? checkKey(id) : null, checkFetcher(id ?? 0));
}

/** Reboots the phone; once it started, waits for the check of the restarted phone. The refusal, if any. */
export async function rebootAndCheck(id: number): Promise<BatchEntry | null> {
  const [entry] = await rebootDevices([id]);
  if (!entry?.success) return entry ?? null;
  invalidateQueries(checkKey(id));
  await fetchQuery(checkKey(id), checkFetcher(id)).catch(() => undefined);
  return null;
}
