import { StreamControl } from './control.ts';
import { levelKey } from './picture-level.ts';
import type { Level } from './picture-level.ts';
import { patchRegions } from './picture-update.ts';
import type { Patch } from './picture-update.ts';
import { SCREENSHOT_QUALITY, renderJpeg, renderRegionJpeg } from './render-frame.ts';
import type { Session } from './session.ts';
import type { FrameState, VirtualScreen } from './virtual-screen.ts';

// One phone's shared screen in the streaming service (API.md "Streaming"): its model, who may drive it, and its
// encoded pictures. A picture is encoded once per size and quality, whoever asks (phone-view sockets and live-grid
// watchers alike), and so is each update from one picture to the next (picture-update.ts). While one socket drives
// the phone, the others follow its pictures instead of encoding their own (`update`).

interface CachedFrame {
  key: string;
  jpeg: Promise<Buffer>;
}

/** What a socket sends next: the whole picture, or the regions changed since the picture it showed. */
export type PictureUpdate = { state: FrameState; whole: Buffer; patch?: never } | { state: FrameState; patch: Patch; whole?: never };

interface CachedUpdate {
  state: FrameState;
  update: Promise<PictureUpdate>;
  /** When the encode began, by the entry's wall clock. */
  startedAt: number;
}

/** A live-grid socket's watch of one phone (grid-session.ts): woken like a session whenever the picture changes. */
export interface GridWatcher {
  schedule(): void;
}

/** Input this recent makes its socket the phone's driver, whose pictures the other sockets follow. */
export const DRIVER_WINDOW_MS = 1000;
/** A follower takes the driver's newest picture if it began at most this many of the follower's frames ago. */
export const FOLLOW_FRAMES = 2;
/** Updates remembered per phone: one per picture a socket may still show, at each level in use. */
const MAX_CACHED_UPDATES = 32;

const cacheKeyOf = (width: number, height: number, quality: number) => `${width}x${height}@${quality}`;

export class PhoneEntry {
  readonly sessions = new Set<Session>();
  readonly control = new StreamControl(this.sessions);
  /** Live-grid watchers of this phone's thumbnail; the caches stay while any watcher or session is left. */
  readonly gridWatchers = new Set<GridWatcher>();
  /** Last encoded whole picture per output size and quality, shared by everyone asking for the same. */
  private readonly frames = new Map<string, CachedFrame>();
  /** The newest update from each shown picture at each level (`from>level`), shared by sockets showing the same. */
  private readonly updates = new Map<string, CachedUpdate>();
  private lastScreenshot: CachedFrame | null = null;
  private driver: { session: Session; at: number } | null = null;

  constructor(
    readonly model: VirtualScreen,
    /** The screen's clock, which pictures are drawn at. */
    private readonly clock: () => number,
    /** The clock that times driving and following: real time, whatever the screen's clock says (a test's turns by hand). */
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** A socket's input changed the picture: for the next second its pictures are the ones the others follow. */
  drivenBy(session: Session): void {
    this.driver = { session, at: this.wallClock() };
  }

  /**
   * The next picture for a socket that shows `from` (null: nothing usable, a whole picture is due) at `level`.
   * Sockets showing the same picture at the same level share one encode: of the current picture, or, for a socket
   * that is not the driver while another drives, of the driver's newest picture if it began at most two of this
   * socket's frames ago (a room of viewers costs one encode per picture, and the hand that moved sees it at once).
   */
  update(session: Session, from: FrameState | null, level: Level): Promise<PictureUpdate> {
    const now = this.model.frameState();
    const cacheKey = `${from?.key ?? 'whole'}>${levelKey(level)}`;
    const cached = this.updates.get(cacheKey);
    if (cached && (cached.state.key === now.key || this.follows(session, cached))) return cached.update;
    const update = this.encodeUpdate(from, now, level);
    this.updates.delete(cacheKey);
    this.updates.set(cacheKey, { state: now, update, startedAt: this.wallClock() });
    if (this.updates.size > MAX_CACHED_UPDATES) this.updates.delete(this.updates.keys().next().value!);
    // A failed encode is not kept: the next socket asking tries again.
    update.catch(() => {
      if (this.updates.get(cacheKey)?.update === update) this.updates.delete(cacheKey);
    });
    // Followers that already showed the driver's previous picture wait for this one (see `follows`).
    if (this.activeDriver()) for (const other of this.sessions) other.schedule();
    return update;
  }

  private follows(session: Session, cached: CachedUpdate): boolean {
    const driver = this.activeDriver();
    if (!driver || driver.session === session) return false;
    return this.wallClock() - cached.startedAt <= (FOLLOW_FRAMES * 1000) / session.definition.fps;
  }

  private encodeUpdate(from: FrameState | null, state: FrameState, level: Level): Promise<PictureUpdate> {
    const rects = from ? this.model.damageSince(from) : null;
    const regions = rects && patchRegions(rects, level.width, level.height);
    if (!regions) return this.frameAt(level.width, level.height, level.quality, state.key).then((whole) => ({ state, whole }));
    const at = this.clock();
    const parts = regions.map((region) =>
      renderRegionJpeg(this.model, level.width, level.height, region, level.quality, at).then((jpeg) => ({ x: region.x, y: region.y, jpeg })),
    );
    return Promise.all(parts).then((done) => ({ state, patch: { width: level.width, height: level.height, parts: done } }));
  }

  /**
   * The whole picture at any size and quality (the live grid's thumbnails too), encoded once per picture: a grid
   * and a phone-view asking for the same size share an encode.
   */
  frameAt(width: number, height: number, quality: number, frameKey: string): Promise<Buffer> {
    const cacheKey = cacheKeyOf(width, height, quality);
    const cached = this.frames.get(cacheKey);
    if (cached && cached.key === frameKey) return cached.jpeg;
    const jpeg = renderJpeg(this.model, width, height, quality, this.clock());
    this.frames.set(cacheKey, { key: frameKey, jpeg });
    jpeg.catch(() => {
      if (this.frames.get(cacheKey)?.jpeg === jpeg) this.frames.delete(cacheKey);
    });
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
    return driver && this.wallClock() - driver.at <= DRIVER_WINDOW_MS && this.sessions.has(driver.session) ? driver : null;
  }

  private dropCachesIfUnwatched(): void {
    if (this.sessions.size === 0 && this.gridWatchers.size === 0) {
      this.frames.clear();
      this.updates.clear();
      this.lastScreenshot = null;
    }
  }
}
