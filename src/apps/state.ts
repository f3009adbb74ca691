/**
 * What the app manager reads and does: the apps of the chosen phones (a query of the client store), and the running
 * operation, asked again every POLL_MS until it is over; after it the app lists read before no longer hold.
 */
import { signal } from '@preact/signals-react';
import type { AppAction } from '../../shared/contract/app-words.ts';
import { DEVICE_NOT_EXIST } from '../../shared/reply-codes.ts';
import { invalidateQueries } from '../core/store/query-store.ts';
import { phonesChangedOnServer } from '../devices/state.ts';
import { getAppOperation, listApps, operateApp, type AppList, type AppOperation } from './api.ts';
import { operationOver, POLL_FAILURES_TOLERATED, POLL_MS } from './app-rules.ts';

const APPS_KEY = ['apps', 'list'];

export const appsKey = (ids: readonly number[]) => [...APPS_KEY, ids.join(',')];
export const appsFetcher = (ids: number[]) => (): Promise<AppList> => listApps(ids);

/** The operation the page shows, as last answered; null before the first. */
export const appOperation = signal<AppOperation | null>(null);

export function clearAppOperation(): void {
  appOperation.value = null;
}

function pause(ms: number, stop?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Starts the operation and follows it until it is over (or `stop`: the page was left; the operation runs on, on the
 * server). A poll that fails is tried again a second later, up to POLL_FAILURES_TOLERATED times in a row.
 */
export async function runAppOperation(ids: number[], packageName: string, action: AppAction, stop?: AbortSignal): Promise<AppOperation> {
  let operation = await operateApp(ids, packageName, action);
  appOperation.value = operation;
  let failures = 0;
  try {
    while (!operationOver(operation) && !stop?.aborted) {
      await pause(POLL_MS, stop);
      if (stop?.aborted) break;
      try {
        operation = await getAppOperation(operation.operationId);
        failures = 0;
        appOperation.value = operation;
      } catch (failure) {
        if (++failures > POLL_FAILURES_TOLERATED) throw failure;
      }
    }
  } finally {
    invalidateQueries(APPS_KEY);
  }
  // A phone answered as not existing is no longer this account's (given away elsewhere): the device lists are stale.
  if (operation.items.some((item) => item.code === DEVICE_NOT_EXIST)) phonesChangedOnServer();
  return operation;
}
