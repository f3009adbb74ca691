// The keep-alive of the stream's sockets (phone stream and live grid alike): every period each socket is pinged, and
// one that did not answer the previous ping with a pong is cut. A connection that died without a close (a phone
// that lost its network, a laptop lid shut) is then let go within two periods, with its place in the socket caps.

/** What the keep-alive needs of a socket (a `ws` WebSocket). */
export interface Pingable {
  ping(): void;
  terminate(): void;
  on(event: 'pong', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/** Calls `round` every `periodMs` until the returned function is called. */
export type Repeat = (round: () => void, periodMs: number) => () => void;

/** Node's interval, which does not hold the process open. */
export const repeatEvery: Repeat = (round, periodMs) => {
  const timer = setInterval(round, periodMs);
  timer.unref();
  return () => clearInterval(timer);
};

/** WebSocket ping interval (StreamServerOptions.keepaliveMs). */
export const KEEPALIVE_MS = 15_000;

export class KeepAlive {
  /** Each watched socket, and whether it answered since it was last pinged. */
  private readonly answered = new Map<Pingable, boolean>();
  private readonly stopRepeat: () => void;

  constructor(periodMs = KEEPALIVE_MS, repeat: Repeat = repeatEvery) {
    this.stopRepeat = repeat(() => this.round(), periodMs);
  }

  /** Keeps `socket` alive from now until it closes; it counts as having answered until its first ping. */
  watch(socket: Pingable): void {
    this.answered.set(socket, true);
    socket.on('pong', () => {
      if (this.answered.has(socket)) this.answered.set(socket, true);
    });
    socket.once('close', () => this.answered.delete(socket));
  }

  /** Sockets watched now (closed ones leave on their close event, cut ones at once). */
  get size(): number {
    return this.answered.size;
  }

  private round(): void {
    for (const [socket, answered] of this.answered) {
      if (!answered) {
        this.answered.delete(socket);
        socket.terminate();
        continue;
      }
      this.answered.set(socket, false);
      socket.ping();
    }
  }

  stop(): void {
    this.stopRepeat();
    this.answered.clear();
  }
}
