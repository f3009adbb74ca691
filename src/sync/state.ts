/**
 * What the group-control page reads, as queries of the client store (core/store/): the group a phone is in (polled
 * while shown: which followers follow and which failed). Every action answers with the group as it is now, which
 * replaces the stored one; stopping, or the last follower leaving, stores "no group". The stored value wraps the group,
 * since the store reads a null answer as none yet.
 */
import { setQueryData, type Fetcher } from '../core/store/query-store.ts';
import { polling } from '../core/store/polling.ts';
import { getSync, leaveSync, startSync, stopSync, switchSyncMain, type SyncGroup } from './api.ts';

/** Keyed by the phone the page was opened for: its group, whichever phone leads it. */
export const syncKey = (userPhoneId: number) => ['sync', 'group', userPhoneId] as const;

/** A phone's group as stored: `group` null while the phone is in individual mode. */
export interface SyncState {
  group: SyncGroup | null;
}

/** Live while the page shows it (core/store/polling.ts): which followers follow and which failed. */
export const fetchSyncGroup = (userPhoneId: number): Fetcher<SyncState> => polling(() => getSync(userPhoneId).then((group) => ({ group })));

/**
 * Stores the group under its main-control phone, which the page follows from then on: a phone that left no longer
 * finds the group, its main-control phone always does.
 */
function store(group: SyncGroup): SyncGroup {
  setQueryData<SyncState>(syncKey(group.mainId), () => ({ group }));
  return group;
}

export const startSyncNow = (userPhoneIds: number[], mainId: number): Promise<SyncGroup> => startSync(userPhoneIds, mainId).then(store);

export const switchMainNow = (groupId: number, mainId: number): Promise<SyncGroup> => switchSyncMain(groupId, mainId).then(store);

/** A follower leaves; null means sync ended with it (only the main-control phone was left), stored under `keyId`. */
export async function leaveSyncNow(keyId: number, groupId: number, userPhoneId: number): Promise<SyncGroup | null> {
  const group = await leaveSync(groupId, userPhoneId);
  if (group) return store(group);
  setQueryData<SyncState>(syncKey(keyId), () => ({ group: null }));
  return null;
}

export async function stopSyncNow(keyId: number, groupId: number): Promise<void> {
  await stopSync(groupId);
  setQueryData<SyncState>(syncKey(keyId), () => ({ group: null }));
}
