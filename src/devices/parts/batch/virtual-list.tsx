/**
 * Fixed-row-height windowing (issue 4: 1,000 phones stay smooth): a spacer as tall as every row, and
 * absolutely placed rows for the visible range plus an overscan. The range is recomputed at most once
 * a frame, and a re-render happens only when the range actually changes.
 */
import { useEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';

interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  itemKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ComponentChildren;
  /** Rows rendered beyond each edge, so a quick flick does not show blank space for a frame. */
  overscan?: number;
  /** Fixed height of the scroller; without it the scroller fills its flex parent. */
  height?: number;
  className?: string;
  testId?: string;
  label?: string;
}

interface Range {
  first: number;
  last: number;
}

/** Before the first measure (and in tests without layout): enough rows for a phone screen. */
const INITIAL_RANGE: Range = { first: 0, last: 20 };

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, overscan = 6 } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<Range>(INITIAL_RANGE);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const first = Math.floor(element.scrollTop / rowHeight);
      const last = Math.ceil((element.scrollTop + (element.clientHeight || 0)) / rowHeight);
      setRange((old) => (old.first === first && old.last === last ? old : { first, last: Math.max(last, first + 1) }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', schedule, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', schedule);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [rowHeight]);

  const start = Math.max(0, range.first - overscan);
  const end = Math.min(items.length, range.last + overscan);
  const rows: ComponentChildren[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index]!;
    rows.push(
      <div key={props.itemKey(item)} class="vlist__row" role="listitem" style={{ top: `${index * rowHeight}px`, height: `${rowHeight}px` }}>
        {props.renderRow(item, index)}
      </div>,
    );
  }
  return (
    <div
      ref={scroller}
      class={`vlist${props.className ? ` ${props.className}` : ''}`}
      style={props.height ? { height: `${props.height}px`, minHeight: 0, flex: 'none' } : undefined}
      role="list"
      aria-label={props.label}
      data-testid={props.testId}
      data-count={items.length}
    >
      <div class="vlist__spacer" style={{ height: `${items.length * rowHeight}px` }}>
        {rows}
      </div>
    </div>
  );
}
