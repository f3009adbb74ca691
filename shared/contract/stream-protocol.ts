/**
 * The phone stream's protocol (server/API.md "Streaming"), written once for both sides: the socket's path, close
 * codes, picture framing, the words and limits of its messages, and the messages themselves as types (what the client
 * sends is described by the schemas of stream-messages.ts, which the server parses with). The server (server/stream/)
 * and the reference client (src/stream/ws-stream-client.ts) both use these, so a renamed field or word fails the
 * typecheck on both sides. Plain values and types, no schema code. What the client uses at run time stays numbers
 * and strings, which the bundler writes in where they are used: an object or array used by the client would make this
 * module a chunk of its own (one more file in the boot plan's route lists). Definitions and quality levels, which the
 * phone-view pages need as objects, are in stream-quality.ts.
 */
import type { Definition } from './stream-quality.ts';

export type { Definition };

/**
 * The socket, on the streaming host: `?token=&userPhoneId=`, or `?userPhoneId=` alone and the token as the first
 * message (`auth`), so a page can open the socket while its token call is still on the way.
 */
export const STREAM_PATH = '/stream/ws';
/** A socket opened without a token is closed (CLOSE_NOT_ASSIGNED) when no `auth` message came within this long. */
export const AUTH_WAIT_MS = 5000;

/**
 * Close codes (4000-4999 are the application's). 4403: the token does not, or no longer, open the phone; the live
 * grid's socket closes with it too when its ticket does not hold. The reason is JSON `{code, msg}`.
 */
export const CLOSE_NOT_ASSIGNED = 4403;
/** The server is going away (WebSocket's "going away"). */
export const CLOSE_SHUTDOWN = 1001;
/** The socket sent a flood of malformed messages (WebSocket's "policy violation"). */
export const CLOSE_POLICY = 1008;
/** The user already has the most stream sockets one user may hold open (STREAM_SOCKETS_PER_USER); nothing else is wrong. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
/**
 * A share viewer's socket (opened with its viewer key, server/API.md "Screen sharing") closed for good, each with its
 * own message on the page (spec §8): the share ended ("screen interaction has ended": ended early, replaced by a new
 * link, expired, the phone changed hands), the owner blocked the viewer ("you are currently blocked"), or the owner
 * kicked or cancelled them (they may rejoin by the link).
 */
export const CLOSE_SHARE_ENDED = 4410;
export const CLOSE_SHARE_BLOCKED = 4411;
export const CLOSE_SHARE_REMOVED = 4412;

/**
 * First byte of every binary message from the host. Plain numbers rather than one object, so the bundler writes
 * them in where the client compares. The live grid's thumbnails share the byte (grid-protocol.ts THUMB_KIND).
 * - FRAME_KIND: a whole picture. `[1][seq u32]` then one JPEG, whose size becomes the picture's size.
 * - PATCH_KIND: the regions of the picture that changed. `[4][seq u32][width u16][height u16][count u8]`, then
 *   `count` times `[x u16][y u16][bytes u32]`, then the `count` JPEGs in that order, each drawn at its x, y over the
 *   picture of that width and height (a client whose picture has another size asks for a `refresh`).
 * - SCREENSHOT_KIND: `[2]` then a JPEG at the phone's full resolution (not a picture of the stream: never acked).
 * Integers are big-endian. Every picture (frame or patch) has the socket's next sequence number, from 1.
 */
export const FRAME_KIND = 1;
export const SCREENSHOT_KIND = 2;
export const PATCH_KIND = 4;
/** Bytes before the JPEG of a frame, and before the region table of a patch. */
export const FRAME_HEADER_BYTES = 5;
export const PATCH_HEADER_BYTES = 10;
/** Bytes of one region in a patch's table. */
export const PATCH_REGION_BYTES = 8;
/** Regions one patch carries at most (the host merges more into fewer). */
export const MAX_PATCH_REGIONS = 16;

/**
 * Self-clocking: the client acknowledges each picture once drawn (`ack` with its sequence number; acks are
 * cumulative), and the hello with sequence 0. The host sends a new picture only while at most two pictures are
 * unacknowledged, or, on a link whose round trip is long, while the unacknowledged bytes stay under what the link
 * carries in one round trip: a slow link shows fewer pictures, never older ones.
 */
export const HELLO_SEQ = 0;
/** Pictures the host keeps in flight whatever the link: two, so one crosses the link while the next is drawn. */
export const MIN_IN_FLIGHT = 2;

