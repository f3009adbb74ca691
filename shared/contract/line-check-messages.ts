/**
 * What a network-check client sends on a line socket (server/API.md "Network check"), each message described once:
 * the server parses every text message with these schemas (server/stream/line-check.ts), and their types are what the
 * client may send (line-check-words.ts re-exports them as types). Any message outside them closes the socket
 * (LINE_MESSAGES.malformed): the check's own client never sends one. Schema code: the browser imports its types only.
 */
import * as v from 'valibot';
import { messagesByType } from './socket-messages.ts';

const safeInteger = v.pipe(v.number(), v.safeInteger());

export const LineClientMessages = messagesByType([
  /** Answered at once with a pong carrying `seq` and `t` back (the round trip). */
  v.object({ type: v.literal('ping'), seq: safeInteger, t: v.pipe(v.number(), v.finite()) }),
  /** `bytes` of zeros to be sent back, in binary chunks then `downloaded` (the throughput). */
  v.object({ type: v.literal('download'), bytes: v.pipe(safeInteger, v.minValue(1)) }),
]);

export type LineClientMessage = v.InferInput<typeof LineClientMessages>;
