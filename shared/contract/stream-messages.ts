/**
 * What a phone-stream client sends (server/API.md "Streaming"), each message described once: the server parses every
 * text message with these schemas (server/stream/protocol.ts), and their types are what the client may send
 * (stream-protocol.ts re-exports them as types). Each rule fails with the words the server answers `{type:'error'}`
 * with. Schema code: the browser imports this file's types only (test/unit/project/boundaries.test.ts).
 */
import * as v from 'valibot';
import { DEFINITION_SIZES, BITRATE_RANGE, FPS_RANGE } from './stream-quality.ts';
import { MAX_CLIPBOARD_CHARS, MAX_POINTERS, MAX_TEXT_CHARS, STREAM_KEYS, TOUCH_ACTIONS } from './stream-protocol.ts';
import { PictureSeq, messageObject, messagesByType, wholeNumber } from './socket-messages.ts';

/** The longest a client may say it held a picture before acknowledging it (a page loading on slow 3G takes seconds). */
export const MAX_ACK_HELD_MS = 60_000;

/**
 * Text of at most `max` characters, counted in UTF-16 units with room for two per character (a character outside the
 * basic plane, most emoji, takes two).
 */
const textOf = (max: number, words: string) => v.pipe(v.string(words), v.maxLength(max * 2, words));

const POINTER_WORDS = `touch.pointers must be 1-${MAX_POINTERS} {id, x, y}`;
const coordinate = v.pipe(v.number(POINTER_WORDS), v.finite(POINTER_WORDS));

/** One finger, in device pixels of the phone's resolution (the hello's width and height). */
const TouchPointerSchema = v.object(
  { id: v.pipe(v.number(POINTER_WORDS), v.integer(POINTER_WORDS)), x: coordinate, y: coordinate },
  POINTER_WORDS,
);
export type TouchPointer = v.InferOutput<typeof TouchPointerSchema>;

/**
 * A first-time share viewer's join, sent with its socket's `auth` (its token then the viewer key the browser made): the
 * room is entered as the socket opens. `name` '' lets the server name the viewer in `language`.
 */
const JOIN_WORDS = 'auth.join must be {share, name, language}';
const SocketJoinSchema = v.object(
  { share: textOf(512, JOIN_WORDS), name: textOf(64, JOIN_WORDS), language: v.picklist(['zh-CN', 'en-US'], JOIN_WORDS) },
  JOIN_WORDS,
);
export type SocketJoin = v.InferOutput<typeof SocketJoinSchema>;

const DEFINITION_WORDS = 'definition needs width, height, fps, bitrate';

/** A message with nothing but its type. */
const bare = <const T extends string>(type: T) => v.object({ type: v.literal(type) });

/** Client -> server: JSON text, applied in order. */
export const StreamClientMessages = messagesByType([
  /**
   * The security token, as the first message of a socket opened without one in its address. `rejoin`: the token is a
   * share viewer's key kept from an earlier join, and the viewer comes back into the room with it, as a join with that
   * key would (server/API.md "Screen sharing"). A join comes first: with one, `rejoin` is not read.
   */
  v.pipe(
    messageObject({
      type: v.literal('auth'),
      token: v.pipe(v.string('auth.token must be a security token'), v.minLength(1, 'auth.token must be a security token'), v.maxLength(512, 'auth.token must be a security token')),
      rejoin: v.optional(v.boolean('auth.rejoin must be a boolean')),
      join: v.optional(SocketJoinSchema),
    }),
    v.transform(({ type, token, rejoin, join }): { type: typeof type; token: string; rejoin?: true; join?: SocketJoin } =>
      join ? { type, token, join } : rejoin ? { type, token, rejoin } : { type, token },
    ),
  ),
  messageObject({
    type: v.literal('touch'),
    /** `cancel`: the system took the touch away (a call, the notification shade): no tap. */
    action: v.picklist(TOUCH_ACTIONS, 'touch.action must be down, move, up or cancel'),
    pointers: v.pipe(v.array(TouchPointerSchema, POINTER_WORDS), v.minLength(1, POINTER_WORDS), v.maxLength(MAX_POINTERS, POINTER_WORDS)),
  }),
  messageObject({ type: v.literal('key'), key: v.picklist(STREAM_KEYS, 'key must be back, home, recents or backspace') }),
  messageObject({ type: v.literal('text'), text: textOf(MAX_TEXT_CHARS, `text must be a string of at most ${MAX_TEXT_CHARS} characters`) }),
  messageObject({
    type: v.literal('clipboard.set'),
    text: textOf(MAX_CLIPBOARD_CHARS, `clipboard text must be a string of at most ${MAX_CLIPBOARD_CHARS} characters`),
  }),
  bare('clipboard.get'),
  bare('paste'),
  /** Its values are judged apart (SupportedDefinition): one the host has not got is answered `definition` ok:false. */
  messageObject({
    type: v.literal('definition'),
    width: v.number(DEFINITION_WORDS),
    height: v.number(DEFINITION_WORDS),
    fps: v.number(DEFINITION_WORDS),
    bitrate: v.number(DEFINITION_WORDS),
    auto: v.optional(v.boolean('definition.auto must be true or false'), false),
  }),
  /**
   * Pictures up to `seq` were drawn (0: the hello arrived). `held`: ms between the picture's arrival and this
   * acknowledgement (decoding, drawing, a page whose code was still loading): the host measures the link without it.
   */
  messageObject({
    type: v.literal('ack'),
    seq: PictureSeq,
    held: v.optional(wholeNumber(0, MAX_ACK_HELD_MS, `ack.held must be whole ms from 0 to ${MAX_ACK_HELD_MS}`)),
  }),
  /** The client's picture is lost or of another size: the next picture is a whole one. */
  bare('refresh'),
  bare('screenshot'),
  bare('control.take'),
  /** `t` comes back as is in the pong (the client sends its clock, for the round trip). */
  v.object({ type: v.literal('ping'), t: v.optional(v.unknown()) }),
]);

/** A message as the client sends it. */
export type StreamClientMessage = v.InferInput<typeof StreamClientMessages>;
/** A message as the server reads it: a definition's `auto` is always said, an `auth` carries a join or a rejoin. */
export type StreamMessageRead = v.InferOutput<typeof StreamClientMessages>;

/** A definition the host serves: one of its sizes, whole fps and bitrate within their ranges. */
export const SupportedDefinition = v.pipe(
  v.object({
    width: v.number(),
    height: v.number(),
    fps: v.pipe(v.number(), v.integer(), v.minValue(FPS_RANGE[0]), v.maxValue(FPS_RANGE[1])),
    bitrate: v.pipe(v.number(), v.integer(), v.minValue(BITRATE_RANGE[0]), v.maxValue(BITRATE_RANGE[1])),
    auto: v.optional(v.boolean()),
  }),
  v.check(({ width, height }) => DEFINITION_SIZES.some(([w, h]) => w === width && h === height)),
);
