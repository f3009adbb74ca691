/**
 * The live grid's lazy entry: device-list.tsx imports it once the list is idle in a 4/9/16-grid, so the first screen
 * carries none of it. One grid for the page (home and discover share the device list, one at a time).
 */
import type { Phone } from '../api.ts';
import { createLiveGrid, type LiveGrid } from './live-grid.ts';

let grid: LiveGrid | null = null;

export function showLiveGrid(visible: readonly Phone[]): void {
  (grid ??= createLiveGrid()).show(visible);
}

export function stopLiveGrid(): void {
  grid?.stop();
}

/** Each phone's live picture for pages of other domains that show grid windows (group control). */
export { livePicture } from '../parts/thumbnails.ts';
