/** The reference stream host's protocol as the client sees it (server/API.md "Streaming"): codes, limits, messages. */
import type { ControlReason, Definition, StreamRole } from './types.ts';

/** The server closes with this code when the token does not open the phone (API.md). */
export const CLOSE_NOT_ASSIGNED = 4403;
/** Spec §7: the streaming host's calls time out after 5 s; so do the hello and each request. */
export const STREAM_TIMEOUT_MS = 5000;
export const SCREENSHOT_TIMEOUT_MS = 10_000;
/** Longest text one message may carry (server/API.md). */
export const MAX_TEXT_CHARS = 1000;
export const PING_EVERY_MS = 2000;
export const FRAME_KIND = 1;
export const SCREENSHOT_KIND = 2;

export type ServerMessage =
  | { type: 'hello'; width: number; height: number; phone?: { name?: string }; definition?: Definition; role?: StreamRole; control?: boolean }
  | { type: 'control'; control: boolean; reason: Exclude<ControlReason, 'hello'> }
  | { type: 'audience'; watching: number; controlling: number }
  | ({ type: 'definition'; ok: boolean; msg?: string } & Partial<Definition>)
  | { type: 'clipboard'; text: string }
  | { type: 'pong'; t: number }
  | { type: 'error'; msg: string };

export function sameDefinition(a: Definition, b: Partial<Definition>): boolean {
  return a.width === b.width && a.height === b.height && a.fps === b.fps && a.bitrate === b.bitrate;
}

export function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

