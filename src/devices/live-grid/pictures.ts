/**
 * The live pictures as object URLs, one per phone, in the cards' signals (parts/thumbnails.ts). A JPEG from the
 * socket becomes a Blob URL the card's img shows; the previous one is revoked as soon as the next replaces it, so
 * memory holds one picture per watched phone however long the grid runs.
 */
import { livePicture } from '../parts/thumbnails.ts';

const urls = new Map<number, string>();

export function showPicture(userPhoneId: number, jpeg: Uint8Array<ArrayBuffer>): void {
  const url = URL.createObjectURL(new Blob([jpeg], { type: 'image/jpeg' }));
  const previous = urls.get(userPhoneId);
  urls.set(userPhoneId, url);
  livePicture(userPhoneId).value = url;
  // The img already holds the decoded previous picture (a new one arrives a third of a second later at the
  // earliest), so revoking its URL does not blank it.
  if (previous) URL.revokeObjectURL(previous);
}

/** Phones with a live picture now. */
export function pictureIds(): number[] {
  return [...urls.keys()];
}

/** The cards of these phones go back to their still screenshot. */
export function dropPictures(ids: Iterable<number>): void {
  for (const id of ids) {
    const url = urls.get(id);
    if (!url) continue;
    urls.delete(id);
    livePicture(id).value = null;
    URL.revokeObjectURL(url);
  }
}

export function dropAllPictures(): void {
  dropPictures(pictureIds());
}
