/**
 * A stream socket opened before the stream SDK arrived. On a slow link a share link's page starts its returning
 * viewer's socket as soon as a small file of its own runs (src/share/early-join.ts), while the stage and the SDK are
 * still coming in; the SDK then takes that socket over, with everything it heard meanwhile (the hello, the first
 * picture), instead of opening a second one a round trip later (ws-stream-client.ts). It imports nothing of the app:
 * it may run before the app's entry has.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';

/** A socket nobody took within this long is closed: the page went elsewhere, or will open its own. */
const UNCLAIMED_MS = 15_000;

interface HeldSocket {
  url: string;
  socket: WebSocket;
  heard: MessageEvent[];
  closed: CloseEvent | null;
  timer: ReturnType<typeof setTimeout>;
}

let held: HeldSocket | null = null;

function release(): void {
  const current = held;
  held = null;
  if (!current) return;
  clearTimeout(current.timer);
  current.socket.onmessage = current.socket.onclose = null;
  if (current.socket.readyState <= 1) current.socket.close(1000);
}

/**
 * Opens the stream socket at `url` (the address the SDK would open, without the token) and sends `auth` as its first
 * message once it is open. One at a time: a second call while one is held does nothing.
 */
export function openEarlySocket(url: string, auth: Extract<StreamClientMessage, { type: 'auth' }>, Socket: typeof WebSocket = WebSocket): void {
  if (held) return;
  const socket = new Socket(url);
  socket.binaryType = 'arraybuffer';
  const mine: HeldSocket = { url, socket, heard: [], closed: null, timer: setTimeout(release, UNCLAIMED_MS) };
  held = mine;
  socket.onmessage = (event) => mine.heard.push(event);
  socket.onclose = (event) => (mine.closed = event);
  // A listener, not `onopen`: it must still send once the SDK has taken the socket and set its own handlers.
  socket.addEventListener('open', () => socket.send(JSON.stringify(auth)), { once: true });
}

export interface TakenSocket {
  socket: WebSocket;
  /** Hands what the socket heard before it was taken to the handlers set since (messages, then its close). */
  replay(): void;
}

/**
 * The socket opened early for `url`, once, or null (also when it has closed already: the caller opens its own). The
 * caller then wires it, and replays what it heard.
 */
export function takeEarlySocket(url: string): TakenSocket | null {
  const mine = held;
  if (!mine || mine.url !== url) return null;
  if (mine.closed) {
    release();
    return null;
  }
  held = null;
  clearTimeout(mine.timer);
  const { socket } = mine;
  socket.onmessage = socket.onclose = null;
  return {
    socket,
    replay() {
      for (const event of mine.heard) socket.onmessage?.call(socket, event);
      if (mine.closed) socket.onclose?.call(socket, mine.closed);
    },
  };
}
