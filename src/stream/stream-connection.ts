/**
 * The stream client's socket and its life: opening it at the session's address (or taking over the one a share page
 * opened early), the state it reports, and what follows a drop. A lost connection is tried again with backoff
 * (backoff.ts) until it gives up; a close that names a refusal (close-codes.ts) fails at once, since trying again
 * would meet the same refusal. A host that accepts the socket but never says hello within STREAM_TIMEOUT_MS counts
 * as lost. Only a drawn picture proves the connection works: a host that says hello and drops keeps backing off.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';
import { reconnectDelay, shouldGiveUp } from './backoff.ts';
import { closeFailure } from './close-codes.ts';
import { takeEarlySocket } from './early-socket.ts';
import { STREAM_TIMEOUT_MS } from './protocol.ts';
import { unwireSocket, wireSocket } from './stream-socket.ts';
import { streamUrl } from './stream-url.ts';
import type { StreamEvents, StreamFailure, StreamState, StreamTarget } from './types.ts';

export interface StreamConnectionDeps {
  /** The socket class (a WebSocket); the caller has checked there is one before open(). */
  Socket: typeof WebSocket | undefined;
  /** The session to open; null once it ended. */
  target(): StreamTarget | null;
  random?: () => number;
  /** Anything arrived on the current socket. */
  heard(): void;
  text(data: string, receivedAt: number): void;
  binary(data: ArrayBuffer, receivedAt: number): void;
  /** The current socket was let go (for good, or before the next one): what was bound to it ends too. */
  dropped(): void;
  state(change: StreamEvents['state']): void;
}

export interface StreamConnection {
  readonly state: StreamState;
  /** Whether the host has said hello on the current socket: only then does anything go out. */
  readonly ready: boolean;
  /** The current socket, as an identity to compare later (null between sockets). */
  current(): unknown;
  /** Opens a socket for the target: connecting, or still reconnecting when this is a retry. */
  open(): void;
  /** A new session or the user's own retry: the backoff starts over. */
  resetBackoff(): void;
  /** The host said hello on the current socket. */
  greeted(): void;
  /** A picture was drawn: the connection works, the backoff starts over, and the session is playing. */
  proved(): void;
  /** Sends on the current socket once the host has said hello; false otherwise. */
  send(message: StreamClientMessage): boolean;
  /** Lets the socket go without a reconnect. */
  drop(): void;
  /** The connection went away: reconnect after the backoff delay, or fail once it gives up. */
  lost(): void;
  fail(failure: StreamFailure): void;
  enter(state: StreamState, failure?: StreamFailure): void;
}

export function createStreamConnection(deps: StreamConnectionDeps): StreamConnection {
  let socket: WebSocket | null = null;
  let state: StreamState = 'idle';
  let attempt = 0;
  let ready = false;
  let timers: ReturnType<typeof setTimeout>[] = [];

  function enter(next: StreamState, failure?: StreamFailure): void {
    state = next;
    deps.state({ state: next, failure, attempt });
  }

  function later(ms: number, run: () => void): void {
    timers.push(setTimeout(run, ms));
  }

  function drop(): void {
    const current = socket;
    socket = null;
    ready = false;
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    deps.dropped();
    if (current) unwireSocket(current);
  }

  function fail(failure: StreamFailure): void {
    drop();
    enter('failed', failure);
  }

  function lost(): void {
    drop();
    attempt++;
    if (shouldGiveUp(attempt)) return fail('connectionLost');
    enter('reconnecting');
    later(reconnectDelay(attempt, deps.random), open);
  }

  function open(): void {
    const target = deps.target();
    if (!target) return;
    const token = target.token;
    let url: string;
    try {
      url = streamUrl(target.baseUrl, target.userPhoneId, typeof token === 'string' ? token : null);
    } catch {
      return fail('configError');
    }
    if (state !== 'reconnecting') enter('connecting');
    // A share link's page may have opened this very socket before the SDK arrived: it is taken over, not opened again.
    const early = takeEarlySocket(url);
    let current: WebSocket;
    try {
      current = early?.socket ?? new deps.Socket!(url);
    } catch {
      return fail('configError'); // refused outright: mixed content (ws: from https:) or a content security policy
    }
    socket = current;
    wireSocket(current, early ? null : token, {
      owns: (candidate) => socket === candidate,
      heard: deps.heard,
      text: deps.text,
      binary: deps.binary,
      closed: (code) => {
        const failure = closeFailure(code);
        // A socket opened early with a kept viewer key that the host refused before its hello: the session's own
        // token (the page's join) may still open the phone, through a new socket.
        if (failure && !(early && !ready)) fail(failure);
        else lost();
      },
    });
    later(STREAM_TIMEOUT_MS, () => {
      if (socket === current && !ready) lost();
    });
    early?.replay();
  }

  return {
    get state() {
      return state;
    },
    get ready() {
      return ready;
    },
    current: () => socket,
    open,
    resetBackoff() {
      attempt = 0;
    },
    greeted() {
      ready = true;
    },
    proved() {
      attempt = 0;
      if (state !== 'playing') enter('playing');
    },
    send(message) {
      if (!socket || !ready || socket.readyState !== 1) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    drop,
    lost,
    fail,
    enter,
  };
}
