/**
 * Spec §9: a long press is 500 ms. Returns pointer handlers that call onLongPress after the delay,
 * or onTap for a short press; moving the finger (scrolling) cancels both.
 */
export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 10;

import { useMemo, useRef } from 'react';

/** The handlers for one element, kept across re-renders (a card re-renders mid-press on every status poll). */
export function useLongPress(onTap: () => void, onLongPress: () => void) {
  const latest = useRef({ onTap, onLongPress });
  latest.current = { onTap, onLongPress };
  return useMemo(() => longPressHandlers(() => latest.current.onTap(), () => latest.current.onLongPress()), []);
}

export function longPressHandlers(onTap: () => void, onLongPress: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let start: { x: number; y: number } | null = null;
  const cancel = () => {
    clearTimeout(timer);
    start = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      fired = false;
      start = { x: event.clientX, y: event.clientY };
      timer = setTimeout(() => {
        fired = true;
        start = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: () => {
      const wasPressing = start !== null;
      cancel();
      if (wasPressing && !fired) onTap();
    },
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    // The browser's own long-press menu would cover ours.
    onContextMenu: (event: Event) => event.preventDefault(),
  };
}
