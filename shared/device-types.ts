/**
 * The devices domain's vocabulary for its own pages and the domains that show phones: statuses, operations, batch
 * entries and hardware, as the contract defines them (shared/contract/devices.ts, device-words.ts).
 */
import type * as C from './contract/devices.ts';
import type { InferOutput } from 'valibot';

import type { BusinessStatus } from './contract/device-words.ts';

export type { BusinessStatus, OperationType, Resolution } from './contract/device-words.ts';
export { DEFAULT_RESOLUTION, OPERATION_TYPES, RESOLUTIONS, SCREENSHOT_BATCH_LIMIT, OPERATION_BATCH_LIMIT, MIN_OPEN_VALIDITY_MS } from './contract/device-words.ts';

export type Operation = InferOutput<typeof C.Operation>;
/** One phone's result in a batch call: a refused phone does not stop the others. */
export type BatchEntry = InferOutput<typeof C.screenshotPhones.reply>[number];
export type PhoneHardware = InferOutput<typeof C.PhoneHardware>;

/** A phone with a long task running, which ends by itself: its status is worth asking again soon. */
export function isBusy(status: BusinessStatus): boolean {
  return status === 'operating' || status === 'replacing';
}
