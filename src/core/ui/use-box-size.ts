import { useEffect, useState } from 'react';

/**
 * Calls `measure` whenever the element's box may have changed (a resize observer; the window's resize where there is
 * none), in the next animation frame rather than inside the observer's callback: a size written to state from the
 * callback renders before the frame is laid out, and when that render moves the box itself (a scrollbar that comes or
 * goes) the browser reports "ResizeObserver loop completed with undelivered notifications". Several changes before
 * that frame measure once. Returns the stop.
 */
export function watchBoxSize(element: Element, measure: () => void): () => void {
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(measure);
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(later) : null;
  observer?.observe(element);
  addEventListener('resize', later);
  return () => {
    cancelAnimationFrame(frame);
    observer?.disconnect();
    removeEventListener('resize', later);
  };
}

/** An element's inner size, kept up to date as it or the window changes; the same size keeps the same state. */
export function useBoxSize(box: { current: HTMLElement | null }): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((last) => (last.width === width && last.height === height ? last : { width, height }));
    };
    measure();
    return watchBoxSize(element, measure);
  }, []);
  return size;
}
