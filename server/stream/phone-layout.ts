import type { NavKey } from '../../shared/contract/stream-protocol.ts';

// Where things are on the virtual phone (API.md "Streaming"): a fixed 720x1280 "layout" space (the 9:16 window)
// that the model hit-tests in (virtual-screen.ts) and the renderer draws in (draw-screen.ts), scaled to whatever
// output size is asked for, so hit tests and pixels agree.

export const LAYOUT_WIDTH = 720;
export const LAYOUT_HEIGHT = 1280;

/** How long the touch-feedback dot stays, ms. */
export const RIPPLE_MS = 300;
/** The phones run on China time, like the screenshot SVG (server/lib/screenshot-svg.ts). */
const PHONE_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

// Layout (720x1280 units). The renderer draws exactly these rectangles, so hit tests and pixels agree.
export const STATUS_BAR: Rect = { x: 0, y: 0, w: 720, h: 48 };
export const NAV_BAR: Rect = { x: 0, y: 1184, w: 720, h: 96 };
export const NAV_BUTTONS: Record<NavKey, Rect> = {
  back: { x: 90, y: 1184, w: 140, h: 96 },
  home: { x: 290, y: 1184, w: 140, h: 96 },
  recents: { x: 490, y: 1184, w: 140, h: 96 },
};
export const HOME_FIELD: Rect = { x: 40, y: 80, w: 640, h: 72 };
export const TITLE_BAR: Rect = { x: 0, y: 48, w: 720, h: 112 };
export const TITLE_BACK: Rect = { x: 0, y: 48, w: 112, h: 112 };
export const APP_FIELD: Rect = { x: 40, y: 200, w: 500, h: 80 };
export const PASTE_BUTTON: Rect = { x: 556, y: 200, w: 124, h: 80 };
/** Puts the field's text on the phone's clipboard, so a client can read back what arrived (clipboard.get). */
export const COPY_BUTTON: Rect = { x: 556, y: 296, w: 124, h: 80 };
const ICON_SIZE = 112;

/**
 * Icons on one home page: 4 columns by 4 rows. A fifth row would start at y 1080 and its icon reach under the
 * navigation bar (1184), so a phone with more apps (built-ins and installed ones) gets further home pages, turned by a
 * horizontal swipe or a tap on the page dots.
 */
export const HOME_PAGE_ICONS = 16;
/** The page dots, between the last row's labels (ending near y 1030) and the navigation bar; shown with 2+ pages. */
export const PAGE_DOTS: Rect = { x: 0, y: 1096, w: 720, h: 80 };

/** Where app `index` sits on its home page: 4 columns, rows of 200 under the phone's name. */
export function iconRect(index: number): Rect {
  const slot = index % HOME_PAGE_ICONS;
  return { x: 64 + (slot % 4) * 160, y: 280 + Math.floor(slot / 4) * 200, w: ICON_SIZE, h: ICON_SIZE };
}

/** The card of the `index`-th entry of the recents list. */
export function recentCardRect(index: number): Rect {
  return { x: 40, y: 140 + index * 190, w: 640, h: 170 };
}
export const MAX_RECENT_CARDS = 5;

export function inside(r: Rect, x: number, y: number): boolean {
  return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

export function phoneClock(now: number): string {
  const date = new Date(now + PHONE_UTC_OFFSET_MS);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

