/**
 * Is the connection alive, and how is it doing? Pings measure the round trip; any message from the host counts as
 * a sign of life (on a slow link a pong can wait behind queued pictures, which must not look like a dead host).
 * Pictures of the last second give the frame rate and bitrate shown in professional mode.
 */
import type { StreamStats } from './types.ts';

export interface Liveness {
  /** Any message from the host. */
  heard(): void;
  pong(sentAt: unknown): void;
  picture(bytes: number): void;
  /** One tick: `dead` when the host has been silent for `timeoutMs` since an unanswered ping; `ping` when one is due. */
  tick(): { dead: boolean; ping: number | null; stats: StreamStats };
  reset(): void;
}

export function createLiveness(now: () => number, timeoutMs: number): Liveness {
  let lastPingAt = 0;
  let lastHeardAt = 0;
  let pongPending = false;
  let rtt: number | null = null;
  let pictures: Array<{ at: number; bytes: number }> = [];
  return {
    heard() {
      lastHeardAt = now();
    },
    pong(sentAt) {
      pongPending = false;
      if (typeof sentAt === 'number') rtt = Math.round(now() - sentAt);
    },
    picture(bytes) {
      pictures.push({ at: now(), bytes });
    },
    tick() {
      const at = now();
      const silentSince = Math.max(lastPingAt, lastHeardAt);
      const dead = pongPending && at - silentSince > timeoutMs;
      let ping: number | null = null;
      if (!pongPending) {
        pongPending = true;
        lastPingAt = ping = at;
      }
      pictures = pictures.filter((entry) => at - entry.at <= 1000);
      const bytes = pictures.reduce((sum, entry) => sum + entry.bytes, 0);
      return { dead, ping, stats: { fps: pictures.length, bitrate: Math.round((bytes * 8) / 1000), rtt } };
    },
    reset() {
      lastPingAt = lastHeardAt = 0;
      pongPending = false;
    },
  };
}
