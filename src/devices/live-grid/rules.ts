/** The live grid's rules as pure functions (each has a unit test): what to watch, when the link is too poor, framing. */
import type { Phone } from '../api.ts';
import { showsLive } from '../state.ts';
import { hostSocketUrl } from '../../stream/stream-url.ts';
import { GRID_SOCKET_PATH, MAX_WATCHED, THUMB_HEADER_BYTES, THUMB_KIND } from '../../../shared/contract/grid-protocol.ts';

/** The ids to watch for the cards on screen: running phones only, in screen order, at most a 16-grid's worth. */
export function idsToWatch(visible: readonly Phone[], at?: number): number[] {
  return visible.filter((phone) => showsLive(phone, at)).map((phone) => phone.userPhoneId).slice(0, MAX_WATCHED);
}

/** Same members, whatever the order: a scroll that keeps the same phones on screen sends nothing. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/** What the Network Information API reports, where there is one (Chromium; Safari and Firefox have none). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** The user asked to save data, or the link is 2G-slow: 16 pictures a few times a second would crowd out the rest. */
export function poorConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

/**
 * A phone's first picture is sent the moment it is watched (about 5 KB), so it should arrive within a round trip or
 * two; this long means the link cannot carry the grid (sixteen of them take under a second at 1 Mbit/s).
 */
export const SLOW_FIRST_PICTURE_MS = 3000;
/** Slow first pictures in a row before the grid falls back to stills: one can be a hiccup. */
export const SLOW_STRIKES = 2;

/**
 * Times each phone's first picture after it was asked for. The server sends only changed pictures, so how often
 * pictures come says nothing about the link; how long a picture that is certainly due takes does.
 */
export class FirstPictureDelays {
  private readonly waiting = new Map<number, number>();
  private strikes = 0;

  /** A watch was sent: the ids newly in it are due now; the ids left out are no longer awaited. */
  asked(ids: readonly number[], at: number): void {
    const wanted = new Set(ids);
    for (const id of [...this.waiting.keys()]) if (!wanted.has(id)) this.waiting.delete(id);
    for (const id of ids) if (!this.waiting.has(id)) this.waiting.set(id, at);
  }

  /** A picture arrived; only the first after an ask is timed. */
  arrived(id: number, at: number): void {
    const since = this.waiting.get(id);
    if (since === undefined) return;
    this.waiting.delete(id);
    this.strikes = at - since > SLOW_FIRST_PICTURE_MS ? this.strikes + 1 : 0;
  }

  /** The server will not send these (unavailable): nothing is due. */
  excused(ids: readonly number[]): void {
    for (const id of ids) this.waiting.delete(id);
  }

  /** Pictures still missing past the limit count as slow too (each once), so a link that delivers nothing is caught. */
  check(at: number): void {
    for (const [id, since] of this.waiting) {
      if (at - since <= SLOW_FIRST_PICTURE_MS) continue;
      this.waiting.delete(id);
      this.strikes++;
    }
  }

  get slow(): boolean {
    return this.strikes >= SLOW_STRIKES;
  }

  /** A new socket: nothing is due, and the count starts again. */
  reset(): void {
    this.waiting.clear();
    this.strikes = 0;
  }
}

/** The grid socket's address on the streaming host (the phone stream's rules: src/stream/stream-url.ts). */
export function gridSocketUrl(baseUrl: string, ticket: string, origin = globalThis.location?.origin): string {
  return hostSocketUrl(baseUrl, GRID_SOCKET_PATH, { ticket }, origin);
}

/** A thumbnail message's phone, sequence number and JPEG bytes, or null for any other binary message. */
export function readThumb(data: ArrayBuffer): { userPhoneId: number; seq: number; jpeg: Uint8Array<ArrayBuffer> } | null {
  if (data.byteLength <= THUMB_HEADER_BYTES) return null;
  const view = new DataView(data);
  if (view.getUint8(0) !== THUMB_KIND) return null;
  return { userPhoneId: view.getUint32(1), seq: view.getUint32(5), jpeg: new Uint8Array(data, THUMB_HEADER_BYTES) };
}
