/**
 * The live grid's protocol (server/API.md "Live grid"), written once for both sides: the server imports these too.
 * Nothing here imports anything, so the server can read it without the app's modules.
 */

/** The ticket call, on the streaming-SDK host (the page origin unless VITE_STREAM_SDK_BASE says otherwise). */
export const GRID_TICKET_PATH = '/stream/api/grid-ticket';
/** The socket, on the same host: `?ticket=`. */
export const GRID_SOCKET_PATH = '/stream/grid';
/** A ticket lives this long; the client asks for the next one a minute before. */
export const GRID_TICKET_TTL_MS = 10 * 60 * 1000;
/** The 16-grid is the largest view: more ids in one watch are a malformed message. */
export const MAX_WATCHED = 16;
/** First byte of a thumbnail message, then the userPhoneId (uint32 big-endian), then the JPEG. */
export const THUMB_KIND = 3;
export const THUMB_HEADER_BYTES = 5;
/** Thumbnail size: a 16-grid card is about 85 CSS px wide on a phone, a 4-grid one about 180. */
export const THUMB_WIDTH = 180;
export const THUMB_HEIGHT = 320;
/** Pictures per phone and second, at most (and only when the picture changed). */
export const GRID_FPS = 3;
/** The server closes with this when the ticket no longer holds (as the phone stream does for a token). */
export const CLOSE_TICKET_REFUSED = 4403;

export type GridServerMessage = { type: 'unavailable'; userPhoneIds: number[] } | { type: 'error'; msg: string };
export type GridClientMessage = { type: 'watch'; userPhoneIds: number[] };
