/**
 * The live grid's protocol (server/API.md "Live grid"), written once for both sides: the ticket call and its reply,
 * the socket's path, limits, picture framing and messages. Plain values and types, nothing imported at run time: the
 * grid's lazy chunk loads it. A refused ticket closes the socket as a refused token closes the phone stream
 * (stream-protocol.ts CLOSE_NOT_ASSIGNED).
 */

/** The ticket call, on the streaming-SDK host (the page origin unless VITE_STREAM_SDK_BASE says otherwise). */
export const GRID_TICKET_PATH = '/stream/api/grid-ticket';

/** The ticket call's reply (`data` of the envelope): the ticket opens grid sockets for this user until expireTime. */
export interface GridTicket {
  ticket: string;
  /** ms since the epoch, by the server's clock. */
  expireTime: number;
}

/** The socket, on the same host: `?ticket=`. */
export const GRID_SOCKET_PATH = '/stream/grid';
/** A ticket lives this long; the client asks for the next one a minute before. */
export const GRID_TICKET_TTL_MS = 10 * 60 * 1000;
/**
 * Phones one watch may name; more are a malformed message. The device list's largest view is the 16-grid; group
 * control shows up to 19 followers (spec §9: a main-control window holds at most 20 devices).
 */
export const MAX_WATCHED = 20;
/**
 * First byte of a thumbnail message, then the userPhoneId and the socket's picture sequence number (uint32
 * big-endian each), then the JPEG. The phone stream's kinds share the byte (stream-protocol.ts FRAME_KIND...).
 * The client acknowledges each thumbnail once drawn (`ack`, cumulative); the host keeps only a few unacknowledged,
 * as the phone stream does, so a slow link shows each card's current picture, never a queue of old ones.
 */
export const THUMB_KIND = 3;
export const THUMB_HEADER_BYTES = 9;
/** Thumbnail size: a 16-grid card is about 85 CSS px wide on a phone, a 4-grid one about 180. */
export const THUMB_WIDTH = 180;
export const THUMB_HEIGHT = 320;
/** Pictures per phone and second, at most (and only when the picture changed). */
export const GRID_FPS = 3;

export type GridServerMessage = { type: 'unavailable'; userPhoneIds: number[] } | { type: 'error'; msg: string };
/** Client -> server JSON text, each message described once as a schema (grid-messages.ts). */
export type { GridClientMessage } from './grid-messages.ts';
