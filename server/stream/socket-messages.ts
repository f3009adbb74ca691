import * as v from 'valibot';
import type { RawData, WebSocket } from 'ws';
import { SOCKET_WORDS } from '../../shared/contract/socket-messages.ts';
import { CLOSE_POLICY, STREAM_MESSAGES } from '../../shared/contract/stream-protocol.ts';

// How the stream's sockets read what their clients send, and say why they close: JSON text, parsed by the contract's
// schema of that socket's messages (shared/contract/*-messages.ts). On the phone stream and the live grid a malformed
// message is answered {type:'error'} with the words of the first rule it broke, and otherwise ignored, until the
// socket sends too many.

/** Close reason: JSON `{code, msg}` (at most 123 bytes, the WebSocket limit). */
export function closeReason(code: number, msg: string): string {
  return JSON.stringify({ code, msg });
}

/** The message `raw` says, or the words of why it is not one. */
export function readMessage<TSchema extends v.GenericSchema>(raw: string, schema: TSchema): v.InferOutput<TSchema> | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { error: SOCKET_WORDS.malformedJson };
  }
  if (typeof value !== 'object' || value === null) return { error: SOCKET_WORDS.malformedMessage };
  const read = v.safeParse(schema, value, { abortEarly: true });
  return read.success ? read.output : { error: read.issues[0].message };
}

/** Malformed messages (binary, not JSON, unknown or invalid) a socket may send in any MALFORMED_WINDOW_MS. */
export const MALFORMED_LIMIT = 10;
export const MALFORMED_WINDOW_MS = 10_000;

/**
 * Counts a socket's malformed messages. A client of another version may send a few a server does not know, and is
 * told each time; a socket sending more than MALFORMED_LIMIT in a window is not a client, and is closed
 * (CLOSE_POLICY) rather than answered message by message.
 */
export class MalformedCount {
  private times: number[] = [];

  /** One more malformed message at `now`: false once the socket is past the limit. */
  tolerate(now: number): boolean {
    this.times = this.times.filter((at) => now - at < MALFORMED_WINDOW_MS);
    this.times.push(now);
    return this.times.length <= MALFORMED_LIMIT;
  }
}

export interface MessageReader<TSchema extends v.GenericSchema> {
  schema: TSchema;
  /** The clock the malformed window counts on. */
  clock: () => number;
  /** Tells the client a message of its was refused, and why (`{type:'error', msg}`). */
  refused: (msg: string) => void;
  handle: (message: v.InferOutput<TSchema>) => void;
}

/** Reads every message `socket` receives: a good one goes to `handle`, in order; see the header for the others. */
export function readMessages<TSchema extends v.GenericSchema>(socket: WebSocket, reader: MessageReader<TSchema>): void {
  const malformed = new MalformedCount();
  socket.on('message', (data: RawData, isBinary: boolean) => {
    const message = isBinary ? { error: STREAM_MESSAGES.binaryRefused } : readMessage(data.toString(), reader.schema);
    if (isRefusal(message)) {
      if (malformed.tolerate(reader.clock())) return reader.refused(message.error);
      return socket.close(CLOSE_POLICY, closeReason(CLOSE_POLICY, STREAM_MESSAGES.malformedFlood));
    }
    reader.handle(message);
  });
}

function isRefusal(message: unknown): message is { error: string } {
  return typeof message === 'object' && message !== null && 'error' in message;
}
