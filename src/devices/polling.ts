/**
 * While any phone the store holds runs a long task (reboot, reset, upgrade, new model, replacement, template, clone),
 * its progress is asked for every second through get-progress, by task type, and merged into the store, so progress
 * shows on every page without a manual refresh. A task that has ended, and a phone shown busy before its task is
 * known (an operation just accepted), is asked for its whole status instead. Stops while the page is hidden and when
 * nothing is running; home starts and stops it.
 */
import { computed } from '@preact/signals-react';
import { OPERATION_TASK, READ_BATCH_LIMIT, type ProgressTaskType } from '../../shared/contract/device-words.ts';
import { chunk } from '../../shared/format.ts';
import { phoneProgress, phoneStatuses, type Phone } from './api.ts';
import { applyProgress, applyStatuses, phonesById } from './phone-store.ts';

/** Phones with a task running, or shown busy before it is known: the store holds every phone shown. */
const busyPhones = computed(() =>
  [...phonesById.value.values()].filter((phone) => phone.operation !== null || phone.businessStatus === 'operating'),
);

export const busyPhoneIds = computed(() => busyPhones.value.map((phone) => phone.userPhoneId));

export const POLL_MS = 1000;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by stopPolling: a tick already waiting on the network must not re-arm after a stop. */
let pollGeneration = 0;
let pollingWanted = false;

/** The busy phones by the task type get-progress knows each one's task as; the rest need their status. */
export function progressPlan(phones: readonly Phone[]): { byTask: Map<ProgressTaskType, number[]>; needStatus: number[] } {
  const byTask = new Map<ProgressTaskType, number[]>();
  const needStatus: number[] = [];
  for (const phone of phones) {
    if (!phone.operation) {
      needStatus.push(phone.userPhoneId);
      continue;
    }
    const task = OPERATION_TASK[phone.operation.type];
    byTask.set(task, [...(byTask.get(task) ?? []), phone.userPhoneId]);
  }
  return { byTask, needStatus };
}

async function pollOnce(): Promise<void> {
  const { byTask, needStatus } = progressPlan(busyPhones.value);
  for (const [task, ids] of byTask) {
    for (const part of chunk(ids, READ_BATCH_LIMIT)) {
      const entries = await phoneProgress(part, task);
      applyProgress(entries);
      needStatus.push(...entries.filter((entry) => entry.status !== 'running').map((entry) => entry.userPhoneId));
    }
  }
  // The store may hold more of them than one call takes (a batch reboot of the whole account).
  for (const part of chunk(needStatus, READ_BATCH_LIMIT)) applyStatuses(await phoneStatuses(part));
}

/** Starts (or goes on with) the poll; see the header. */
export function pollBusyPhones(): void {
  clearTimeout(pollTimer);
  pollingWanted = true;
  if (!busyPhoneIds.value.length || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
  const generation = pollGeneration;
  pollTimer = setTimeout(async () => {
    try {
      await pollOnce();
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
