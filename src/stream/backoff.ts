/**
 * When to try again after a dropped stream: quickly at first (a blip of the network should go unnoticed), then
 * doubling up to a ceiling, with jitter so many viewers of a restarted host do not reconnect in lockstep.
 * After MAX_RECONNECT_ATTEMPTS the session fails with "connection lost (reconnect?)" and waits for the user.
 */
export const FIRST_RECONNECT_DELAY_MS = 250;
export const MAX_RECONNECT_DELAY_MS = 8000;
/** About 30 s of trying in all. */
export const MAX_RECONNECT_ATTEMPTS = 8;

/** Delay before reconnect attempt `attempt` (1-based); `random` in [0, 1) spreads it by ±20%. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RECONNECT_DELAY_MS, FIRST_RECONNECT_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function shouldGiveUp(attempt: number): boolean {
  return attempt > MAX_RECONNECT_ATTEMPTS;
}
