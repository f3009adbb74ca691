/**
 * The analytics queue (tracking states below, spec §4; event names start with a letter, at most 50 characters, §5;
 * batch, flush and cap numbers, §9): events are kept on the device (the newest QUEUE_CAP, surviving reloads) and sent
 * as soon as a batch is queued, and whatever is queued (one event or more) when the flush timer fires, at most
 * MAX_PER_SEND at a time; everything left goes by beacon when the page is hidden. It knows nothing of the browser: tracker.ts gives it storage, the clock, the timer and the two
 * ways of sending.
 *
 * States: `normal` records and sends; `paused` records but neither sends nor runs its timer; `stopped` records
 * nothing and clears the super properties, the account and the timers (the queue on the device stays, to be sent
 * once tracking starts again).
 */
import {
  BATCH_SIZE, BATCH_SIZE_MAX, BATCH_SIZE_MIN, EVENT_NAME, FLUSH_MS, MAX_DURATION_SECONDS, MAX_PER_SEND, MAX_PROPERTIES,
  MAX_PROPERTIES_JSON_CHARS, MAX_PROPERTY_KEY_CHARS, MAX_STRING_VALUE_CHARS, QUEUE_CAP, type Properties, type TrackedEvent,
} from '../../shared/contract/analytics-words.ts';

export type TrackingState = 'normal' | 'paused' | 'stopped';
export type SendOutcome = 'sent' | 'refused' | 'failed';

export interface QueueStorage {
  read(): TrackedEvent[];
  write(events: TrackedEvent[]): void;
}

export interface QueueOptions {
  /** Whole batches of this many are sent (clamped to 1-30; default 6). */
  batchSize?: number;
  flushMs?: number;
  now?: () => number;
  storage: QueueStorage;
  /**
   * Sends events: 'sent' (a 2xx), 'refused' (the collector will never take them: a 4xx other than 429; they are
   * dropped, with a warning), or 'failed' (offline, a 5xx, a 429: they stay queued). A rejection counts as failed.
   */
  send(events: TrackedEvent[]): Promise<SendOutcome>;
  /** Sends events as the page goes away (navigator.sendBeacon); false when the browser would not queue them. */
  beacon(events: TrackedEvent[]): boolean;
  /** Runs `task` every `ms`; returns the way to stop it. */
  every(ms: number, task: () => void): () => void;
  warn(message: string): void;
}

export const clampBatchSize = (size: number): number =>
  Number.isInteger(size) ? Math.min(BATCH_SIZE_MAX, Math.max(BATCH_SIZE_MIN, size)) : BATCH_SIZE;

/**
 * Keeps what the collector takes (shared/contract/analytics.ts): values that survive JSON, keys of at most 64 characters,
 * strings cut to 256, at most 50 properties and 4 KB of JSON (the first ones win). An event past those would have its
 * whole send refused.
 */
function cleanProperties(properties: Properties | undefined): Properties {
  const clean: Properties = {};
  let count = 0;
  for (const [key, raw] of Object.entries(properties ?? {})) {
    if (count === MAX_PROPERTIES || key.length > MAX_PROPERTY_KEY_CHARS) continue;
    const value = typeof raw === 'string' ? raw.slice(0, MAX_STRING_VALUE_CHARS) : raw;
    if (value !== null && typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) continue;
    clean[key] = value;
    if (JSON.stringify(clean).length > MAX_PROPERTIES_JSON_CHARS) {
      delete clean[key];
      break;
    }
    count++;
  }
  return clean;
}

let lastId = '';
/** An event's id: the time and random digits; two in one millisecond differ by their digits. */
function eventId(time: number): string {
  let id: string;
  do id = `${time.toString(36)}-${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`;
  while (id === lastId);
  lastId = id;
  return id;
}

export class AnalyticsQueue {
  state: TrackingState = 'normal';
  readonly batchSize: number;
  private superProperties: Properties = {};
  private account: string | null = null;
  private readonly timed = new Map<string, number>();
  private stopTimer: (() => void) | null = null;
  private sending = false;
  private readonly now: () => number;

  constructor(private readonly options: QueueOptions) {
    this.batchSize = clampBatchSize(options.batchSize ?? BATCH_SIZE);
    this.now = options.now ?? Date.now;
    this.startTimer();
  }

  /** The events waiting on the device, oldest first. */
  get queued(): TrackedEvent[] {
    return this.options.storage.read();
  }

  get superProps(): Properties {
    return { ...this.superProperties };
  }

