/**
 * Group control's auto-arrange (spec: "rows and columns above 0, at least 2 windows"): the rows and columns of the
 * follower windows that make each window as large as the area allows, in the phone's 9:16 shape. Pure, unit-tested.
 */
import { SYNC_MIN_PHONES } from '../../shared/contract/sync-words.ts';

export interface Arrangement {
  rows: number;
  columns: number;
  /** Each window's size in CSS pixels. */
  width: number;
  height: number;
}

/** A phone screen's height over its width (720x1280 and the other resolutions alike). */
export const PHONE_RATIO = 16 / 9;

/** A layout of `rows` x `columns` is one the spec allows: both above 0, room for at least 2 windows. */
export function validArrangement(rows: number, columns: number): boolean {
  return Number.isInteger(rows) && Number.isInteger(columns) && rows > 0 && columns > 0 && rows * columns >= SYNC_MIN_PHONES;
}

/**
 * The rows and columns for `count` windows in an area of `width` x `height` (CSS pixels) with `gap` between them:
 * every column count is tried and the one giving the largest windows wins (fewer rows on a tie, so a short list
 * stays near the top). Never under 1x2: the grid keeps room for two windows however few there are. `caption` is the
 * height under each window for its name and buttons.
 */
export function autoArrange(count: number, width: number, height: number, gap = 8, caption = 0): Arrangement {
  const windows = Math.max(SYNC_MIN_PHONES, Math.floor(count));
  let best: Arrangement | null = null;
  for (let columns = 1; columns <= windows; columns++) {
    const rows = Math.ceil(windows / columns);
    const cellWidth = Math.max(0, (width - gap * (columns - 1)) / columns);
    const cellHeight = Math.max(0, (height - gap * (rows - 1)) / rows - caption);
    const w = Math.min(cellWidth, cellHeight / PHONE_RATIO);
    const arrangement = { rows, columns, width: Math.floor(w), height: Math.floor(w * PHONE_RATIO) };
    if (!best || arrangement.width > best.width) best = arrangement;
  }
  return best!;
}
