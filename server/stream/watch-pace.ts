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
  /** The clock the bucket refills by (the stream's screen clock). */
  clock: () => number;
}

/**
 * A token bucket of `burst` watch changes, refilled at `perSecond`. A change past it is not refused but held, and a
 * later one replaces it; the held change is applied as soon as a token is due. So the socket always ends up watching
 * the set it named last, its client never has to know about the pace, and a flood costs one change per token.
 */
export class WatchPace {
  private readonly burst: number;
  private readonly perSecond: number;
  private tokens: number;
  private refilledAt: number;
  private held: number[] | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly apply: (ids: number[]) => void,
    private readonly options: WatchPaceOptions,
  ) {
    this.burst = options.burst ?? WATCH_BURST;
    this.perSecond = options.perSecond ?? WATCHES_PER_SECOND;
    this.tokens = this.burst;
    this.refilledAt = options.clock();
  }

  /** A watch change: applied now if a token is left, else held until one is due. */
  offer(ids: number[]): void {
    // A change is already waiting for its token: this one takes its place, and keeps its turn.
    if (this.timer) {
      this.held = ids;
      return;
    }
    if (this.take()) return this.apply(ids);
    this.held = ids;
    const waitMs = Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond));
    this.timer = setTimeout(() => {
      this.timer = null;
      const next = this.held;
      this.held = null;
      if (next) this.offer(next);
    }, waitMs);
  }

  /** The socket closed: a held change is dropped. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = null;
  }

  private take(): boolean {
    const at = this.options.clock();
    // A clock set back refills nothing until it is past the last refill again.
    if (at > this.refilledAt) {
      this.tokens = Math.min(this.burst, this.tokens + ((at - this.refilledAt) * this.perSecond) / 1000);
      this.refilledAt = at;
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
