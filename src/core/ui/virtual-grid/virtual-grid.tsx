/**
 * A scrolling grid that renders only the rows on screen plus a little overscan, so 1,000 phones cost
 * what 20 do. Row height is derived from the container width (cards keep their 9:16 screen) or fixed
 * for list rows; positions are absolute inside a spacer as tall as all rows.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { watchBoxSize } from '../use-box-size.ts';
import { cardsToBuild, frameBudget, outlineTile, rowWindow, type OutlineLook } from './virtual-window.ts';
import './virtual-grid.css';

interface VirtualGridProps<T> {
  items: readonly T[];
  columns: number;
  /** Height of a row for a given column width. */
  rowHeight: (columnWidth: number) => number;
  gap: number;
  renderItem: (item: T) => ComponentChildren;
  itemKey: (item: T) => number;
  /** Called with the items on screen once the view has stayed still for SETTLE_MS (phones that only fly past cost no request). */
  onVisible?: (items: readonly T[]) => void;
  /** A new value (another query or view) starts again at the top. */
  resetKey?: string;
  /** Fixed height in px; without it the scroller fills its flex parent. */
  height?: number;
  className?: string;
  /**
   * Every item is a card that covers its cell in the theme's surface, edge and radius: a cell whose card is still to be
   * built shows that outline (otherwise it stays empty for the frame or two it takes).
   */
  outlined?: boolean;
  /** Names the list for assistive technology (rows become list items). */
  label?: string;
  testId?: string;
}

/** Thumbnails are asked for once the window has stayed put this long: phones that only fly past cost no request. */
const SETTLE_MS = 150;