  get currentAccount(): string | null {
    return this.account;
  }

  /**
   * Records an event (at `time`, now unless told: events recorded before the queue was loaded keep their moment); a
   * bad name is dropped with a warning. False when nothing was recorded.
   */
  track(name: string, properties?: Properties, { duration, time }: { duration?: number; time?: number } = {}): boolean {
    if (this.state === 'stopped') return false;
    if (typeof name !== 'string' || !EVENT_NAME.test(name)) {
      this.options.warn(`analytics: event "${String(name)}" dropped: a name starts with a letter and has at most 50 characters`);
      return false;
    }
    const at = time ?? this.now();
    const event: TrackedEvent = { id: eventId(at), name, time: at, properties: cleanProperties({ ...this.superProperties, ...properties }), account: this.account };
    if (duration !== undefined) event.duration = Math.min(MAX_DURATION_SECONDS, Math.max(0, Math.round(duration * 1000) / 1000));
    // The newest QUEUE_CAP are kept: on a long time offline the oldest go first.
    const queued = [...this.queued, event].slice(-QUEUE_CAP);
    this.options.storage.write(queued);
    // A batch goes at once; so does each further batch of a backlog, not every event of it (an offline page would
    // try to send with each one).
    if (queued.length % this.batchSize === 0) void this.flush();
    return true;
  }

  /** Starts timing `name`; `timeEnd(name)` records it with its duration in seconds. */
  timeStart(name: string): void {
    if (this.state !== 'stopped') this.timed.set(name, this.now());
  }

  timeEnd(name: string, properties?: Properties): boolean {
    const started = this.timed.get(name);
    if (started === undefined) return false;
    this.timed.delete(name);
    return this.track(name, properties, { duration: (this.now() - started) / 1000 });
  }

  /** Super properties go with every event recorded after this (the fingerprint as `cuid`, the client number...). */
  register(properties: Properties): void {
    if (this.state !== 'stopped') Object.assign(this.superProperties, cleanProperties(properties));
  }

  setAccount(account: string | null): void {
    if (this.state !== 'stopped') this.account = account;
  }

  pause(): void {
    if (this.state !== 'normal') return;
    this.state = 'paused';
    this.stopTimerNow();
  }

  /** From paused or stopped back to normal. */
  resume(): void {
    if (this.state === 'normal') return;
    this.state = 'normal';
    this.startTimer();
  }

  stop(): void {
    this.state = 'stopped';
    this.superProperties = {};
    this.account = null;
    this.timed.clear();
    this.stopTimerNow();
  }

  /**
   * Sends what is queued, at most MAX_PER_SEND events (a batch filled, or the flush timer's tick); one send at a time,
   * and events that fail to go stay for the next.
   */
  async flush(): Promise<void> {
    if (this.state !== 'normal' || this.sending) return;
    const events = this.queued.slice(0, MAX_PER_SEND);
    if (events.length === 0) return;
    this.sending = true;
    let outcome: SendOutcome = 'failed';
    try {
      outcome = await this.options.send(events);
    } catch {
      outcome = 'failed';
    } finally {
      this.sending = false;
    }
    if (outcome === 'refused') this.options.warn(`analytics: ${events.length} events dropped: the collector refused them`);
    // By id: events recorded meanwhile were appended, and the cap may have pushed old ones out meanwhile.
    if (outcome !== 'failed') this.remove(events);
  }

  /** The page is going away: everything queued goes by beacon, MAX_PER_SEND at a time (not while paused or stopped). */
  sendAllByBeacon(): void {
    // Even while a send is out (the page may never hear its answer): the collector keeps an event once, by its id.
    if (this.state !== 'normal') return;
    const queued = this.queued;
    const gone: TrackedEvent[] = [];
    for (let at = 0; at < queued.length; at += MAX_PER_SEND) {
      const events = queued.slice(at, at + MAX_PER_SEND);
      if (!this.options.beacon(events)) break;
      gone.push(...events);
    }
    this.remove(gone);
  }

  /** Takes these events (by id) out of the queue on the device. */
  private remove(events: TrackedEvent[]): void {
    const ids = new Set(events.map((event) => event.id));
    this.options.storage.write(this.queued.filter((event) => !ids.has(event.id)));
  }

  private startTimer(): void {
    this.stopTimerNow();
    this.stopTimer = this.options.every(this.options.flushMs ?? FLUSH_MS, () => void this.flush());
  }

  private stopTimerNow(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }
}
