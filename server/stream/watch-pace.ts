// How often one live-grid socket may change what it watches (API.md "Live grid"). Each change makes every phone newly
// in the set send its picture at once, so a socket toggling its set keeps the encoders and the link busy for nothing.
// The app's grid sends a change only once the view has stayed still for 150 ms after a scroll (virtual-grid.tsx), and
// not at all when the set on screen did not change: a person flicking through a list of 1,000 phones sends one or two
// a second, and a burst of a few in a row at most.

/** Changes a socket may make at once, as from a full bucket: ten scroll stops in a row are never held. */
export const WATCH_BURST = 10;
/** Changes a second the bucket refills with: a change every half second, for ever, is never held. */
export const WATCHES_PER_SECOND = 2;

export interface WatchPaceOptions {
  burst?: number;
  perSecond?: number;
  /**
   * The clock the bucket refills by, in ms: monotonic by default (performance.now), so setting the wall clock back
   * cannot stop the refills. Any clock still applies a held change in time (see offer).
   */
  clock?: () => number;
}

/**
 * A token bucket of `burst` watch changes, refilled at `perSecond`. A change past it is not refused but held, and a
 * later one replaces it; the held change is applied as soon as a token is due. So the socket always ends up watching
 * the set it named last, its client never has to know about the pace, and a flood costs one change per token.
 * The wait is timed by the timer, not the clock: when it ends, the token it waited for is due, so a held change is
 * applied within 1 / perSecond whatever the clock says (set back, or standing still as a fake one may).
 */
export class WatchPace {
  private readonly burst: number;
  private readonly perSecond: number;
  private tokens: number;
  private refilledAt: number;
  private held: number[] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly clock: () => number;

  constructor(
    private readonly apply: (ids: number[]) => void,
    options: WatchPaceOptions = {},
  ) {
    this.burst = options.burst ?? WATCH_BURST;
    this.perSecond = options.perSecond ?? WATCHES_PER_SECOND;
    this.clock = options.clock ?? (() => performance.now());
    this.tokens = this.burst;
    this.refilledAt = this.clock();
  }

  /** A watch change: applied now if a token is left, else held until one is due. */
  offer(ids: number[]): void {
    // A change is already waiting for its token: this one takes its place, and keeps its turn.
    if (this.timer) {
      this.held = ids;
      return;
    }
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return this.apply(ids);
    }
    this.held = ids;
    const waitMs = Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond));
    this.timer = setTimeout(() => {
      this.timer = null;
      const next = this.held;
      this.held = null;
      this.refill();
      // The timer waited for this token: it is taken even if the clock has not moved on as far.
      this.tokens = Math.max(0, this.tokens - 1);
      if (next) this.apply(next);
    }, waitMs);
  }

  /** The socket closed: a held change is dropped. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = null;
  }

  private refill(): void {
    const at = this.clock();
    // A clock set back is taken as the new start: refills go on from there instead of waiting to pass the old time.
    if (at > this.refilledAt) {
      this.tokens = Math.min(this.burst, this.tokens + ((at - this.refilledAt) * this.perSecond) / 1000);
    }
    this.refilledAt = at;
  }
}
