/**
 * The network check's run (spec §1): both lines measured one after the other, each line's progress, figures and
 * verdict as it goes. Local to the page (nothing here is server data to cache): a hook holding the current run.
 */
import { useEffect, useRef, useState } from 'react';
import { LINES, type LineNumber } from '../contract/line-check-words.ts';
import { measureLine, type LineFigures, type LineSocket, type MeasurePhase } from './measure.ts';
import { verdictOf, type LineVerdict } from './verdict.ts';
import { openLineSocket } from './socket.ts';

export type LineState =
  | { status: 'waiting' }
  | { status: 'measuring'; phase: MeasurePhase; done: number; total: number }
  | { status: 'done'; figures: LineFigures; verdict: LineVerdict }
  /** `config`: the streaming host's address is not usable; `unreachable`: the socket did not open or broke. */
  | { status: 'failed'; reason: 'config' | 'unreachable'; figures: LineFigures; verdict: LineVerdict };

export type LineStates = Record<LineNumber, LineState>;

const waiting = (): LineStates => ({ 1: { status: 'waiting' }, 2: { status: 'waiting' } });

/** A line that could not be measured: nothing answered, so it is as lost as a line can be. */
const UNREACHED: LineFigures = { rttMs: null, jitterMs: null, lossPercent: 100, downloadKbps: null };

export function useLineChecks(open: (line: LineNumber) => LineSocket = openLineSocket) {
  const [lines, setLines] = useState<LineStates>(waiting);
  const [running, setRunning] = useState(false);
  /** Bumped by each run and on leaving: a run's late results are dropped once another began or the page closed. */
  const generation = useRef(0);

  const run = async () => {
    const mine = ++generation.current;
    const set = (line: LineNumber, state: LineState) => {
      if (mine === generation.current) setLines((all) => ({ ...all, [line]: state }));
    };
    setLines(waiting());
    setRunning(true);
    // One line after the other, never both at once: two downloads would share the device's link and each see half
    // of it, and one line's pings would queue behind the other's download, so neither line's figures would be its own.
    for (const line of LINES) {
      if (mine !== generation.current) return;
      let socketOpener: () => LineSocket;
      try {
        const socket = open(line);
        socketOpener = () => socket;
      } catch {
        set(line, { status: 'failed', reason: 'config', figures: UNREACHED, verdict: verdictOf(UNREACHED) });
        continue;
      }
      try {
        const figures = await measureLine(socketOpener, { onProgress: (phase, done, total) => set(line, { status: 'measuring', phase, done, total }) });
        set(line, { status: 'done', figures, verdict: verdictOf(figures) });
      } catch {
        set(line, { status: 'failed', reason: 'unreachable', figures: UNREACHED, verdict: verdictOf(UNREACHED) });
      }
    }
    if (mine === generation.current) setRunning(false);
  };

  useEffect(() => {
    void run();
    return () => {
      generation.current++;
    };
    // Once on opening; "test again" calls run itself.
  }, []);

  return { lines, running, run };
}
