/**
 * Analytics from any code, the first screen's included: `track('login')`. The queue itself (src/analytics/) is loaded
 * once the first page is idle; until it takes over, events wait here with the moment they happened.
 */
import type { Properties } from '../../shared/contract/analytics-words.ts';

type Sink = (name: string, properties: Properties | undefined, time: number) => void;

/** Before the queue is loaded; a page that records more than this before idle is not a page a person uses. */
const EARLY_MAX = 50;
const early: Array<[string, Properties | undefined, number]> = [];
let sink: Sink | null = null;

export function track(name: string, properties?: Properties): void {
  if (sink) sink(name, properties, Date.now());
  else if (early.length < EARLY_MAX) early.push([name, properties, Date.now()]);
}

/** The queue takes over: what waited goes to it first, in order. */
export function setTrackSink(next: Sink): void {
  sink = next;
  for (const [name, properties, time] of early.splice(0)) next(name, properties, time);
}
