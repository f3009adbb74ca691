import { HELLO_SEQ, MIN_IN_FLIGHT } from '../../shared/contract/stream-protocol.ts';

// What a socket's acknowledgements tell about its link (stream-protocol.ts "Self-clocking"): the pictures still
// unacknowledged, the round trip, and the throughput. The socket sends while `canSend` holds, so it never queues
// more than the link carries: `ws` and the kernel would buffer megabytes, which on a slow link is many seconds of
// old pictures between the user's finger and the screen. Shared by the phone stream and the live grid.

/** Pictures in flight at most, however long the link. */
const MAX_IN_FLIGHT = 8;
/**
 * Beyond two pictures in flight, one more for each this many ms of round trip: two pictures a round trip give 8 a
 * second up to a 250 ms round trip; a 400 ms one (slow 3G) gets 5, which keeps 10 a second coming. A busy phone's
 * late acknowledgements on a short link (round trips under 100 ms) never open the window beyond two.
 */
const MS_PER_EXTRA_PICTURE = 100;
/**
 * Bytes that may always be in flight, whatever the estimate: about one whole picture. While the pictures are small
 * patches the link is far from full, and its acknowledgements then measure how fast pictures are made, not what the
 * link carries; a cap at that estimate would hold the pictures to the rate they already have.
 */
const FREE_BYTES = 16 * 1024;
/** Throughput is measured over the last this many acknowledgements. */
const SAMPLES = 16;
/** The round trip is the least of the last this many (pictures that queued behind others arrive later). */
const RTT_SAMPLES = 16;

interface Sent {
  seq: number;
  bytes: number;
  at: number;
}

export class LinkEstimate {
  private readonly inFlight: Sent[] = [];
  private unackedBytes = 0;
  private lastAckAt = -Infinity;
  private helloAt: number | null = null;
  private readonly rtts: number[] = [];
  private readonly samples: Array<{ bytes: number; ms: number }> = [];

  /** The hello went out: its acknowledgement (sequence 0, a few bytes each way) measures the round trip alone. */
  helloSent(at: number): void {
    this.helloAt = at;
  }

  sent(seq: number, bytes: number, at: number): void {
    this.inFlight.push({ seq, bytes, at });
    this.unackedBytes += bytes;
  }

  /**
   * Pictures up to `seq` arrived (cumulative); false when that acknowledges nothing new. `held`: ms the client says it
   * held the last of them before acknowledging; the link delivered it that much earlier (never before it was sent).
   */
  acked(seq: number, ackAt: number, held = 0): boolean {
    if (seq === HELLO_SEQ) {
      if (this.helloAt === null) return false;
      this.addRtt(ackAt - held - this.helloAt);
      this.helloAt = null;
      return true;
    }
    let first: Sent | undefined;
    let last: Sent | undefined;
    let bytes = 0;
    while (this.inFlight.length && this.inFlight[0]!.seq <= seq) {
      last = this.inFlight.shift()!;
      first ??= last;
      bytes += last.bytes;
    }
    if (!first || !last) return false;
    const at = Math.max(last.at, ackAt - held);
    this.unackedBytes -= bytes;
    this.addRtt(at - last.at);
    // Sent onto an idle link: the time beyond one round trip is the transfer. Sent behind an earlier picture: the
    // transfer began when that one's acknowledgement came.
    const idle = first.at >= this.lastAckAt;
    const start = idle ? first.at + (this.rttMs() ?? 0) : this.lastAckAt;
    this.samples.push({ bytes, ms: Math.max(1, at - start) });
    if (this.samples.length > SAMPLES) this.samples.shift();
    this.lastAckAt = at;
    return true;
  }

  /** The least recent round trip, ms; null before any acknowledgement. */
  rttMs(): number | null {
    return this.rtts.length ? Math.min(...this.rtts) : null;
  }

  /** Bytes a second the link delivered over the recent acknowledgements; null before any picture's. */
  bytesPerSecond(): number | null {
    if (!this.samples.length) return null;
    let bytes = 0;
    let ms = 0;
    for (const sample of this.samples) {
      bytes += sample.bytes;
      ms += sample.ms;
    }
    return (bytes * 1000) / ms;
  }

  unacknowledged(): { pictures: number; bytes: number } {
    return { pictures: this.inFlight.length, bytes: this.unackedBytes };
  }

  /**
   * Whether one more picture may go out: always while fewer than two are unacknowledged; beyond that, only on a
   * long link (MS_PER_EXTRA_PICTURE), and only while the bytes in flight stay under what the link carries in one
   * round trip (so they are on their way, not queued), or under about one picture (FREE_BYTES).
   */
  canSend(): boolean {
    const pictures = this.inFlight.length;
    if (pictures < MIN_IN_FLIGHT) return true;
    const rtt = this.rttMs();
    const rate = this.bytesPerSecond();
    if (rtt === null || rate === null) return false;
    const most = Math.min(MAX_IN_FLIGHT, 1 + Math.ceil(rtt / MS_PER_EXTRA_PICTURE));
    return pictures < most && this.unackedBytes < Math.max(FREE_BYTES, (rate * rtt) / 1000);
  }

  private addRtt(ms: number): void {
    this.rtts.push(Math.max(0, ms));
    if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
  }
}

/**
 * Keeps a socket's average under a bitrate (a quality level's ceiling): a bucket of bytes that refills at the rate
 * and holds a quarter second of it, so a whole picture goes out at once and a burst of them is spread out.
 */
export class Pacer {
  private tokens = 0;
  private at = -Infinity;
  private rate = 1;
  private burst = 0;

  constructor(kbps: number) {
    this.setKbps(kbps);
  }

  setKbps(kbps: number): void {
    this.rate = (kbps * 1000) / 8;
    this.burst = this.rate / 4;
    this.tokens = this.burst;
  }

  /** How long before the next picture may go out, ms. */
  waitMs(now: number): number {
    this.refill(now);
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens * 1000) / this.rate);
  }

  spend(bytes: number, now: number): void {
    this.refill(now);
    this.tokens -= bytes;
  }

  private refill(now: number): void {
    if (this.at !== -Infinity) this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.rate) / 1000);
    this.at = now;
  }
}
