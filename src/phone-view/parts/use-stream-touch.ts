/**
 * Fingers on the stage become touch messages in the phone's pixels: every pointer is captured (so a drag that
 * leaves the picture keeps going), moves are sent at most once per animation frame, and the browser's own
 * gestures (scroll, zoom, long-press menu) are switched off by CSS touch-action and by cancelling defaults.
 */
import { useEffect, type RefObject } from 'react';
import type { TouchAction, TouchPointer } from '../../stream/types.ts';
import { device, refuseIfViewOnly, streamClient } from '../live-session.ts';
import { toDevicePoint } from '../touch-map.ts';

export function useStreamTouch(stage: RefObject<HTMLElement>): void {
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const active = new Map<number, TouchPointer>();
    let moveQueued = 0;

    const toPointer = (event: PointerEvent): TouchPointer | null => {
      const size = device.value;
      if (!size) return null;
      return { id: event.pointerId, ...toDevicePoint(element.getBoundingClientRect(), size, event.clientX, event.clientY) };
    };
    const send = (action: TouchAction, pointers: TouchPointer[]) => streamClient()?.touch(action, pointers);
    const flushMove = () => {
      if (!moveQueued) return;
      cancelAnimationFrame(moveQueued);
      moveQueued = 0;
      send('move', [...active.values()]);
    };

    const down = (event: PointerEvent) => {
      event.preventDefault();
      if (refuseIfViewOnly()) return;
      const pointer = toPointer(event);
      if (!pointer) return;
      element.setPointerCapture?.(event.pointerId);
      active.set(pointer.id, pointer);
      send('down', [pointer, ...[...active.values()].filter((entry) => entry.id !== pointer.id)]);
    };
    const move = (event: PointerEvent) => {
      if (!active.has(event.pointerId)) return;
      event.preventDefault();
      const pointer = toPointer(event);
      if (!pointer) return;
      active.set(pointer.id, pointer);
      moveQueued ||= requestAnimationFrame(() => {
        moveQueued = 0;
        send('move', [...active.values()]);
      });
    };
    const up = (event: PointerEvent) => {
      if (!active.has(event.pointerId)) return;
      // A move still waiting for its frame goes first, so the phone never sees a finger move after it lifted.
      flushMove();
      const cancelled = event.type === 'pointercancel';
      // A touch the system took away (a call, the notification shade) ends where it was last seen, and is no tap.
      const pointer = (cancelled ? null : toPointer(event)) ?? active.get(event.pointerId)!;
      active.delete(event.pointerId);
      send(cancelled ? 'cancel' : 'up', [pointer, ...active.values()]);
    };
    const noMenu = (event: Event) => event.preventDefault();

    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('contextmenu', noMenu);
    // iOS Safari zooms on double tap and pinch unless touchstart is cancelled (touch-action is not enough there).
    element.addEventListener('touchstart', noMenu, { passive: false });
    return () => {
      cancelAnimationFrame(moveQueued);
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('contextmenu', noMenu);
      element.removeEventListener('touchstart', noMenu);
    };
  }, []);
}
