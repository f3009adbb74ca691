import type { OperationType } from '../../shared/contract/device-words.ts';
import type { PhoneRow } from '../data/phones.ts';
import { OPERATION_DURATION_MS, currentOperation } from '../lib/phones.ts';

// A virtual phone starting up after an operation (a reboot, a reset, a new model, a replacement...; API.md "Streaming"): until the
// operation ends the screen shows a boot animation and takes no input. The animation moves in steps, so a viewer
// gets a few frames a second rather than one per millisecond, and every step is a new picture.

export type BootKind = 'restart' | 'reset';

/** Operations that start the phone from a fresh instance (the reset's boot); the others restart the one it has. */
const REBUILDS: ReadonlySet<OperationType> = new Set<OperationType>(['reset', 'replace', 'displace', 'clone']);

export interface PhoneBoot {
  kind: BootKind;
  startedAt: number;
  until: number;
}

/** The animation's pace: four pictures a second. */
export const BOOT_STEP_MS = 250;

export function bootStep(boot: PhoneBoot, now: number): number {
  return Math.max(0, Math.floor((now - boot.startedAt) / BOOT_STEP_MS));
}

/** How far along the start is, 0 to 1, for the progress bar. */
export function bootProgress(boot: PhoneBoot, now: number): number {
  const span = boot.until - boot.startedAt;
  return span > 0 ? Math.min(1, Math.max(0, (now - boot.startedAt) / span)) : 1;
}

/** When the picture changes next: the next step, or the end of the start (the home screen). */
export function nextBootChange(boot: PhoneBoot, now: number): number {
  return Math.min(boot.startedAt + (bootStep(boot, now) + 1) * BOOT_STEP_MS, boot.until);
}

/**
 * The boot a phone's screen shows when its model is made: while a reboot, quick restart or reset stored on the phone
 * is still running (started through the API, or running when this server started). The operation is timed on the
 * app's clock (`now`), the screen on its own (`clock`); the same span is carried over.
 */
export function runningBoot(row: PhoneRow | undefined, now: number, clock: number): PhoneBoot | null {
  const operation = row ? currentOperation(row, now) : null;
  if (!operation) return null;
  const startedAt = clock - (now - operation.startedAt);
  return { kind: REBUILDS.has(operation.type) ? 'reset' : 'restart', startedAt, until: startedAt + OPERATION_DURATION_MS[operation.type] };
}
