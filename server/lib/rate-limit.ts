// In-memory counters behind the throttles (throttles.ts, API.md "Throttling"). They live in the server process: a
// restart forgets them, which only ever lets someone try again sooner, and one process serves the reference backend.
// Every method takes the time, so tests drive the server's clock (deps.now) and nothing waits for real.
import { SECOND_MS } from '../../shared/contract/time-units.ts';

/** The first delay after the free failures; each further failure doubles it, up to the lock. */
export const FIRST_DELAY_MS = 2 * SECOND_MS;
/** Enough for every client of a busy server; past it, expired entries are swept and then the stalest dropped. */
export const DEFAULT_MAX_KEYS = 100_000;

/**
 * A map that stays under `maxKeys`: when full, entries `expired` says are no longer needed go first, then the least
 * recently written (a write moves a key to the end). Dropping a live entry only forgets a count, so a flood of
 * fresh keys can at worst give back some tries, and the per-address throttles bound how many keys one client makes.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();
  constructor(
    private readonly maxKeys: number,
    private readonly expired: (value: V, now: number) => boolean,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxKeys) this.prune(now);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every expired entry (one pass), for an owner whose entries expire long before the map is full. */
  sweep(now: number): void {
    for (const [key, value] of this.entries) if (this.expired(value, now)) this.entries.delete(key);
  }

  // A sweep costs one pass; freeing a tenth of the room makes the next one wait for that many new keys.
  private prune(now: number): void {
    this.sweep(now);
    let excess = this.entries.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

export interface FailurePolicy {
  /** The failure that locks the key for `lockMs`; the first half of the allowance (rounded down) waits nothing. */
  maxFailures: number;
  lockMs: number;
  /** Failures are forgotten once the key has had none for this long (at least `lockMs`). */
  windowMs: number;
  maxKeys?: number;
}

interface FailureEntry {
  failures: number;
  lastFailureAt: number;
  /** Attempts admitted whose outcome is not known yet (a password being checked). */
  pending: number;
}

/** What a refusal says while the outcome of attempts in flight is unknown: they settle in well under a second. */
const IN_FLIGHT_WAIT_MS = SECOND_MS;

/**
 * Failed guesses per key (an account, an address) with growing delays and a temporary lock: failures up to half of
 * `maxFailures` are free, each further one makes the key wait FIRST_DELAY_MS doubled per failure (never more than
 * the lock), and failure number `maxFailures` locks it for `lockMs`. The count lasts `windowMs` after the last
 * failure, so once a lock ends the next failure locks again: a patient guesser gets one try per lock.
 */
export class FailureThrottle {
  private readonly entries: BoundedMap<FailureEntry>;
  private readonly freeFailures: number;

  constructor(private readonly policy: FailurePolicy) {
    this.freeFailures = Math.floor(policy.maxFailures / 2);
    this.entries = new BoundedMap(policy.maxKeys ?? DEFAULT_MAX_KEYS, (entry, now) => entry.pending === 0 && this.forgotten(entry, now));
  }

  private forgotten(entry: FailureEntry, now: number): boolean {
    return entry.failures === 0 || now - entry.lastFailureAt >= this.policy.windowMs;
  }

  private entry(key: string, now: number): FailureEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.forgotten(entry, now)) entry.failures = 0;
    return entry;
  }

  /** The wait a key has after `failures` failures, counted from the last one. */
  delayAfter(failures: number): number {
    const { maxFailures, lockMs } = this.policy;
    if (failures >= maxFailures) return lockMs;
    if (failures <= this.freeFailures) return 0;
    return Math.min(lockMs, FIRST_DELAY_MS * 2 ** (failures - this.freeFailures - 1));
  }

  /**
   * How long the key must wait before it may try again; 0 when it may try now. Attempts still in flight are counted
   * as if they will fail: a burst of simultaneous guesses gets no more tries than the same guesses one by one.
   */
  waitMs(key: string, now: number): number {
    const entry = this.entry(key, now);
    if (!entry) return 0;
    const wait = entry.lastFailureAt + this.delayAfter(entry.failures) - now;
    if (wait > 0) return wait;
    return entry.pending > 0 && this.delayAfter(entry.failures + entry.pending) > 0 ? IN_FLIGHT_WAIT_MS : 0;
  }

  /** Whether the key has used up its failures and waits out the whole lock. */
  locked(key: string, now: number): boolean {
    const entry = this.entry(key, now);
    return Boolean(entry && entry.failures >= this.policy.maxFailures && this.waitMs(key, now) > 0);
  }

  /** An attempt whose outcome comes later (`settle`); call after `waitMs` said 0. */
  begin(key: string, now: number): void {
    const entry = this.entry(key, now) ?? { failures: 0, lastFailureAt: now, pending: 0 };
    entry.pending += 1;
    this.entries.set(key, entry, now);
  }

  settle(key: string, now: number, failed: boolean): void {
    const entry = this.entry(key, now);
    if (entry && entry.pending > 0) entry.pending -= 1;
    if (failed) this.fail(key, now);
  }

  /** Counts `count` failed guesses of the key (an activation call may try many codes at once). */
  fail(key: string, now: number, count = 1): void {
    if (count <= 0) return;
    const entry = this.entry(key, now) ?? { failures: 0, lastFailureAt: now, pending: 0 };
    entry.failures += count;
    entry.lastFailureAt = now;
    this.entries.set(key, entry, now);
  }

  /** How many keys are held (the memory bound is what tests check). */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets the key's failures (a successful login ends the account's count); attempts in flight stay counted. */
  reset(key: string, now: number): void {
    const entry = this.entry(key, now);
    if (entry) entry.failures = 0;
  }
}

/**
 * Events per key in a sliding window (guest trials per address, per device): at most `limit` in any `windowMs`.
 * Each key keeps the times of its events in the window, so its memory is bounded by `limit`.
 */
export class WindowCounter {
  private readonly entries: BoundedMap<number[]>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    maxKeys = DEFAULT_MAX_KEYS,
  ) {
    this.entries = new BoundedMap(maxKeys, (times, now) => times.length === 0 || now - times[times.length - 1] >= windowMs);
  }

  private recent(key: string, now: number): number[] {
    return (this.entries.get(key) ?? []).filter((time) => now - time < this.windowMs);
  }

  /** How long until the key may have another event; 0 when it may now. */
  waitMs(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    return times[times.length - this.limit] + this.windowMs - now;
  }

  add(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    this.entries.set(key, times.slice(-this.limit), now);
  }
}
