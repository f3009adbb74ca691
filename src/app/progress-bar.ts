/**
 * Top progress bar state during navigation (spec §2: trickle every 800 ms, minimum 0.08).
 * Rendered by parts of the shell; kept as a signal so it costs no component re-renders elsewhere.
 */
import { signal } from '@preact/signals-react';

export const PROGRESS_MINIMUM = 0.08;
export const TRICKLE_MS = 800;

/** null when hidden, else 0..1. */
export const progress = signal<number | null>(null);

/** The next trickle value: big steps early, smaller near the end, never reaching 1 on its own. */
export function trickle(value: number): number {
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0;
  return Math.min(Math.max(value + step, PROGRESS_MINIMUM), 0.994);
}

let timer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function startProgress(): void {
  clearTimeout(hideTimer);
  if (progress.value === null || progress.value >= 1) progress.value = PROGRESS_MINIMUM;
  clearInterval(timer);
  timer = setInterval(() => {
    if (progress.value !== null) progress.value = trickle(progress.value);
  }, TRICKLE_MS);
}

export function doneProgress(): void {
  clearInterval(timer);
  timer = undefined;
  if (progress.value === null) return;
  progress.value = 1;
  // Let the bar reach the end before it fades out.
  hideTimer = setTimeout(() => (progress.value = null), 250);
}