export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { items, columns, gap } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const outlined = props.outlined === true;
  const [size, setSize] = useState<{ width: number; height: number; look?: OutlineLook }>({ width: 0, height: 0 });
  // `budget`: how many new cards this render builds. A render of a frame (a scroll, or cards still to build) has a
  // small one, none after a jump; the first render and another view or query (`resetKey`) build every card on screen
  // at once, and the overscan in the frames after (virtual-window.ts, cardsToBuild).
  const [view, setView] = useState({ scrollTop: 0, budget: Infinity });
  const scrollTop = view.scrollTop;
  const frame = useRef(0);
  /** One render per animation frame, whether a scroll or cards still to build asked for it. */
  const scheduleFrame = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = scroller.current;
      if (element) setView((last) => ({ scrollTop: element.scrollTop, budget: frameBudget(element.scrollTop - last.scrollTop, element.clientHeight) }));
    });
  };
  const fullyRendered = useRef<ReadonlySet<number>>(new Set());
  // The outlines come once the first cards are painted: the cards cover every cell on screen then, and the outlines'
  // tile, an SVG image, costs a document of its own to set up (about 8 ms at 4x CPU slowdown) in the first frame.
  const [outlinesShown, setOutlinesShown] = useState(false);
  const measured = size.width > 0;
  useEffect(() => {
    if (measured) setOutlinesShown(true);
  }, [measured]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // The outlines under the cards are drawn in the theme's colours and radius, read again when the theme changes
    // (after the size: that lays the page out, and reading the style then costs nothing more). The observers also
    // call it when nothing changed (a resize observer reports its first sight of the box just before the first cards
    // are painted): the same size and look keep the same state, and nothing renders again.
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      const look = outlined ? readLook(element) : undefined;
      setSize((last) => (last.width === width && last.height === height && sameLook(last.look, look) ? last : { width, height, look }));
    };
    measure();
    // A new size is taken in the next frame (use-box-size.ts says why); the theme is read at once.
    const stopWatching = watchBoxSize(element, measure);
    const theme = outlined ? new MutationObserver(measure) : undefined;
    theme?.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      stopWatching();
      theme?.disconnect();
    };
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.addEventListener('scroll', scheduleFrame, { passive: true });
    return () => {
      cancelAnimationFrame(frame.current);
      element.removeEventListener('scroll', scheduleFrame);
    };
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = 0;
    setView({ scrollTop: 0, budget: Infinity });
  }, [props.resetKey]);

  const padding = gap;
  const columnWidth = Math.max(0, (size.width - padding * 2 - gap * (columns - 1)) / columns);
  const rowHeight = props.rowHeight(columnWidth);
  const stride = rowHeight + gap;
  const rows = Math.ceil(items.length / columns);
  const { first, last, firstOnScreen, lastOnScreen } = rowWindow({ scrollTop, height: size.height, stride, padding, rows });
  const visible = size.width ? items.slice(first * columns, (last + 1) * columns) : [];
  // A fling brings a whole screen of new cards per frame; building them all at once would block the main thread.
  // Cards already built stay; new ones beyond the budget show as the outlines drawn under the grid and fill in over
  // the next frames (also once the fling stops: a dozen cards at once would be a long task just then).
  const onScreen = size.width ? items.slice(firstOnScreen * columns, (lastOnScreen + 1) * columns) : [];
  const full = cardsToBuild(onScreen.map(props.itemKey), visible.map(props.itemKey), fullyRendered.current, view.budget);
  useLayoutEffect(() => {
    fullyRendered.current = full;
    if (full.size >= visible.length) return;
    if (view.budget !== Infinity) return scheduleFrame();
    // A view that starts has its cards on screen painted before the rows below begin to fill in (built in the frame
    // that paints them, the first of those held that paint back by its own style and layout): asked for from that
    // frame's callback, scheduleFrame's frame is the one after it.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(scheduleFrame);
  });

  const onVisible = props.onVisible;
  useEffect(() => {
    if (!onVisible || !size.width) return;
    const timer = setTimeout(() => onVisible(onScreen), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [firstOnScreen, lastOnScreen, columns, items, size.width, onVisible]);

  return (
    <div
      class={`vgrid${props.className ? ` ${props.className}` : ''}`}
      ref={scroller}
      style={props.height ? { height: `${props.height}px`, flex: 'none' } : undefined}
      role={props.label ? 'list' : undefined}
      aria-label={props.label}
      aria-busy={full.size < visible.length ? 'true' : undefined}
      data-testid={props.testId}
    >
      <div class="vgrid__spacer" style={{ height: `${rows * stride + padding}px` }}>
        {outlinesShown && size.look ? <Outlines count={items.length} columns={columns} columnWidth={columnWidth} rowHeight={rowHeight} gap={gap} look={size.look} /> : null}
        {visible.map((item, offset) => {
          const key = props.itemKey(item);
          if (!full.has(key)) return null;
          const index = first * columns + offset;
          const row = Math.floor(index / columns);
          const column = index % columns;
          return (
            <div
              key={key}
              class="vgrid__cell"
              role={props.label ? 'listitem' : undefined}
              style={{
                transform: `translate(${padding + column * (columnWidth + gap)}px, ${padding + row * stride}px)`,
                width: `${columnWidth}px`,
                height: `${rowHeight}px`,
              }}
            >
              {props.renderItem(item)}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function sameLook(a: OutlineLook | undefined, b: OutlineLook | undefined): boolean {
  return a === b || (!!a && !!b && a.fill === b.fill && a.edge === b.edge && a.radius === b.radius);
}

function readLook(element: Element): OutlineLook {
  const style = getComputedStyle(element);
  return { fill: style.getPropertyValue('--surface').trim(), edge: style.getPropertyValue('--border').trim(), radius: parseFloat(style.getPropertyValue('--radius')) || 0 };
}

interface OutlinesProps {
  count: number;
  columns: number;
  columnWidth: number;
  rowHeight: number;
  gap: number;
  look: OutlineLook;
}

/**
 * Every cell's empty outline, as one tiled background for the full rows and one for the last, shorter row: what a
 * fast scroll shows until the cards are built over them. They change only with the list, the size or the theme.
 */
const Outlines = memo(function Outlines({ count, columns, columnWidth, rowHeight, gap, look }: OutlinesProps) {
  const tile = outlineTile(columnWidth, rowHeight, gap, look);
  const tileWidth = columnWidth + gap;
  const stride = rowHeight + gap;
  const fullRows = Math.floor(count / columns);
  const rest = count % columns;
  const area = (top: number, cells: number, height: number) => ({
    top: `${gap + top}px`,
    left: `${gap}px`,
    width: `${cells * tileWidth}px`,
    height: `${height}px`,
    backgroundImage: tile,
    backgroundSize: `${tileWidth}px ${stride}px`,
  });
  return (
    <>
      {fullRows ? <div class="vgrid__outlines" aria-hidden="true" style={area(0, columns, fullRows * stride)} /> : null}
      {rest ? <div class="vgrid__outlines" aria-hidden="true" style={area(fullRows * stride, rest, rowHeight)} /> : null}
    </>
  );
});
