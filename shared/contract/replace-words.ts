/**
 * The replacement vocabulary both sides hold to (spec §4 "Replace type: 1 do not keep data, 2 move data", §9 "replace
 * at most 10 at once" and the PHONE_REPLACE_* keys; server/API.md "Replacement"). Plain values, no schema code, so
 * the client may import them at run time. The schemas that use them are in replacements.ts.
 */
import type { OperationType, ProgressTaskType } from './device-words.ts';

/** 1: a fresh phone, nothing kept; 2: the installed apps, files and settings move to the new instance. */
export const REPLACE_TYPES = [1, 2] as const;
export type ReplaceType = (typeof REPLACE_TYPES)[number];

/** The operation each type runs (device-words.ts): `replace` answers get-progress as REPLACE, `displace` as DISPLACE. */
export const REPLACE_OPERATION: Record<ReplaceType, Extract<OperationType, 'replace' | 'displace'>> = { 1: 'replace', 2: 'displace' };
export const REPLACE_TASK: Record<ReplaceType, Extract<ProgressTaskType, 'REPLACE' | 'DISPLACE'>> = { 1: 'REPLACE', 2: 'DISPLACE' };

/** Spec §9: never more than 10 at once, whatever the tenant's PHONE_REPLACE_BY_BATCH_COUNT_LIMIT says. */
export const REPLACE_BATCH_MAX = 10;

/**
 * The tenant's limits (spec §9 keys, seeded per tenant) with the defaults the server falls back to when a key is
 * missing or malformed. `statuses` is a comma-separated list of business statuses (device-words.ts) that refuse.
 */
export const REPLACE_LIMIT_KEYS = {
  batch: 'PHONE_REPLACE_BY_BATCH_COUNT_LIMIT',
  expireHours: 'PHONE_REPLACE_PHONE_EXPIRE_TIME_LIMIT',
  frequencyHours: 'PHONE_REPLACE_PHONE_FREQUENCY_LIMIT',
  statuses: 'PHONE_REPLACE_BUSINESS_STATUS_LIMIT',
} as const;
export type ReplaceLimitName = Exclude<keyof typeof REPLACE_LIMIT_KEYS, 'statuses'>;
export const REPLACE_LIMIT_DEFAULTS: Record<ReplaceLimitName, number> = { batch: REPLACE_BATCH_MAX, expireHours: 24, frequencyHours: 24 };
export const REPLACE_STATUS_DEFAULT = 'maintenance,replacing,migrating';

/** How one replacement ended (the server's record; a running one is told by the phone's status). */
export const REPLACE_RESULTS = ['success', 'failed'] as const;
export type ReplaceResult = (typeof REPLACE_RESULTS)[number];
