/**
 * The device vocabulary and limits both sides hold to (spec §4, §5, §9): plain values, no schema code, so the client
 * may import them at run time. The schemas that use them are in devices.ts.
 */

export const BUSINESS_STATUSES = [
  'online', 'offline', 'maintenance', 'replacing', 'expired', 'trial', 'controlling', 'syncing', 'operating', 'migrating',
] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const OPERATION_TYPES = ['reboot', 'quickRestart', 'reset'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/**
 * Task types `get-progress` answers for: the spec's long tasks (§5: replacement, upgrade, clones) and this backend's
 * own operations. Anything else is refused rather than echoed back once per phone.
 */
export const PROGRESS_TASK_TYPES = ['DISPLACE', 'REPLACE', 'UPGRADE', 'CLONE_TEMPLATE_ING', 'CLONE', 'CLONE_TEMPLATE_FINISH', ...OPERATION_TYPES] as const;
export type ProgressTaskType = (typeof PROGRESS_TASK_TYPES)[number];

/** A screen size a phone accepts (set-resolution). */
export interface Resolution {
  width: number;
  height: number;
  dpi: number;
}

/** What a new or factory-reset phone runs at. */
export const DEFAULT_RESOLUTION: Resolution = { width: 720, height: 1280, dpi: 320 };
/** The resolutions offered, smallest first. */
export const RESOLUTIONS: readonly Resolution[] = [{ width: 540, height: 960, dpi: 240 }, DEFAULT_RESOLUTION, { width: 1080, height: 1920, dpi: 480 }];

/** Spec §5/§9: opening a device needs at least 10 minutes of validity. */
export const MIN_OPEN_VALIDITY_MS = 10 * 60 * 1000;
/** Spec §9: batch screenshots at most 10 devices. */
export const SCREENSHOT_BATCH_LIMIT = 10;
/** Reboots and resets: at most this many phones a call (a batch page sends larger selections in parts). */
export const OPERATION_BATCH_LIMIT = 100;
/** Calls that only read or set a flag take a whole page of the list at once. */
export const READ_BATCH_LIMIT = 200;
/** The device list's page size: default and largest. */
export const PHONE_PAGE_SIZE = { default: 50, max: 200 } as const;
/** The longest device-list search. */
export const PHONE_KEYWORD_MAX = 50;
export const PHONE_SORTS = ['default', 'expireAsc', 'expireDesc'] as const;
export type SortOrder = (typeof PHONE_SORTS)[number];
