/**
 * The stream's heartbeat once the host has said hello: twice per ping period it sends a ping when none is waiting,
 * declares the connection dead when the host stays silent after one (liveness.ts), and reports the stats of the
 * last second with the host's latest word on the link (its `link` message, which the host's automatic quality
 * follows: the client only shows it). A new hello starts it over; a socket let go stops it.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';
import { createLiveness } from './liveness.ts';
import { PING_EVERY_MS, STREAM_TIMEOUT_MS } from './protocol.ts';
import type { StreamLink, StreamStats } from './types.ts';

export interface StatsTickerDeps {
  now: () => number;
  send(message: StreamClientMessage): boolean;
  /** The host went silent after a ping: the connection is lost even if the browser has not noticed yet. */
  dead(): void;
  stats(stats: StreamStats): void;
}

export interface StatsTicker {
  /** Any message from the host. */
  heard(): void;
  pong(sentAt: unknown): void;
  /** A picture arrived, of this many bytes. */
  picture(bytes: number): void;
  link(link: StreamLink): void;
  /** The host said hello: ticking (again) from now, with no word on the link yet. */
  start(): void;
  stop(): void;
}

export function createStatsTicker(deps: StatsTickerDeps): StatsTicker {
  const liveness = createLiveness(deps.now, STREAM_TIMEOUT_MS);
  let link: StreamLink | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  function stop(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function tick(): void {
    const { dead, ping, stats } = liveness.tick();
    if (dead) return deps.dead();
    if (ping !== null) deps.send({ type: 'ping', t: ping });
    deps.stats({ ...stats, link });
  }

  return {
    heard: () => liveness.heard(),
    pong: (sentAt) => liveness.pong(sentAt),
    picture: (bytes) => liveness.picture(bytes),
    link(next) {
      link = next;
    },
    start() {
      stop(); // a repeated hello must not start a second ticker
      link = null;
      liveness.reset();
      timer = setInterval(tick, PING_EVERY_MS / 2);
    },
    stop,
  };
}
