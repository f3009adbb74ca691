/**
 * One stream socket's wiring to the client that owns it: pictures as ArrayBuffers, a token still on its way sent as
 * the first message once both are there (null: whoever opened the socket sends it, early-socket.ts), and a close reported only while the client still holds this socket (one it
 * replaced says nothing). Unwiring drops every handler before closing, so a socket let go never reports again.
 */
import type { StreamClientMessage } from '../../shared/contract/stream-protocol.ts';

export interface SocketEvents {
  /** Whether the client still holds this socket. */
  owns(socket: WebSocket): boolean;
  /** Anything arrived: the connection is alive. */
  heard(): void;
  text(data: string, receivedAt: number): void;
  /** `receivedAt`: when it arrived (performance.now()'s clock), kept for a message replayed later. */
  binary(data: ArrayBuffer, receivedAt: number): void;
  closed(code: number): void;
}

export function wireSocket(socket: WebSocket, token: string | Promise<string> | null, events: SocketEvents): void {
  socket.binaryType = 'arraybuffer';
  if (token !== null && typeof token !== 'string') {
    socket.onopen = () => {
      token.then(
        (value) => {
          if (events.owns(socket) && socket.readyState === 1) socket.send(JSON.stringify({ type: 'auth', token: value } satisfies StreamClientMessage));
        },
        () => {},
      );
    };
  }
  socket.onmessage = (event: MessageEvent) => {
    events.heard();
    const receivedAt = event.timeStamp || performance.now();
    if (typeof event.data === 'string') events.text(event.data, receivedAt);
    else if (event.data instanceof ArrayBuffer) events.binary(event.data, receivedAt);
  };
  socket.onclose = (event: CloseEvent) => {
    if (events.owns(socket)) events.closed(event.code);
  };
}

/** Lets the socket go without a word from it, closing it normally if it is still open or opening. */
export function unwireSocket(socket: WebSocket): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  if (socket.readyState <= 1) socket.close(1000);
}
