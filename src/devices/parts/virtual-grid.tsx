/**
 * A scrolling grid that renders only the rows on screen plus a little overscan, so 1,000 phones cost
 * what 20 do. Row height is derived from the container width (cards keep their 9:16 screen) or fixed
 * for list rows; positions are absolute inside a spacer as tall as all rows.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { cardsToBuild, NEW_ITEMS_PER_FRAME, rowWindow } from './virtual-window.ts';
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
  /** Names the list for assistive technology (rows become list items). */
  label?: string;
  testId?: string;
}

/** Thumbnails are asked for once the window has stayed put this long: phones that only fly past cost no request. */
const SETTLE_MS = 150;

export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { items, columns, gap } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  // `budgeted`: a render of a frame (a scroll, or cards still to build) builds new cards within a per-frame budget;
  // the first render, a new list or a new size build every card in the window at once.
  const [view, setView] = useState({ scrollTop: 0, budgeted: false });
  const scrollTop = view.scrollTop;
  const frame = useRef(0);
  /** One render per animation frame, whether a scroll or cards still to build asked for it. */
  const scheduleFrame = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = scroller.current;
      if (element) setView({ scrollTop: element.scrollTop, budgeted: true });
    });
  };
  const fullyRendered = useRef<ReadonlySet<number>>(new Set());

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
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
    setView({ scrollTop: 0, budgeted: false });
  }, [props.resetKey]);

  const padding = gap;
  const columnWidth = Math.max(0, (size.width - padding * 2 - gap * (columns - 1)) / columns);
  const rowHeight = props.rowHeight(columnWidth);
  const stride = rowHeight + gap;
  const rows = Math.ceil(items.length / columns);
  const { first, last, firstOnScreen, lastOnScreen } = rowWindow({ scrollTop, height: size.height, stride, padding, rows });
  const visible = size.width ? items.slice(first * columns, (last + 1) * columns) : [];
  // A fling brings a whole screen of new cards per frame; building them all at once would block the main thread.
  // Cards already built stay; new ones beyond the budget show as empty cells and fill in over the next frames (also
  // once the fling stops: a dozen cards at once would be a long task just then).
  const onScreen = size.width ? items.slice(firstOnScreen * columns, (lastOnScreen + 1) * columns) : [];
  const full = cardsToBuild(onScreen.map(props.itemKey), visible.map(props.itemKey), fullyRendered.current, view.budgeted ? NEW_ITEMS_PER_FRAME : Infinity);
  useLayoutEffect(() => {
    fullyRendered.current = full;
    if (full.size < visible.length) scheduleFrame();
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
      data-testid={props.testId}
    >
      <div class="vgrid__spacer" style={{ height: `${rows * stride + padding}px` }}>
        {visible.map((item, offset) => {
          const index = first * columns + offset;
          const row = Math.floor(index / columns);
          const column = index % columns;
          const key = props.itemKey(item);
          const ready = full.has(key);
          return (
            <div
              key={key}
              class={ready ? 'vgrid__cell' : 'vgrid__cell vgrid__cell--pending'}
              role={props.label ? 'listitem' : undefined}
              aria-busy={ready ? undefined : 'true'}
              style={{
                transform: `translate(${padding + column * (columnWidth + gap)}px, ${padding + row * stride}px)`,
                width: `${columnWidth}px`,
                height: `${rowHeight}px`,
              }}
            >
              {ready ? props.renderItem(item) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
