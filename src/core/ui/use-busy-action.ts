/**
 * One call at a time behind a busy flag, for every button or form that sends something: `run` raises the flag, awaits
 * the work and lowers the flag however it ended; a refusal goes to `onError`, else to the hook's `fallback`, by default
 * a notice in the catalogue's words (error-into.ts puts it in a message of the page's own). A run asked for while one
 * is under way is dropped at once: the flag disables the button only from the next render, and a double tap must not
 * send twice before it. Nothing the user typed is touched here. A list whose rows each send gives each row its own.
 */
import { useRef, useState } from 'react';
import { describeError } from '../errors.ts';
import { notify } from './notify.ts';

/** Where a failed run's error is shown. */
export type ErrorRoute = (error: unknown) => void;

/** The default route: a notice saying the error in the catalogue's words. */
export const noticeOfError: ErrorRoute = (error) => notify(describeError(error));

export function useBusyAction(fallback: ErrorRoute = noticeOfError) {
  const [busy, setBusy] = useState(false);
  // The flag as of now, not as of the last render.
  const running = useRef(false);

  const run = async (work: () => Promise<unknown>, onError = fallback): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return { busy, run };
}
