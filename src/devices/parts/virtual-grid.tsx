/**
 * A scrolling grid that renders only the rows on screen plus a little overscan, so 1,000 phones cost
 * what 20 do. Row height is derived from the container width (cards keep their 9:16 screen) or fixed
 * for list rows; positions are absolute inside a spacer as tall as all rows.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import './virtual-grid.css';

interface VirtualGridProps<T> {
  items: readonly T[];
  columns: number;
  /** Height of a row for a given column width. */
  rowHeight: (columnWidth: number) => number;
  gap: number;
  renderItem: (item: T) => ComponentChildren;
  itemKey: (item: T) => number;
  /** Called (throttled to animation frames) with the items currently on screen. */
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

const OVERSCAN_ROWS = 2;

export function VirtualGrid<T>(props: VirtualGridProps<T>) {
  const { items, columns, gap } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);

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
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScrollTop(element.scrollTop));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = 0;
    setScrollTop(0);
  }, [props.resetKey]);

  const padding = gap;
  const columnWidth = Math.max(0, (size.width - padding * 2 - gap * (columns - 1)) / columns);
  const rowHeight = props.rowHeight(columnWidth);
  const stride = rowHeight + gap;
  const rows = Math.ceil(items.length / columns);
  const first = Math.max(0, Math.floor((scrollTop - padding) / stride) - OVERSCAN_ROWS);
  // Clamped: after the list shrinks, a stale scroll offset must not point past its end.
  const last = Math.min(rows - 1, Math.ceil((scrollTop + size.height) / stride) + OVERSCAN_ROWS);
  const visible = size.width ? items.slice(first * columns, (last + 1) * columns) : [];

  const onVisible = props.onVisible;
  const firstOnScreen = Math.max(0, Math.floor((scrollTop - padding) / stride));
  const lastOnScreen = Math.min(rows - 1, Math.floor((scrollTop + size.height) / stride));
  useEffect(() => {
    if (onVisible && size.width) onVisible(items.slice(firstOnScreen * columns, (lastOnScreen + 1) * columns));
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
          return (
            <div
              key={props.itemKey(item)}
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
