/**
 * Device vocabulary shared by the client (api.ts) and the reference server (server/lib/phones.ts, server/data/):
 * statuses, operations, the entries of batch calls and the hardware of get-extend-batch. Pure TypeScript.
 */
export type BusinessStatus =
  | 'online' | 'offline' | 'maintenance' | 'replacing' | 'expired' | 'trial'
  | 'controlling' | 'syncing' | 'operating' | 'migrating';

export const OPERATION_TYPES = ['reboot', 'quickRestart', 'reset'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export interface Operation {
  type: OperationType;
  progress: number;
  startedAt: number;
}

/** One phone's result in a batch call: a refused phone does not stop the others. */
export interface BatchEntry {
  userPhoneId: number;
  success: boolean;
  code: number;
  msg: string;
  url?: string;
}

export interface PhoneHardware {
  userPhoneId: number;
  model: string;
  brand: string;
  imei: string;
  serialNo: string;
  wlanMac: string;
  androidId: string;
  systemVersion: string;
  ram: string;
  storage: string;
  cpu: string;
}

/** A screen size a phone accepts (server/API.md set-resolution). */
export interface Resolution {
  width: number;
  height: number;
  dpi: number;
}

/** What a new or factory-reset phone runs at. */
export const DEFAULT_RESOLUTION: Resolution = { width: 720, height: 1280, dpi: 320 };
/** The resolutions offered, smallest first. */
export const RESOLUTIONS: readonly Resolution[] = [{ width: 540, height: 960, dpi: 240 }, DEFAULT_RESOLUTION, { width: 1080, height: 1920, dpi: 480 }];

/** Spec §9: batch screenshots at most 10 devices. */
export const SCREENSHOT_BATCH_LIMIT = 10;

/**
 * Task types `get-progress` answers for: the spec's long tasks (§5: replacement, upgrade, clones) and this backend's
 * own operations. Anything else is refused rather than echoed back once per phone.
 */
export const PROGRESS_TASK_TYPES: readonly string[] = ['DISPLACE', 'REPLACE', 'UPGRADE', 'CLONE_TEMPLATE_ING', 'CLONE', 'CLONE_TEMPLATE_FINISH', ...OPERATION_TYPES];
