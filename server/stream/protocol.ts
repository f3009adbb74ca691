import { MAX_CLIPBOARD_CHARS, MAX_POINTERS, MAX_TEXT_CHARS, STREAM_KEYS, TOUCH_ACTIONS } from '../../shared/contract/stream-protocol.ts';
import { BITRATE_RANGE, DEFINITION_SIZES, FPS_RANGE } from '../../shared/contract/stream-quality.ts';

/** The longest a client may say it held a picture before acknowledging it (a page loading on slow 3G takes seconds). */
const MAX_ACK_HELD_MS = 60_000;
import type { Definition, SocketJoin, StreamClientMessage, StreamKey, TouchAction, TouchPointer } from '../../shared/contract/stream-protocol.ts';

// The streaming WebSocket protocol (API.md "Streaming"): JSON text messages for control, binary messages for pictures.
// Its words, limits and message types are the contract's (shared/contract/stream-protocol.ts, stream-quality.ts); this
// is the server's half: parsing is strict, and anything malformed is answered with {type:'error'} and otherwise
// ignored.

/** Messages that drive the phone or read its data: refused from a socket that does not control it. */
export const CONTROL_MESSAGES: ReadonlySet<StreamClientMessage['type']> = new Set(['touch', 'key', 'text', 'clipboard.set', 'clipboard.get', 'paste']);

export function isValidDefinition(d: Definition): boolean {
  return (
    (d.auto === undefined || typeof d.auto === 'boolean') &&
    DEFINITION_SIZES.some(([w, h]) => w === d.width && h === d.height) &&
    Number.isInteger(d.fps) &&
    d.fps >= FPS_RANGE[0] &&
    d.fps <= FPS_RANGE[1] &&
    Number.isInteger(d.bitrate) &&
    d.bitrate >= BITRATE_RANGE[0] &&
    d.bitrate <= BITRATE_RANGE[1]
  );
}

function isPointer(value: unknown): value is TouchPointer {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return Number.isInteger(p.id) && Number.isFinite(p.x) && Number.isFinite(p.y);
}

function isText(value: unknown, max = MAX_TEXT_CHARS): value is string {
  return typeof value === 'string' && value.length <= max * 2;
}

/** A client message, or a reason it is not one. */
export function parseClientMessage(raw: string): StreamClientMessage | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { error: 'Malformed JSON' };
  }
  if (typeof value !== 'object' || value === null) return { error: 'Malformed message' };
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'touch':
      if (!TOUCH_ACTIONS.includes(m.action as TouchAction)) return { error: 'touch.action must be down, move, up or cancel' };
      if (!Array.isArray(m.pointers) || m.pointers.length === 0 || m.pointers.length > MAX_POINTERS || !m.pointers.every(isPointer)) {
        return { error: `touch.pointers must be 1-${MAX_POINTERS} {id, x, y}` };
      }
      return { type: 'touch', action: m.action as TouchAction, pointers: m.pointers.map((p: TouchPointer) => ({ id: p.id, x: p.x, y: p.y })) };
    case 'key':
      if (!STREAM_KEYS.includes(m.key as StreamKey)) return { error: 'key must be back, home, recents or backspace' };
      return { type: 'key', key: m.key as StreamKey };
    case 'text':
      if (!isText(m.text)) return { error: `text must be a string of at most ${MAX_TEXT_CHARS} characters` };
      return { type: 'text', text: m.text };
    case 'clipboard.set':
      if (!isText(m.text, MAX_CLIPBOARD_CHARS)) return { error: `clipboard text must be a string of at most ${MAX_CLIPBOARD_CHARS} characters` };
      return { type: 'clipboard.set', text: m.text };
    case 'clipboard.get':
    case 'paste':
    case 'screenshot':
    case 'control.take':
      return { type: m.type };
    case 'definition': {
      const d = { width: m.width, height: m.height, fps: m.fps, bitrate: m.bitrate };
      if (![d.width, d.height, d.fps, d.bitrate].every((v) => typeof v === 'number')) return { error: 'definition needs width, height, fps, bitrate' };
      if (m.auto !== undefined && typeof m.auto !== 'boolean') return { error: 'definition.auto must be true or false' };
      return { type: 'definition', ...(d as Definition), auto: m.auto === true };
    }
    case 'ack':
      if (!Number.isInteger(m.seq) || (m.seq as number) < 0 || (m.seq as number) > 0xffffffff) return { error: 'ack.seq must be a picture\'s sequence number' };
      if (m.held !== undefined && !(Number.isInteger(m.held) && (m.held as number) >= 0 && (m.held as number) <= MAX_ACK_HELD_MS)) {
        return { error: `ack.held must be whole ms from 0 to ${MAX_ACK_HELD_MS}` };
      }
      return m.held === undefined ? { type: 'ack', seq: m.seq as number } : { type: 'ack', seq: m.seq as number, held: m.held as number };
    case 'refresh':
      return { type: 'refresh' };
    case 'ping':
      return { type: 'ping', t: m.t };
    case 'auth':
      if (typeof m.token !== 'string' || m.token.length === 0 || m.token.length > 512) return { error: 'auth.token must be a security token' };
      if (m.rejoin !== undefined && typeof m.rejoin !== 'boolean') return { error: 'auth.rejoin must be a boolean' };
      if (m.join !== undefined) {
        const join = m.join as Partial<SocketJoin> | null;
        if (!join || typeof join !== 'object' || !isText(join.share, 512) || !isText(join.name, 64) || (join.language !== 'zh-CN' && join.language !== 'en-US')) {
          return { error: 'auth.join must be {share, name, language}' };
        }
        return { type: 'auth', token: m.token, join: { share: join.share, name: join.name, language: join.language } };
      }
      return m.rejoin ? { type: 'auth', token: m.token, rejoin: true } : { type: 'auth', token: m.token };
    default:
      return { error: 'Unknown message type' };
  }
}

/** A screenshot message: one kind byte, then the JPEG (pictures of the stream: picture-update.ts). */
export function binaryMessage(kind: number, jpeg: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(jpeg.length + 1);
  out[0] = kind;
  out.set(jpeg, 1);
  return out;
}

/** Close reason: JSON `{code, msg}` (at most 123 bytes, the WebSocket limit). */
export function closeReason(code: number, msg: string): string {
  return JSON.stringify({ code, msg });
}

/** Malformed messages (binary, not JSON, unknown or invalid) a socket may send in any MALFORMED_WINDOW_MS. */
export const MALFORMED_LIMIT = 10;
export const MALFORMED_WINDOW_MS = 10_000;

/**
 * Counts a socket's malformed messages. A client of another version may send a few a server does not know, and is
 * told each time; a socket sending more than MALFORMED_LIMIT in a window is not a client, and is closed
 * (CLOSE_POLICY) rather than answered message by message.
 */
export class MalformedCount {
  private times: number[] = [];

  /** One more malformed message at `now`: false once the socket is past the limit. */
  tolerate(now: number): boolean {
    this.times = this.times.filter((at) => now - at < MALFORMED_WINDOW_MS);
    this.times.push(now);
    return this.times.length <= MALFORMED_LIMIT;
  }
}
