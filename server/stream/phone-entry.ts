import { StreamControl } from './control.ts';
import type { Definition } from '../../src/contract/stream-protocol.ts';
import { SCREENSHOT_QUALITY, qualityForBitrate, renderJpeg } from './render-frame.ts';
import type { Session } from './session.ts';
import type { VirtualScreen } from './virtual-screen.ts';

// One phone's shared screen in the streaming service (API.md "Streaming"): its model, who may drive it, and its
// encoded pictures. A picture is encoded once per size and quality, whoever asks (phone-view sockets and live-grid
// watchers alike). While one socket drives the phone, the others follow its pictures instead of encoding their own
// (`followed`): a room of viewers costs one encode per frame, and the hand that moved sees its move at once.

interface CachedFrame {
  key: string;
  jpeg: Promise<Buffer>;
  /** Date.now() when the encode began. */
  startedAt: number;
}

/** A live-grid socket's watch of one phone (grid-session.ts): woken like a session whenever the picture changes. */
export interface GridWatcher {
  schedule(): void;
}

/** Input this recent makes its socket the phone's driver, whose pictures the other sockets follow. */
export const DRIVER_WINDOW_MS = 1000;
/** A follower takes the driver's newest picture if it began at most this many of the follower's frames ago. */
const FOLLOW_FRAMES = 2;

const cacheKeyOf = (width: number, height: number, quality: number) => `${width}x${height}@${quality}`;

export class PhoneEntry {
  readonly sessions = new Set<Session>();
  readonly control = new StreamControl(this.sessions);
  /** Live-grid watchers of this phone's thumbnail; the caches stay while any watcher or session is left. */
  readonly gridWatchers = new Set<GridWatcher>();
  /** Last encoded frame per output size and quality, shared by viewers asking for the same. */
  private readonly frames = new Map<string, CachedFrame>();
  private lastScreenshot: Omit<CachedFrame, 'startedAt'> | null = null;
  private driver: { session: Session; at: number } | null = null;

  constructor(
    readonly model: VirtualScreen,
    private readonly clock: () => number,
  ) {}

  /** A socket's input changed the picture: for the next second its frames are the ones the others follow. */
  drivenBy(session: Session): void {
    this.driver = { session, at: Date.now() };
  }

  /**
   * For a socket that is not the driver while another drives at the same size and quality: the driver's newest
   * picture, if it began at most two of this socket's frames ago. Null: the socket encodes the current picture.
   */
  followed(session: Session): Omit<CachedFrame, 'startedAt'> | null {
    const driver = this.activeDriver();
    if (!driver || driver.session === session) return null;
    const key = this.cacheKey(session.definition);
    if (this.cacheKey(driver.session.definition) !== key) return null;
    const cached = this.frames.get(key);
    const maxAge = (FOLLOW_FRAMES * 1000) / session.definition.fps;
    return cached && Date.now() - cached.startedAt <= maxAge ? cached : null;
  }

  /** The current picture at a socket's definition, encoded once however many sockets ask for it. */
  frame(def: Definition, frameKey: string): Promise<Buffer> {
    return this.frameAt(def.width, def.height, qualityForBitrate(def.bitrate), frameKey);
  }

  /**
   * The picture at any size and quality (the live grid's thumbnails too), encoded once per picture: a grid and a
   * phone-view asking for the same size share an encode.
   */
  frameAt(width: number, height: number, quality: number, frameKey: string): Promise<Buffer> {
    const cacheKey = cacheKeyOf(width, height, quality);
    const cached = this.frames.get(cacheKey);
    if (cached && cached.key === frameKey) return cached.jpeg;
    const jpeg = renderJpeg(this.model, width, height, quality, this.clock());
    this.frames.set(cacheKey, { key: frameKey, jpeg, startedAt: Date.now() });
    // A failed encode is not kept: the next viewer asking tries again.
    jpeg.catch(() => {
      if (this.frames.get(cacheKey)?.jpeg === jpeg) this.frames.delete(cacheKey);
    });
    // Followers that already showed the driver's previous picture wait for this one (see `followed`).
    if (this.activeDriver()) for (const session of this.sessions) session.schedule();
    return jpeg;
  }

  /**
   * The full-resolution screenshot of the current picture, encoded once however many viewers ask for it while
   * the picture stays the same.
   */
  screenshot(): Promise<Buffer> {
    const key = this.model.frameKey();
    if (this.lastScreenshot?.key === key) return this.lastScreenshot.jpeg;
    const jpeg = renderJpeg(this.model, this.model.width, this.model.height, SCREENSHOT_QUALITY, this.clock());
    const entry = { key, jpeg };
    this.lastScreenshot = entry;
    jpeg.catch(() => {
      if (this.lastScreenshot === entry) this.lastScreenshot = null;
    });
    return jpeg;
  }

  changed(): void {
    for (const session of this.sessions) session.schedule();
    for (const watcher of this.gridWatchers) watcher.schedule();
  }

  /** A grid watcher leaves: like `release`, the caches go with the last one watching. */
  unwatch(watcher: GridWatcher): void {
    this.gridWatchers.delete(watcher);
    this.dropCachesIfUnwatched();
  }

  release(session: Session): void {
    if (!this.sessions.delete(session)) return;
    if (this.driver?.session === session) this.driver = null;
    this.control.left(session);
    this.dropCachesIfUnwatched();
  }

  /** The socket driving now: input within the last DRIVER_WINDOW_MS, still connected. */
  private activeDriver(): { session: Session; at: number } | null {
    const driver = this.driver;
    return driver && Date.now() - driver.at <= DRIVER_WINDOW_MS && this.sessions.has(driver.session) ? driver : null;
  }

  private cacheKey(def: Definition): string {
    return cacheKeyOf(def.width, def.height, qualityForBitrate(def.bitrate));
  }

  private dropCachesIfUnwatched(): void {
    if (this.sessions.size === 0 && this.gridWatchers.size === 0) {
      this.frames.clear();
      this.lastScreenshot = null;
    }
  }
}
