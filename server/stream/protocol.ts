import type { StreamRole } from '../data/phone-tokens.ts';
import type { NavKey, Pointer, TouchAction } from './virtual-screen.ts';

// The streaming WebSocket protocol (API.md "Streaming"): JSON text messages for control, binary messages
// for pictures. Parsing is strict: anything malformed is answered with {type:'error'} and otherwise ignored.

export const STREAM_PATH = '/stream/ws';

/** Close codes (4000-4999 are the application's). */
export const CLOSE_NOT_ASSIGNED = 4403;
export const CLOSE_DROPPED = 4001;
export const CLOSE_SHUTDOWN = 1001;

/** First byte of every binary message. */
/** `thumb`: a live-grid thumbnail (grid-protocol.ts), on the grid socket only. */
export const FRAME_KIND = { frame: 1, screenshot: 2, thumb: 3 } as const;

export interface Definition {
  width: number;
  height: number;
  fps: number;
  bitrate: number;
}

/** Spec §3/§9: 720x1280, 30 fps, bitrate 2048 ("automatic"). */
export const DEFAULT_DEFINITION: Definition = { width: 720, height: 1280, fps: 30, bitrate: 2048 };
/** Output sizes a stream can be asked for (all 9:16). */
export const DEFINITION_SIZES: ReadonlyArray<readonly [number, number]> = [
  [360, 640],
  [540, 960],
  [720, 1280],
  [1080, 1920],
];
export const FPS_RANGE = [1, 60] as const;
/** kbps. */
export const BITRATE_RANGE = [256, 8192] as const;
export const MAX_TEXT_CHARS = 1000;
const TOUCH_ACTIONS: readonly TouchAction[] = ['down', 'move', 'up', 'cancel'];

/** The navigation keys, plus backspace (deletes the last character of the focused field). */
export type StreamKey = NavKey | 'backspace';
const STREAM_KEYS: readonly StreamKey[] = ['back', 'home', 'recents', 'backspace'];

export type ClientMessage =
  | { type: 'touch'; action: TouchAction; pointers: Pointer[] }
  | { type: 'key'; key: StreamKey }
  | { type: 'text'; text: string }
  | { type: 'clipboard.set'; text: string }
  | { type: 'clipboard.get' }
  | { type: 'paste' }
  | { type: 'definition'; width: number; height: number; fps: number; bitrate: number }
  | { type: 'screenshot' }
  | { type: 'control.take' }
  | { type: 'ping'; t: unknown };

/** Messages that drive the phone or read its data: refused from a socket that does not control it. */
export const CONTROL_MESSAGES: ReadonlySet<ClientMessage['type']> = new Set(['touch', 'key', 'text', 'clipboard.set', 'clipboard.get', 'paste']);

export type ServerMessage =
  | {
      type: 'hello';
      width: number;
      height: number;
      phone: { userPhoneId: number; name: string };
      definition: Definition;
      role: StreamRole;
      control: boolean;
    }
  | { type: 'control'; control: boolean; reason: 'taken' | 'returned' | 'permission' }
  | { type: 'audience'; watching: number; controlling: number }
  | { type: 'clipboard'; text: string }
  | ({ type: 'definition'; ok: true } & Definition)
  | { type: 'definition'; ok: false; msg: string }
  | { type: 'pong'; t: unknown }
  | { type: 'error'; msg: string };

export function isValidDefinition(d: Definition): boolean {
  return (
    DEFINITION_SIZES.some(([w, h]) => w === d.width && h === d.height) &&
    Number.isInteger(d.fps) &&
    d.fps >= FPS_RANGE[0] &&
    d.fps <= FPS_RANGE[1] &&
    Number.isInteger(d.bitrate) &&
    d.bitrate >= BITRATE_RANGE[0] &&
    d.bitrate <= BITRATE_RANGE[1]
  );
}

function isPointer(value: unknown): value is Pointer {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return Number.isInteger(p.id) && Number.isFinite(p.x) && Number.isFinite(p.y);
}

function isText(value: unknown, max = MAX_TEXT_CHARS): value is string {
  return typeof value === 'string' && value.length <= max * 2;
}

/** A client message, or a reason it is not one. */
export function parseClientMessage(raw: string): ClientMessage | { error: string } {
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
      if (!Array.isArray(m.pointers) || m.pointers.length === 0 || m.pointers.length > 10 || !m.pointers.every(isPointer)) {
        return { error: 'touch.pointers must be 1-10 {id, x, y}' };
      }
      return { type: 'touch', action: m.action as TouchAction, pointers: m.pointers.map((p: Pointer) => ({ id: p.id, x: p.x, y: p.y })) };
    case 'key':
      if (!STREAM_KEYS.includes(m.key as StreamKey)) return { error: 'key must be back, home, recents or backspace' };
      return { type: 'key', key: m.key as StreamKey };
    case 'text':
      if (!isText(m.text)) return { error: `text must be a string of at most ${MAX_TEXT_CHARS} characters` };
      return { type: 'text', text: m.text };
    case 'clipboard.set':
      if (!isText(m.text, 10000)) return { error: 'clipboard text must be a string of at most 10000 characters' };
      return { type: 'clipboard.set', text: m.text };
    case 'clipboard.get':
    case 'paste':
    case 'screenshot':
    case 'control.take':
      return { type: m.type };
    case 'definition': {
      const d = { width: m.width, height: m.height, fps: m.fps, bitrate: m.bitrate };
      if (![d.width, d.height, d.fps, d.bitrate].every((v) => typeof v === 'number')) return { error: 'definition needs width, height, fps, bitrate' };
      return { type: 'definition', ...(d as Definition) };
    }
    case 'ping':
      return { type: 'ping', t: m.t };
    default:
      return { error: 'Unknown message type' };
  }
}

/** A binary message: one kind byte, then the JPEG. */
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
