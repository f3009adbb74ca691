import type * as v from 'valibot';
import { GridClientMessages } from '../../shared/contract/grid-messages.ts';
import { THUMB_HEADER_BYTES, THUMB_KIND } from '../../shared/contract/grid-protocol.ts';
import { readMessage } from './socket-messages.ts';

// The live grid's socket protocol (API.md "Live grid"): one socket per grid, JSON `watch` messages in, thumbnail
// pictures out (kind 3, the phone's id, the JPEG). The words and messages both sides need are the contract's
// (shared/contract/grid-protocol.ts, grid-messages.ts); this is the server's half. Thumbnails are acknowledged like the
// phone stream's pictures (link-estimate.ts).

/**
 * JPEG quality of a thumbnail. Measured on 180x320 pictures of the virtual phone: quality 50 weighs 5.0-5.7 KB, 80
 * weighs 7.6-8.3 KB, and at a card's size (85-180 CSS px wide) the two look the same; below 40 the icons' letters
 * blur. Sixteen cards changing at 3 fps then cost at most about 270 KB/s.
 */
export const THUMB_QUALITY = 50;
/** A watch message is a few hundred bytes; anything bigger is refused by the socket. */
export const GRID_MAX_PAYLOAD = 4096;

/**
 * Closes a grid socket the server has no room for (its cap in all): the WebSocket close code for "try again later".
 * The app's grid treats it as any dropped socket, reconnecting with the phone stream's backoff.
 */
export const CLOSE_TRY_AGAIN_LATER = 1013;
export const GRID_BUSY_MESSAGE = 'Too many live grids are open, try again later';

/** A client message, or the words of why it is not one. Ids are deduplicated, in the order given. */
export function parseGridMessage(raw: string): v.InferOutput<typeof GridClientMessages> | { error: string } {
  return readMessage(raw, GridClientMessages);
}

/** A thumbnail message: the kind byte, the phone's id and the picture's sequence number (uint32 BE), the JPEG. */
export function thumbMessage(userPhoneId: number, seq: number, jpeg: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(THUMB_HEADER_BYTES + jpeg.length);
  out[0] = THUMB_KIND;
  out.writeUInt32BE(userPhoneId, 1);
  out.writeUInt32BE(seq, 5);
  out.set(jpeg, THUMB_HEADER_BYTES);
  return out;
}
