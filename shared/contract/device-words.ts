/**
 * The device vocabulary and limits both sides hold to (spec §4, §5, §9): plain values, no schema code, so the client
 * may import them at run time. The schemas that use them are in devices.ts.
 */

export const BUSINESS_STATUSES = [
  'online', 'offline', 'maintenance', 'replacing', 'expired', 'trial', 'controlling', 'syncing', 'operating', 'migrating',
] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/**
 * The long tasks a phone runs, one at a time, each keeping it busy for a while: the restarts (reboot, quick restart,
 * factory reset), an upgrade to a higher grade, a change of device model (`newMachine`), a replacement without its
 * data (`replace`) or with it (`displace`), taking a clone template from it (`template`) and cloning a template onto
 * it (`clone`).
 */
export const OPERATION_TYPES = ['reboot', 'quickRestart', 'reset', 'upgrade', 'newMachine', 'replace', 'displace', 'template', 'clone'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Operations during which the phone shows `replacing` rather than `operating` (spec §4). */
export const REPLACING_OPERATIONS: readonly OperationType[] = ['replace', 'displace'];

/**
 * Task types `get-progress` answers for: the spec's long tasks (§4) and this backend's own operations that have no
 * spec name. Anything else is refused rather than echoed back once per phone.
 */
export const PROGRESS_TASK_TYPES = [
  'DISPLACE', 'REPLACE', 'UPGRADE', 'CLONE_TEMPLATE_ING', 'CLONE', 'CLONE_TEMPLATE_FINISH', 'reboot', 'quickRestart', 'reset', 'newMachine',
] as const;
export type ProgressTaskType = (typeof PROGRESS_TASK_TYPES)[number];

/**
 * The task type each operation answers to. Replacement with the data moved is DISPLACE, without it REPLACE. A template
 * is CLONE_TEMPLATE_ING while it is taken from its phone; CLONE_TEMPLATE_FINISH answers `done` once it has been.
 */
export const OPERATION_TASK: Record<OperationType, ProgressTaskType> = {
  reboot: 'reboot', quickRestart: 'quickRestart', reset: 'reset', newMachine: 'newMachine', upgrade: 'UPGRADE',
  replace: 'REPLACE', displace: 'DISPLACE', template: 'CLONE_TEMPLATE_ING', clone: 'CLONE',
};

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

/**
 * The default group's name in each language (spec §5: it cannot be renamed or deleted). It is reserved: no other group
 * may be named so, or look so (shared/name-lookalike.ts).
 */
export const DEFAULT_GROUP_NAMES = { 'zh-CN': '默认分组', 'en-US': 'Default group' } as const;
