import { useEffect, useState } from 'react';
import { stageSize } from '../touch-map.ts';

/** The largest 9:16 stage that fits the space left for it, kept up to date as the window changes. */
export function useStageSize(area: { current: HTMLElement | null }): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => setSize(stageSize(element.clientWidth, element.clientHeight));
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
