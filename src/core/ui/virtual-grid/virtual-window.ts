/**
 * The arithmetic of the windowed grid, kept apart from the component so it can be tested without a layout engine:
 * which rows are in the window, which are on screen, and which cards may be built in this frame.
 */

/** Rows within this distance of the screen are rendered too, so a slow scroll never shows a gap; more only costs time per frame. */
export const OVERSCAN_PX = 240;
/**
 * Cards built in one frame while scrolling. On the 4x-slowed profile a scrolling frame costs 25-35 ms before any card
 * and each card about 8 ms (script, style, layout, paint): with two, the first pass over a list still had frames of
 * 53-55 ms; with one, none over the 50 ms long-task line (test/bench/device-list.mjs, steady scroll).
 */
export const NEW_ITEMS_PER_FRAME = 1;
/**
 * A frame that scrolled further than this share of the screen builds no card: what it would build is gone a frame or
 * two later, and at that speed the eye sees the outlines anyway. The cards fill in once the scroll slows down.
 */
export const JUMP_SHARE = 0.5;

/** How many new cards a frame that scrolled `moved` px of a `height` px screen may build. */
export function frameBudget(moved: number, height: number): number {
  return Math.abs(moved) > height * JUMP_SHARE ? 0 : NEW_ITEMS_PER_FRAME;
}

/** The theme's look of an empty card: its fill, its edge and its corner radius. */
export interface OutlineLook {
  fill: string;
  edge: string;
  radius: number;
}

/**
 * One empty card's outline and the gaps right and below it, as an SVG image to tile under the cards: cells still to
 * be built cost no element, so a fast scroll adds nothing to the page but the cards it builds.
 */
export function outlineTile(columnWidth: number, rowHeight: number, gap: number, look: OutlineLook): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${columnWidth + gap}" height="${rowHeight + gap}">` +
    `<rect x="0.5" y="0.5" width="${Math.max(0, columnWidth - 1)}" height="${Math.max(0, rowHeight - 1)}" rx="${Math.max(0, look.radius - 0.5)}" ` +
    `fill="${look.fill}" stroke="${look.edge}"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

export interface WindowInput {
  scrollTop: number;
  /** The scroller's visible height. */
  height: number;
  /** Row height plus the gap below it. */
  stride: number;
  padding: number;
  rows: number;
}

export interface RowWindow {
  /** First and last row rendered (on screen plus overscan); last < first when there is nothing to render. */
  first: number;
  last: number;
  /** First and last row at least partly on screen. */
  firstOnScreen: number;
  lastOnScreen: number;
}

export function rowWindow({ scrollTop, height, stride, padding, rows }: WindowInput): RowWindow {
  const row = (y: number) => Math.floor((y - padding) / stride);
  // Clamped: after the list shrinks, a stale scroll offset must not point past its end.
  const clamp = (value: number) => Math.max(0, Math.min(rows - 1, value));
  return {
    first: clamp(row(scrollTop - OVERSCAN_PX)),
    last: Math.min(rows - 1, row(scrollTop + height + OVERSCAN_PX)),
    firstOnScreen: clamp(row(scrollTop)),
    lastOnScreen: Math.min(rows - 1, row(scrollTop + height)),
  };
}

/**
 * The keys whose card is built in this render: every card built before stays built, and new ones are taken
 * on-screen first, then overscan, until the budget is spent. A render that starts a view (the first, another view or
 * query: budget Infinity) builds every card on screen at once and leaves the overscan to the frames after it, one
 * card each: on the 4x-slowed profile each card costs about 8 ms, and the first cards then show that much sooner.
 */
export function cardsToBuild(onScreen: readonly number[], inWindow: readonly number[], built: ReadonlySet<number>, budget: number): Set<number> {
  const chosen = new Set<number>();
  const startsView = budget === Infinity;
  const screen = new Set(onScreen);
  let left = budget;
  for (const key of [...onScreen, ...inWindow]) {
    if (chosen.has(key)) continue;
    if (built.has(key)) chosen.add(key);
    else if (startsView ? screen.has(key) : left > 0) {
      chosen.add(key);
      left--;
    }
  }
  return chosen;
}
