import { useEffect, useState } from 'react';

/** An element's inner size, kept up to date as it or the window changes. */
export function useBoxSize(box: { current: HTMLElement | null }): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      removeEventListener('resize', measure);
    };
  }, []);
  return size;
}
