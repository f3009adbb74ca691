/**
 * What the change-phone page reads and does, through the client store (core/store/): the tenant's replacement limits
 * (config keys, spec §9: read from the server, never constants here), the preview, the submit (after which the device
 * answers read before are stale: statuses, apps, root, resolution), and the replacements' progress, asked every second
 * through get-progress with the submit's task type (REPLACE or DISPLACE) until none is running.
 */
import { computed } from '@preact/signals-react';
import { getConfigKeys } from '../app/client-api.ts';
import { REPLACE_BATCH_MAX, REPLACE_LIMIT_DEFAULTS, REPLACE_LIMIT_KEYS, type ReplaceLimitName, type ReplaceType } from '../contract/replace-words.ts';
import { DEVICE_NOT_EXIST } from '../core/reply-codes.ts';
import { ApiError } from '../core/errors.ts';
import { ensureQuery, queryState, type Fetcher } from '../core/store/query-store.ts';
import { useQuery } from '../core/store/use-query.ts';
import { phonesChangedOnServer } from '../devices/state.ts';
import { previewReplacement, replaceProgress, submitReplacement, type ReplacePreview, type ReplaceSubmit, type TaskProgress } from './api.ts';

export type ReplaceLimits = Record<ReplaceLimitName, number>;

const LIMITS_KEY = ['replace', 'limits'];
const PROGRESS_KEY = ['replace', 'progress'];
/** A replacement takes seconds on the reference server and minutes elsewhere: once a second shows it move. */
export const PROGRESS_POLL_MS = 1000;

/** The tenant's limits; a key left out (or a failed call) falls back to the server's default. Never above 10 at once. */
export function loadReplaceLimits(): Promise<ReplaceLimits> {
  return ensureQuery(LIMITS_KEY, async () => {
    const names = Object.keys(REPLACE_LIMIT_DEFAULTS) as ReplaceLimitName[];
    const reply = await getConfigKeys(names.map((name) => REPLACE_LIMIT_KEYS[name]));
    const value = (name: ReplaceLimitName) => Number(reply.list.find((entry) => entry.key === REPLACE_LIMIT_KEYS[name])?.value);
    const limits = Object.fromEntries(names.map((name) => [name, value(name) > 0 ? value(name) : REPLACE_LIMIT_DEFAULTS[name]])) as ReplaceLimits;
    return { ...limits, batch: Math.min(limits.batch, REPLACE_BATCH_MAX) };
  });
}

const limitsState = queryState<ReplaceLimits>(LIMITS_KEY);
/** The limits once read; the defaults until then. */
export const replaceLimits = computed(() => limitsState.value.data ?? REPLACE_LIMIT_DEFAULTS);

/** A phone answered as not existing is no longer this account's (given away elsewhere): the device lists are stale. */
function staleIfGone(codes: number[]): void {
  if (codes.includes(DEVICE_NOT_EXIST)) phonesChangedOnServer();
}

export async function previewNow(ids: number[], type: ReplaceType): Promise<ReplacePreview> {
  try {
    return await previewReplacement(ids, type);
  } catch (refusal) {
    if (refusal instanceof ApiError) staleIfGone([refusal.code]);
    throw refusal;
  }
}

/** Starts the replacements; every device answer read before is stale (statuses now, apps and settings for type 1). */
export async function submitNow(ids: number[], type: ReplaceType): Promise<ReplaceSubmit> {
  try {
    return await submitReplacement(ids, type);
  } finally {
    phonesChangedOnServer();
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

const progressFetcher = (ids: number[], taskType: 'REPLACE' | 'DISPLACE'): Fetcher<TaskProgress[]> => async (progress, signal) => {
  let data = await replaceProgress(ids, taskType);
  while (data.some((entry) => entry.status === 'running') && !signal.aborted && progress(data)) {
    await pause(PROGRESS_POLL_MS, signal);
    if (signal.aborted || document.visibilityState === 'hidden') continue;
    try {
      data = await replaceProgress(ids, taskType);
    } catch {
      // The next tick asks again; the last answer stays on screen.
    }
  }
  // Over: the phones are back, fresh or with their data; what the lists hold of them is read again.
  if (!signal.aborted) phonesChangedOnServer();
  return data;
};

/** The progress of the started replacements, live while shown (null ids: nothing started). */
export function useReplaceProgress(ids: number[] | null, taskType: 'REPLACE' | 'DISPLACE') {
  return useQuery(ids?.length ? [...PROGRESS_KEY, taskType, ids.join(',')] : null, progressFetcher(ids ?? [], taskType));
}
