/**
 * The network check's run (spec §1): both lines measured one after the other, each line's progress, figures and
 * verdict as it goes. Local to the page (nothing here is server data to cache): a hook holding the current run.
 */
import { useEffect, useRef, useState } from 'react';
import { LINE_MESSAGES, LINES, type LineNumber } from '../../shared/contract/line-check-words.ts';
import { CLOSE_TOO_MANY_SOCKETS } from '../../shared/contract/stream-protocol.ts';
import type { ErrorKey } from '../core/errors.ts';
import { LineClosedError, measureLine, type LineFigures, type LineSocket, type MeasurePhase } from './measure.ts';
import { verdictOf, type LineVerdict } from './verdict.ts';
import { openLineSocket } from './socket.ts';

export type LineState =
  | { status: 'waiting' }
  | { status: 'measuring'; phase: MeasurePhase; done: number; total: number }
  | { status: 'done'; figures: LineFigures; verdict: LineVerdict }
  /**
   * The line could not be checked, so it has no figures and no verdict: `reason` is the catalogue's word for why
   * (the streaming host's address is not usable, the socket did not open, the server refused), null when none fits.
   */
  | { status: 'failed'; reason: ErrorKey | null };

export type LineStates = Record<LineNumber, LineState>;

const waiting = (): LineStates => ({ 1: { status: 'waiting' }, 2: { status: 'waiting' } });

/** Why a measurement failed, in the catalogue's words: a socket refused for too many is the spec's "too frequent". */
export function failureReason(error: unknown): ErrorKey | null {
  if (!(error instanceof LineClosedError)) return 'errors.networkTimeout';
  if (error.code === CLOSE_TOO_MANY_SOCKETS || error.serverMessage === LINE_MESSAGES.tooManySockets) return 'errors.tooFrequent';
  return null;
}

export function useLineChecks(open: (line: LineNumber) => LineSocket = openLineSocket) {
  const [lines, setLines] = useState<LineStates>(waiting);
  const [running, setRunning] = useState(false);
  /** The current run's: aborted by the next run and on leaving, which closes its socket and clears its timers. */
  const current = useRef<AbortController | null>(null);

  const run = async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const { signal } = controller;
    const set = (line: LineNumber, state: LineState) => {
      if (!signal.aborted) setLines((all) => ({ ...all, [line]: state }));
    };
    setLines(waiting());
    setRunning(true);
    // One line after the other, never both at once: two downloads would share the device's link and each see half
    // of it, and one line's pings would queue behind the other's download, so neither line's figures would be its own.
    for (const line of LINES) {
      if (signal.aborted) return;
      let socketOpener: () => LineSocket;
      try {
        const socket = open(line);
        socketOpener = () => socket;
      } catch {
        set(line, { status: 'failed', reason: 'errors.streamConfigError' });
        continue;
      }
      try {
        const figures = await measureLine(socketOpener, { signal, onProgress: (phase, done, total) => set(line, { status: 'measuring', phase, done, total }) });
        set(line, { status: 'done', figures, verdict: verdictOf(figures) });
      } catch (error) {
        set(line, { status: 'failed', reason: failureReason(error) });
      }
    }
    if (!signal.aborted) setRunning(false);
  };

  useEffect(() => {
    void run();
    return () => current.current?.abort();
    // Once on opening; "test again" calls run itself.
  }, []);

  return { lines, running, run };
}
