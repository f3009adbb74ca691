import { createHash } from 'node:crypto';
import { addEvent, addFailures, beginAttempt, clearFailures, endAttempt, failureRow, nthLatestEvent } from '../data/throttles.ts';
import type { FailureRow } from '../data/throttles.ts';
import type { Db } from './types.ts';
import { MINUTE_MS, SECOND_MS } from '../../shared/contract/time-units.ts';

// The counters behind the throttles (throttles.ts, API.md "Throttling"), kept in the database (data/throttles.ts) so
// every instance on it counts against one allowance. Losing them (an unlogged table after a crash) only ever lets
// someone try again sooner. Every method takes the time, so tests drive the server's clock (deps.now) and nothing
// waits for real; the rows a count no longer needs are deleted by the sweep (app.ts).

/** The first delay after the free failures; each further failure doubles it, up to the lock. */
export const FIRST_DELAY_MS = 2 * SECOND_MS;
/** Keys held per throttle (and accounts with known devices): enough for every client of a busy server. */
export const DEFAULT_MAX_KEYS = 100_000;
/** Longer keys (a client's fingerprint header is its own word) are held as their hash, so a row stays small. */
export const MAX_KEY_LENGTH = 200;

/** The key as stored: itself, or its SHA-256 when longer than MAX_KEY_LENGTH (distinct keys stay distinct). */
export function storedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `sha256 ${createHash('sha256').update(key).digest('hex')}`;
}

export interface FailurePolicy {
  /** The failure that locks the key for `lockMs`; the first half of the allowance (rounded down) waits nothing. */
  maxFailures: number;
  lockMs: number;
  /** Failures are forgotten once the key has had none for this long (at least `lockMs`). */
  windowMs: number;
}

/** What a refusal says while the outcome of attempts in flight is unknown: they settle in well under a second. */
const IN_FLIGHT_WAIT_MS = SECOND_MS;
/** An attempt not settled by then was lost with its process (a crash, a restart): it is no longer counted. */
export const IN_FLIGHT_EXPIRY_MS = MINUTE_MS;

/** A key's count as read: failures and attempts in flight that still count at that moment. */
export interface FailureState {
  failures: number;
  lastFailureAt: number;
  pending: number;
}

/**
 * Failed guesses per key (an account, an address) with growing delays and a temporary lock: failures up to half of
 * `maxFailures` are free, each further one makes the key wait FIRST_DELAY_MS doubled per failure (never more than
 * the lock), and failure number `maxFailures` locks it for `lockMs`. The count lasts `windowMs` after the last
 * failure, so once a lock ends the next failure locks again: a patient guesser gets one try per lock.
 */
export class FailureThrottle {
  private readonly freeFailures: number;

  /** `name` tells this throttle's rows from the others' (each throttle of createThrottles has its own). */
  constructor(
    readonly name: string,
    private readonly policy: FailurePolicy,
  ) {
    this.freeFailures = Math.floor(policy.maxFailures / 2);
  }

  /** The wait a key has after `failures` failures, counted from the last one. */
  delayAfter(failures: number): number {
    const { maxFailures, lockMs } = this.policy;
    if (failures >= maxFailures) return lockMs;
    if (failures <= this.freeFailures) return 0;
    return Math.min(lockMs, FIRST_DELAY_MS * 2 ** (failures - this.freeFailures - 1));
  }

  /** The row as it counts at `now`: failures past the window forgotten, attempts in flight too long dropped. */
  private state(row: FailureRow | undefined, now: number): FailureState | undefined {
    if (!row) return undefined;
    const remembered = row.failures > 0 && now - row.last_failure_at < this.policy.windowMs;
    const pending = now - row.pending_at < IN_FLIGHT_EXPIRY_MS ? row.pending : 0;
    return { failures: remembered ? row.failures : 0, lastFailureAt: row.last_failure_at, pending };
  }

  /**
   * How long a key in `state` must wait before it may try again; 0 when it may try now. Attempts still in flight are
   * counted as if they will fail: a burst of simultaneous guesses gets no more tries than the same guesses one by one.
   */
  waitOf(state: FailureState | undefined, now: number): number {
    if (!state) return 0;
    // No delay due is no wait, and a wait is never longer than its delay: the last failure may be stamped a moment
    // after `now` (a concurrent attempt settled meanwhile, or another instance's clock runs ahead).
    const delay = this.delayAfter(state.failures);
    const wait = delay > 0 ? Math.min(delay, state.lastFailureAt + delay - now) : 0;
    if (wait > 0) return wait;
    return state.pending > 0 && this.delayAfter(state.failures + state.pending) > 0 ? IN_FLIGHT_WAIT_MS : 0;
  }

  async waitMs(db: Db, key: string, now: number): Promise<number> {
    return this.waitOf(this.state(await failureRow(db, this.name, storedKey(key)), now), now);
  }

  /** Whether the key has used up its failures and waits out the whole lock. */
  async locked(db: Db, key: string, now: number): Promise<boolean> {
    const state = this.state(await failureRow(db, this.name, storedKey(key)), now);
    return Boolean(state && state.failures >= this.policy.maxFailures && this.waitOf(state, now) > 0);
  }

  /**
   * Counts an attempt in flight, whose outcome comes later (`settle`), and answers the wait the key had before it:
   * when it is not 0 the caller withdraws the attempt (`settle` without a failure) and refuses. Counting first and
   * deciding on what the count was makes simultaneous attempts see one another, as one atomic write each.
   */
  async begin(db: Db, key: string, now: number): Promise<number> {
    const row = await beginAttempt(db, this.name, storedKey(key), now, now - IN_FLIGHT_EXPIRY_MS, now + IN_FLIGHT_EXPIRY_MS);
    return this.waitOf(this.state({ ...row, pending: row.pending - 1 }, now), now);
  }

  async settle(db: Db, key: string, now: number, failed: boolean): Promise<void> {
    await endAttempt(db, this.name, storedKey(key));
    if (failed) await this.fail(db, key, now);
  }

  /** Counts `count` failed guesses of the key (an activation call may try many codes at once). */
  async fail(db: Db, key: string, now: number, count = 1): Promise<void> {
    if (count <= 0) return;
    const { windowMs } = this.policy;
    await addFailures(db, this.name, storedKey(key), count, now, now - windowMs, now + windowMs);
  }

  /** Forgets the key's failures (a successful login ends the account's count); attempts in flight stay counted. */
  async reset(db: Db, key: string): Promise<void> {
    await clearFailures(db, this.name, storedKey(key));
  }
}

/**
 * Events per key in a sliding window (guest trials per address, per device): at most `limit` in any `windowMs`.
 * Only the events of the last window are kept, and the admissions never let more than `limit` in, so a key holds at
 * most `limit` rows. Read the wait and add in one transaction, so two instances cannot both take the last one.
 */
export class WindowCounter {
  constructor(
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** How long until the key may have another event; 0 when it may now. */
  async waitMs(db: Db, key: string, now: number): Promise<number> {
    const oldest = await nthLatestEvent(db, this.name, storedKey(key), now - this.windowMs, this.limit);
    return oldest === undefined ? 0 : oldest + this.windowMs - now;
  }

  async add(db: Db, key: string, now: number): Promise<void> {
    await addEvent(db, this.name, storedKey(key), now, now + this.windowMs);
  }
}
