import * as v from 'valibot';
import { StreamClientMessages, SupportedDefinition } from '../../shared/contract/stream-messages.ts';
import type { StreamMessageRead } from '../../shared/contract/stream-messages.ts';
import type { Definition } from '../../shared/contract/stream-protocol.ts';
import { readMessage } from './socket-messages.ts';

// The streaming WebSocket protocol (API.md "Streaming"): JSON text messages for control, binary messages for pictures.
// Its words, limits and messages are the contract's (shared/contract/stream-protocol.ts, stream-messages.ts,
// stream-quality.ts); this is the server's half: parsing is strict (socket-messages.ts), and anything malformed is
// answered with {type:'error'} and otherwise ignored.

/** Messages that drive the phone or read its data: refused from a socket that does not control it. */
export const CONTROL_MESSAGES: ReadonlySet<StreamMessageRead['type']> = new Set(['touch', 'key', 'text', 'clipboard.set', 'clipboard.get', 'paste']);

/** Whether the host serves this definition (a refused one is answered `definition` ok:false, the socket keeps its own). */
export function isValidDefinition(definition: Definition): boolean {
  return v.is(SupportedDefinition, definition);
}

/** A client message, or the words of why it is not one. */
export function parseClientMessage(raw: string): StreamMessageRead | { error: string } {
  return readMessage(raw, StreamClientMessages);
}

/** A screenshot message: one kind byte, then the JPEG (pictures of the stream: picture-update.ts). */
export function binaryMessage(kind: number, jpeg: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(jpeg.length + 1);
  out[0] = kind;
  out.set(jpeg, 1);
  return out;
}
