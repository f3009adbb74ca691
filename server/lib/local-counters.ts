import { DEFAULT_MAX_KEYS } from './rate-limit.ts';

// Counters kept in this process's memory, for what only this process pays for: the stream's screenshot encodes per
// socket and per holder (stream/screenshot-limits.ts). What a deployment allows as a whole is counted in the database
// (rate-limit.ts). Every method takes the time, so tests drive the clock.

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

/**
 * Events per key in a sliding window: at most `limit` in any `windowMs`.
 * Each key keeps the times of its events in the window, so its memory is bounded by `limit`.
 */
export class LocalWindowCounter {
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