/** Longest text one `text` message may carry, in characters: the client sends a long paste in pieces of this. */
export const MAX_TEXT_CHARS = 1000;
/** Longest clipboard the phone keeps, and one `clipboard.set` may carry. */
export const MAX_CLIPBOARD_CHARS = 10000;
/** Fingers one `touch` message may carry. */
export const MAX_POINTERS = 10;

/** `cancel`: the system took the touch away (a call, the notification shade): no tap. */
export const TOUCH_ACTIONS = ['down', 'move', 'up', 'cancel'] as const;
export type TouchAction = (typeof TOUCH_ACTIONS)[number];

/** The keys: navigation, plus backspace (deletes the last character of the focused field). */
export const STREAM_KEYS = ['back', 'home', 'recents', 'backspace'] as const;
export type StreamKey = (typeof STREAM_KEYS)[number];
/** The phone's navigation keys (the on-screen bar, and the virtual keys under the picture). */
export type NavKey = Exclude<StreamKey, 'backspace'>;

/** Who a socket is on the phone: its owner, a grantee (the owner lent it), or a share viewer. */
export type StreamRole = 'owner' | 'grantee' | 'viewer';

/** Why a socket's control changed: the owner took it back, the owner's last socket left, or the access changed. */
export type ControlChange = 'taken' | 'returned' | 'permission';

/** A share viewer asking the owner for control (the owner answers with the share's control-request call). */
export interface ControlRequest {
  viewerId: number;
  name: string;
}

/** Client -> server: JSON text, applied in order, each message described once as a schema (stream-messages.ts). */
export type { SocketJoin, StreamClientMessage, TouchPointer } from './stream-messages.ts';

/** Server -> client JSON text; pictures are binary (FRAME_KIND, SCREENSHOT_KIND). */
export type StreamServerMessage =
  | {
      type: 'hello';
      /** The phone's resolution: the coordinate space of touches. */
      width: number;
      height: number;
      phone: { userPhoneId: number; name: string };
      definition: Definition;
      role: StreamRole;
      /** Whether this socket may drive the phone now. */
      control: boolean;
    }
  | { type: 'control'; control: boolean; reason: ControlChange }
  /** To owners only: how many others watch and how many control the phone. */
  | { type: 'audience'; watching: number; controlling: number }
  /** Owners only: the share viewers waiting for an answer to their control request, oldest first (empty: none left). */
  | { type: 'control.requests'; requests: ControlRequest[] }
  | { type: 'clipboard'; text: string }
  | ({ type: 'definition'; ok: true } & Definition)
  | { type: 'definition'; ok: false; msg: string }
  | { type: 'pong'; t: unknown }
  /**
   * The host's estimate of the link (throughput in kbps, round trip in ms) and the picture size it sends: on every
   * change of size, and every few seconds while the estimate moves. Automatic quality picks the size from it.
   */
  | { type: 'link'; kbps: number; rtt: number; width: number; height: number }
  | { type: 'error'; msg: string };

/** The `msg` of error messages and close reasons (English; API.md quotes them). */
export const STREAM_MESSAGES = {
  /** The spec's streaming message for a token that does not open this phone (§8). */
  notAssigned: 'Instance not assigned to user',
  binaryRefused: 'Binary messages are not accepted',
  definitionFailed: 'Resolution setting failed',
  screenshotFailed: 'Screenshot failed',
  /** Names the screenshot so the client settles that request (SCREENSHOT_ERROR_WORD), and the spec's wording. */
  screenshotTooFrequent: 'Screenshot refused: please do not operate frequently',
  shuttingDown: 'Server shutting down',
  /** Input (or the clipboard) from a socket that only watches: a view-only access, or the owner took control. */
  viewOnly: 'View only: this viewer cannot control the phone',
  ownerOnly: 'Only the owner can take control',
  /** Closes a socket past its allowance of malformed messages (CLOSE_POLICY). */
  malformedFlood: 'Too many malformed messages',
  /** Closes a socket past the user's allowance of open sockets (CLOSE_TOO_MANY_SOCKETS); the spec's wording. */
  tooManySockets: 'Please do not operate frequently',
  shareEnded: 'Screen interaction has ended',
  shareBlocked: 'You are currently blocked',
  shareRemoved: 'You were removed from the room',
} as const;

/**
 * An error message naming this word (in any case) answers a screenshot request: the client fails its pending
 * screenshot on it. Every screenshot refusal names it, and no other message does.
 */
export const SCREENSHOT_ERROR_WORD = 'screenshot';
