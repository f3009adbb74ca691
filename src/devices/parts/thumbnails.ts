/**
 * Screenshot thumbnails for the cards on screen (spec: grid views show one, refreshed while visible).
 * Fetched in batches of at most 10 (the screenshot limit), each kept for REFRESH_MS.
 */
import { signal, type Signal } from '@preact/signals-react';
import { captureDevices } from '../actions.ts';
import { SCREENSHOT_BATCH_LIMIT } from '../../../shared/device-types.ts';
import { chunk } from '../../../shared/format.ts';
import { onSessionCleared } from '../../account/session.ts';

export const REFRESH_MS = 30_000;

interface Thumbnail {
  url: string | null;
  at: number;
}

/** userPhoneId -> latest thumbnail (url null when the phone could not be captured, e.g. offline). */
export const thumbnails = signal<ReadonlyMap<number, Thumbnail>>(new Map());
const inFlight = new Set<number>();

/** Asks for fresh thumbnails of the visible phones whose copy is missing or older than REFRESH_MS. */
export async function refreshThumbnails(visibleIds: number[], at = Date.now()): Promise<void> {
  const stale = visibleIds.filter((id) => {
    const known = thumbnails.value.get(id);
    return !inFlight.has(id) && (!known || at - known.at > REFRESH_MS);
  });
  if (!stale.length) return;
  stale.forEach((id) => inFlight.add(id));
  try {
    for (const ids of chunk(stale, SCREENSHOT_BATCH_LIMIT)) {
      const results = await captureDevices(ids).catch(() => []);
      const next = new Map(thumbnails.value);
      for (const entry of results) next.set(entry.userPhoneId, { url: entry.success ? (entry.url ?? null) : null, at: Date.now() });
      thumbnails.value = next;
    }
  } finally {
    stale.forEach((id) => inFlight.delete(id));
  }
}

onSessionCleared(() => (thumbnails.value = new Map()));

/**
 * The live grid's latest picture of each phone (an object URL), set by the lazy live-grid module and null while it
 * has none. One signal per phone, so a new picture re-renders its own card, not the sixteen on screen.
 */
const livePictures = new Map<number, Signal<string | null>>();
export function livePicture(userPhoneId: number): Signal<string | null> {
  let picture = livePictures.get(userPhoneId);
  if (!picture) livePictures.set(userPhoneId, (picture = signal<string | null>(null)));
  return picture;
}
