/**
 * What the change-phone page reads and does, through the client store (core/store/): the tenant's replacement limits
 * (config keys, spec §9: read from the server, never constants here), the preview, the submit (after which the device
 * answers read before are stale: statuses, apps, root, resolution). The replacements' progress is not asked here: the
 * started phones' statuses go into the phone store, and the shared poll (devices/polling.ts) follows them from there.
 */
import { computed } from '@preact/signals-react';
import { getConfigKeys } from '../app/client-api.ts';
import { REPLACE_BATCH_MAX, REPLACE_LIMIT_DEFAULTS, REPLACE_LIMIT_KEYS, type ReplaceLimitName, type ReplaceType } from '../../shared/contract/replace-words.ts';
import { DEVICE_NOT_EXIST } from '../../shared/reply-codes.ts';
import { ApiError } from '../core/errors.ts';
import { ensureQuery, queryState } from '../core/store/query-store.ts';
import { refreshStatuses } from '../devices/actions.ts';
import { patchPhones } from '../devices/phone-store.ts';
import { pollBusyPhones } from '../devices/polling.ts';
import { phonesChangedOnServer } from '../devices/state.ts';
import { previewReplacement, submitReplacement, type ReplacePreview, type ReplaceSubmit } from './api.ts';

export type ReplaceLimits = Record<ReplaceLimitName, number>;

const LIMITS_KEY = ['replace', 'limits'];

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

/**
 * Starts the replacements; every device answer read before is stale (statuses now, apps and settings for type 1). The
 * started phones show replacing at once, and the shared poll follows them until they are back.
 */
export async function submitNow(ids: number[], type: ReplaceType): Promise<ReplaceSubmit> {
  let reply: ReplaceSubmit;
  try {
    reply = await submitReplacement(ids, type);
  } finally {
    phonesChangedOnServer();
  }
  const started = reply.items.filter((item) => item.success).map((item) => item.userPhoneId);
  if (started.length) {
    // Without their status they are still shown busy: the poll asks a busy phone with no known task for its status.
    await refreshStatuses(started).catch(() => patchPhones(started, { businessStatus: 'operating' }));
    pollBusyPhones();
  }
  return reply;
}

/**
 * Keeps the shared poll going while the page shows phones still replacing: home stops it when it closes, and it
 * re-arms itself only while a phone it holds is busy.
 */
export function followReplacements(): void {
  pollBusyPhones();
}
