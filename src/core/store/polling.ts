/**
 * A fetcher for a query that is live while a page shows it: asks, then asks again every POLL_MS until the store aborts
 * it (the last page showing the key went, or the key was invalidated). Pages whose server state moves on its own use
 * it (a share's viewers, an upload's phones) where a push channel would need a server-side fan-out for the same effect.
 */
import type { Fetcher } from './query-store.ts';

/** How often a shown live query asks again: the spec's "live" for state a person watches change. */
export const POLL_MS = 2000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Asks, then asks again every POLL_MS while a page shows the key (the store aborts `signal` when the last one goes,
 * or the key is invalidated). A failed first answer is the query's error; a later failure is skipped, and a hidden
 * page does not ask.
 */
export function polling<T>(ask: () => Promise<T>): Fetcher<T> {
  return async (progress, signal) => {
    let data = await ask();
    for (;;) {
      if (signal.aborted || !progress(data)) return data;
      await pause(POLL_MS, signal);
      if (signal.aborted || document.visibilityState === 'hidden') continue;
      try {
        data = await ask();
      } catch {
        // The next tick asks again; the last answer stays on screen.
      }
    }
  };
}

