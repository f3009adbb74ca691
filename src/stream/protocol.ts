/**
 * The reference client's own timing of the stream protocol, and its checks of what arrives. The protocol's words,
 * limits and messages are the contract's (shared/contract/stream-protocol.ts), shared with the server.
 */
import { SCREENSHOT_ERROR_WORD, type Definition, type StreamServerMessage } from '../../shared/contract/stream-protocol.ts';

/** Spec §7: the streaming host's calls time out after 5 s; so do the hello and each request. */
export const STREAM_TIMEOUT_MS = 5000;
export const SCREENSHOT_TIMEOUT_MS = 10_000;
export const PING_EVERY_MS = 2000;
/** An error message that answers the pending screenshot request. */
export const SCREENSHOT_ERROR = new RegExp(SCREENSHOT_ERROR_WORD, 'i');

/** Whole ms since a message arrived (its acknowledgement's `held`), at most what the host accepts. */
export const heldSince = (receivedAt: number): number => Math.min(60_000, Math.max(0, Math.round(performance.now() - receivedAt)));

export function sameDefinition(a: Definition, b: Partial<Definition>): boolean {
  return a.width === b.width && a.height === b.height && a.fps === b.fps && a.bitrate === b.bitrate && !!a.auto === !!b.auto;
}

export function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

type Hello = Extract<StreamServerMessage, { type: 'hello' }>;
/** A hello as it may arrive: a host from before roles leaves out who the socket is (it then controls, as the owner). */
export type ReceivedHello = Omit<Hello, 'phone' | 'definition' | 'role' | 'control'> & Partial<Pick<Hello, 'phone' | 'definition' | 'role' | 'control'>>;
