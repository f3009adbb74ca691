import { LocalWindowCounter } from '../lib/local-counters.ts';

// How many full-resolution screenshots the stream encodes on request (API.md "Streaming", `screenshot`): each costs
// an encode of the whole screen, so a script asking for a hundred is refused after a person's few.

export interface ScreenshotLimit {
  limit: number;
  windowMs: number;
}

/** A person takes a few screenshots in a row at most. */
export const SCREENSHOTS_PER_SOCKET: ScreenshotLimit = { limit: 3, windowMs: 3000 };
/** The same across all of one holder's sockets, so opening more sockets does not multiply the allowance. */
export const SCREENSHOTS_PER_USER: ScreenshotLimit = { limit: 10, windowMs: 30_000 };

/**
 * Answers whether a socket may take a screenshot now, and counts it when it may. `holder` names whose allowance the
 * socket shares (its user, or a share viewer's key). Sockets are counted under a serial number: a closed socket's
 * count simply ages out of its window.
 */
export function screenshotLimiter(socketRule: ScreenshotLimit, holderRule: ScreenshotLimit, clock: () => number) {
  // In this process's memory: the encodes are this process's work, and a socket lives on one instance.
  const perSocket = new LocalWindowCounter(socketRule.limit, socketRule.windowMs);
  const perHolder = new LocalWindowCounter(holderRule.limit, holderRule.windowMs);
  const socketKeys = new WeakMap<object, string>();
  let sockets = 0;
  return (socket: object, holder: string): boolean => {
    const at = clock();
    const socketKey = socketKeys.get(socket) ?? String(++sockets);
    socketKeys.set(socket, socketKey);
    if (perSocket.waitMs(socketKey, at) > 0 || perHolder.waitMs(holder, at) > 0) return false;
    perSocket.add(socketKey, at);
    perHolder.add(holder, at);
    return true;
  };
}
