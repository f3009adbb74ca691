/**
 * While any phone the store holds is busy with a long task (reboot, reset, new model, replacement, clone...), its status is asked for every second and merged into
 * the store, so progress shows on every page without a manual refresh. Stops while the page is hidden and when
 * nothing is busy; home starts and stops it.
 */
import { computed } from '@preact/signals-react';
import { READ_BATCH_LIMIT } from '../contract/device-words.ts';
import { chunk } from '../core/format.ts';
import { phoneStatuses } from './api.ts';
import { applyStatuses, phonesById } from './phone-store.ts';
import { isBusy } from './device-types.ts';

/** Phones operating now, on any page: the store holds every phone shown. */
export const busyPhoneIds = computed(() =>
  [...phonesById.value.values()].filter((phone) => isBusy(phone.businessStatus)).map((phone) => phone.userPhoneId),
);

export const POLL_MS = 1000;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by stopPolling: a tick already waiting on the network must not re-arm after a stop. */
let pollGeneration = 0;
let pollingWanted = false;

/** Starts (or goes on with) the poll; see the header. */
export function pollBusyPhones(): void {
  clearTimeout(pollTimer);
  pollingWanted = true;
  const ids = busyPhoneIds.value;
  if (!ids.length || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
  const generation = pollGeneration;
  pollTimer = setTimeout(async () => {
    try {
      // The store may hold more operating phones than one call takes (a batch reboot of the whole account).
      for (const ids of chunk(busyPhoneIds.value, READ_BATCH_LIMIT)) applyStatuses(await phoneStatuses(ids));
    } catch {
      // A failed poll is retried on the next tick.
    }
    if (generation === pollGeneration) pollBusyPhones();
  }, POLL_MS);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && pollingWanted) pollBusyPhones();
    else clearTimeout(pollTimer);
  });
}

export function stopPolling(): void {
  pollGeneration++;
  pollingWanted = false;
  clearTimeout(pollTimer);
}

