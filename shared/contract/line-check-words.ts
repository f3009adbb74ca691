/**
 * The network check's socket (server/API.md "Network check"), written once for both sides: its path, the lines it
 * serves, its limits and its messages. Plain values and types, nothing imported at run time: the network-check page's
 * lazy chunk and the server both load it. The check runs over a WebSocket on the streaming host because that is the
 * transport the phone stream uses: a figure measured over plain HTTP could pass where the stream's socket does not.
 */

/** On the streaming host (VITE_STREAM_SDK_BASE, else the page's origin): `?line=1` or `?line=2`. No login. */
export const LINE_CHECK_PATH = '/stream/line';

/** The lines a user can pick between (spec §1: line 1, line 2). */
export const LINES = [1, 2] as const;
export type LineNumber = (typeof LINES)[number];

/** The most one `download` may ask for: enough to time a mobile link, too little to be worth abusing. */
export const LINE_DOWNLOAD_MAX_BYTES = 1024 * 1024;
/** What one socket may download in all, so a loop of small requests is no cheaper than one big one. */
export const LINE_DOWNLOAD_TOTAL_BYTES = 4 * 1024 * 1024;
/** The size of each binary chunk of a download. */
export const LINE_CHUNK_BYTES = 16 * 1024;
/** Check sockets one address may hold open: both lines, and a "test again" overlapping the closing ones. */
export const LINE_SOCKETS_PER_ADDRESS = 4;
/** Messages one socket may send in any second: the check sends about ten; a flood is closed (CLOSE_POLICY, 1008). */
export const LINE_MESSAGES_PER_SECOND = 40;
/** A socket is closed after this long whatever it does: a check takes a few seconds. */
export const LINE_SOCKET_MAX_MS = 60_000;

/** Client -> server JSON text, each message described once as a schema (line-check-messages.ts). */
export type { LineClientMessage } from './line-check-messages.ts';

/** Besides these, a download's data arrives as binary messages (LINE_CHUNK_BYTES each, the last one shorter). */
export type LineServerMessage =
  | { type: 'hello'; line: LineNumber }
  | { type: 'pong'; seq: number; t: number }
  | { type: 'downloaded'; bytes: number }
  | { type: 'error'; msg: string };

/**
 * The `msg` of error messages, close reasons and refused upgrades (English; API.md quotes them). An upgrade refused
 * for its line (400), its address's count (429) or the server's (503) is a plain HTTP answer, which a browser's
 * WebSocket only sees as a socket that did not open.
 */
export const LINE_MESSAGES = {
  unknownLine: 'Unknown line',
  malformed: 'Malformed message',
  tooLarge: 'Download too large',
  busy: 'A download is under way',
  flood: 'Too many messages',
  tooManySockets: 'Please do not operate frequently',
  serverBusy: 'Too many checks are running, try again later',
  timeUp: 'Check time is over',
} as const;
