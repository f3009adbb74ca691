import { useBoxSize } from '../../core/ui/use-box-size.ts';
import { stageSize } from '../touch-map.ts';

/** The largest 9:16 stage that fits the space left for it, kept up to date as the window changes. */
export function useStageSize(area: { current: HTMLElement | null }): { width: number; height: number } {
  const box = useBoxSize(area);
  return stageSize(box.width, box.height);
}
