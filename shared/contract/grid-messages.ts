/**
 * What a live-grid client sends (server/API.md "Live grid"), each message described once: the server parses every
 * text message with these schemas (server/stream/grid-protocol.ts), and their types are what the client may send
 * (grid-protocol.ts re-exports them as types). Schema code: the browser imports this file's types only.
 */
import * as v from 'valibot';
import { MAX_WATCHED } from './grid-protocol.ts';
import { PictureSeq, messageObject, messagesByType, wholeNumber } from './socket-messages.ts';

const WATCH_WORDS = `watch.userPhoneIds must be at most ${MAX_WATCHED} positive integers`;

export const GridClientMessages = messagesByType([
  /** The phones to show now, replacing the last watch's; ids are read once each, in the order given. */
  messageObject({
    type: v.literal('watch'),
    userPhoneIds: v.pipe(
      v.array(wholeNumber(1, 0xffffffff, WATCH_WORDS), WATCH_WORDS),
      v.maxLength(MAX_WATCHED, WATCH_WORDS),
      v.transform((ids) => [...new Set(ids)]),
    ),
  }),
  /** Thumbnails up to `seq` were drawn (cumulative, as the phone stream's acknowledgements). */
  messageObject({ type: v.literal('ack'), seq: PictureSeq }),
]);

export type GridClientMessage = v.InferInput<typeof GridClientMessages>;
