/**
 * What the socket message schemas share (stream-messages.ts, grid-messages.ts, line-check-messages.ts): an object of
 * named fields, each failing with its own words, and the picture sequence number both acknowledgements carry. Schema
 * code: the browser imports these files' types only.
 */
import * as v from 'valibot';

/** The words of a message that is an object of none of the known types, or not an object at all. */
export const SOCKET_WORDS = {
  malformedJson: 'Malformed JSON',
  malformedMessage: 'Malformed message',
  unknownType: 'Unknown message type',
} as const;

/**
 * One message: its fields, and the words each fails with. A field left out fails with that field's words too, as a
 * wrong value does (valibot would name the object's own message for a missing key, the same for every field).
 */
export function messageObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    const field = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined;
    const words = field && 'message' in field ? field.message : undefined;
    return typeof words === 'string' ? words : SOCKET_WORDS.malformedMessage;
  });
}

/** The messages of one socket, told apart by their `type`; any other type is unknown. */
export function messagesByType<const TOptions extends v.VariantOptions<'type'>>(options: TOptions) {
  return v.variant('type', options, SOCKET_WORDS.unknownType);
}

/** A whole number within [min, max], failing with `words`. */
export const wholeNumber = (min: number, max: number, words: string) =>
  v.pipe(v.number(words), v.integer(words), v.minValue(min, words), v.maxValue(max, words));

/** A picture's sequence number (an unsigned 32-bit integer), as an acknowledgement names it. */
export const PictureSeq = wholeNumber(0, 0xffffffff, "ack.seq must be a picture's sequence number");
