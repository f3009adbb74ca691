import { WebSocket } from 'ws';
import { STREAM_MESSAGES } from '../lib/errors.ts';
import type { StreamRole } from '../data/phone-tokens.ts';
import { StreamControl } from './control.ts';
import type { Viewer } from './control.ts';
import { CONTROL_MESSAGES, DEFAULT_DEFINITION, FRAME_KIND, binaryMessage, isValidDefinition } from './protocol.ts';
import type { ClientMessage, Definition, ServerMessage } from './protocol.ts';
import { SCREENSHOT_QUALITY, qualityForBitrate, renderJpeg } from './render-frame.ts';
import type { VirtualScreen } from './virtual-screen.ts';

// One phone's shared screen (PhoneEntry) and one viewer's socket (Session) of the streaming service
// (stream-server.ts, API.md "Streaming"). A session sends a frame only when the picture changed (model
// version, clock minute, ripple) and at most `fps` times a second, and skips frames while the socket's send buffer is
// full. Frames are encoded off the event loop (render-frame.ts), once per picture, size and quality: viewers asking
// for the same one while it encodes share that encode.

export interface SessionOptions {
  highWaterMark: number;
  clock: () => number;
  logError: (line: string) => void;
  /** False when this socket or its user asked for too many screenshots lately (stream-server.ts). */
  screenshotAllowed: (session: Session) => boolean;
}

interface CachedFrame {
  key: string;
  jpeg: Promise<Buffer>;
}

/** A view-only socket sending input is told so at most this often; the rest is dropped quietly. */
const REFUSAL_INTERVAL_MS = 1000;

/** A live-grid socket's watch of one phone (grid-session.ts): woken like a session whenever the picture changes. */
export interface GridWatcher {
  schedule(): void;
}

export class PhoneEntry {
  readonly sessions = new Set<Session>();
  readonly control = new StreamControl(this.sessions);
  /** Live-grid watchers of this phone's thumbnail; the caches stay while any watcher or session is left. */
  readonly gridWatchers = new Set<GridWatcher>();
  /** Last encoded frame per output size and quality, shared by viewers asking for the same. */
  private readonly frames = new Map<string, CachedFrame>();
  private lastScreenshot: CachedFrame | null = null;

  constructor(
    readonly model: VirtualScreen,
    private readonly clock: () => number,
  ) {}

  frame(def: Definition, frameKey: string): Promise<Buffer> {
    const quality = qualityForBitrate(def.bitrate);
    const cacheKey = `${def.width}x${def.height}@${quality}`;
    const cached = this.frames.get(cacheKey);
    if (cached && cached.key === frameKey) return cached.jpeg;
    const jpeg = renderJpeg(this.model, def.width, def.height, quality, this.clock());
    this.frames.set(cacheKey, { key: frameKey, jpeg });
    // A failed encode is not kept: the next viewer asking tries again.
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

  /**
   * The picture at any size and quality (the live grid's thumbnails), encoded once per picture and shared in the
   * same cache as `frame`: a grid and a phone-view asking for the same size share an encode too.
   */
  frameAt(width: number, height: number, quality: number, frameKey: string): Promise<Buffer> {
    const cacheKey = `${width}x${height}@${quality}`;
    const cached = this.frames.get(cacheKey);
    if (cached && cached.key === frameKey) return cached.jpeg;
    const jpeg = renderJpeg(this.model, width, height, quality, this.clock());
    this.frames.set(cacheKey, { key: frameKey, jpeg });
    jpeg.catch(() => {
      if (this.frames.get(cacheKey)?.jpeg === jpeg) this.frames.delete(cacheKey);
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
    if (this.sessions.size === 0 && this.gridWatchers.size === 0) {
      this.frames.clear();
      this.lastScreenshot = null;
    }
  }

  release(session: Session): void {
    if (!this.sessions.delete(session)) return;
    this.control.left(session);
    if (this.sessions.size === 0 && this.gridWatchers.size === 0) {
      this.frames.clear();
      this.lastScreenshot = null;
    }
  }
}

export class Session implements Viewer {
  definition: Definition = { ...DEFAULT_DEFINITION };
  alive = true;
  permission: 'view' | 'control';
  toldControl: boolean | null = null;
  /** Owners hear of others only once there are any (see control.ts). */
  toldAudience = '0/0';
  private lastRefusalAt = -Infinity;
  private lastKey = '';
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private closed = false;
  /** A frame is being encoded for this socket: changes meanwhile are looked at once it is sent. */
  private encoding = false;

  constructor(
    readonly socket: WebSocket,
    readonly phoneId: number,
    readonly entry: PhoneEntry,
    /** What opened the socket: re-checked whenever sessions may have been revoked (stream-server.ts). */
    readonly grant: { tokenHash: string; userId: number; role: StreamRole; permission: 'view' | 'control' },
    private readonly options: SessionOptions,
  ) {
    this.permission = grant.permission;
  }

  get role(): StreamRole {
    return this.grant.role;
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Pushes a frame as soon as the fps cap allows, if the picture changed by then. */
  schedule(): void {
    if (this.closed || this.timer || this.encoding) return;
    const interval = 1000 / this.definition.fps;
    const delay = Math.max(0, this.lastSentAt + interval - Date.now());
    this.timer = setTimeout(() => void this.pump(), delay);
  }

  private async pump(): Promise<void> {
    this.timer = null;
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    const def = this.definition;
    if (this.socket.bufferedAmount > this.options.highWaterMark) {
      // The client or the network is behind: skip this frame and look again one frame later.
      this.timer = setTimeout(() => void this.pump(), 1000 / def.fps);
      return;
    }
    const model = this.entry.model;
    const frameKey = model.frameKey();
    const key = this.pictureKey(frameKey);
    if (key === this.lastKey) return;
    this.encoding = true;
    let jpeg: Buffer;
    try {
      jpeg = await this.entry.frame(def, frameKey);
    } catch (error) {
      this.options.logError(`[stream] render failed: ${(error as Error).stack ?? String(error)}`);
      return;
    } finally {
      this.encoding = false;
    }
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(binaryMessage(FRAME_KIND.frame, jpeg));
    this.lastKey = key;
    this.lastSentAt = Date.now();
    // Input (or a new definition) that arrived while this frame encoded is shown by the next one, as soon as the fps
    // cap allows.
    if (this.pictureKey(model.frameKey()) !== key) this.schedule();
    // The touch dot fades without input: look again when it is due.
    const next = model.nextChangeAt();
    if (next !== null) {
      if (this.wake) clearTimeout(this.wake);
      this.wake = setTimeout(() => {
        this.wake = null;
        this.schedule();
      }, next - this.options.clock() + 1);
    }
  }

  /** What this socket's next frame would show: the model's picture at this socket's size and bitrate. */
  private pictureKey(frameKey: string): string {
    const def = this.definition;
    return `${frameKey}|${def.width}x${def.height}|${def.bitrate}`;
  }

  /** Forces the next frame even if nothing changed (a new definition). */
  invalidate(): void {
    this.lastKey = '';
    this.schedule();
  }

  handle(message: ClientMessage): void {
    const model = this.entry.model;
    // Enforced here, whatever the page shows: a watching socket cannot drive the phone or read its clipboard.
    if (CONTROL_MESSAGES.has(message.type) && !this.entry.control.allows(this)) {
      const at = Date.now();
      if (at - this.lastRefusalAt >= REFUSAL_INTERVAL_MS) {
        this.lastRefusalAt = at;
        this.send({ type: 'error', msg: STREAM_MESSAGES.viewOnly });
      }
      return;
    }
    switch (message.type) {
      case 'touch':
        model.touch(message.action, message.pointers);
        this.entry.changed();
        return;
      case 'key':
        if (message.key === 'backspace') {
          // Unlike navigation, backspace on an empty field changes nothing, so no frame is due.
          if (model.deleteBackward()) this.entry.changed();
          return;
        }
        model.key(message.key);
        this.entry.changed();
        return;
      case 'text':
        if (model.text(message.text)) this.entry.changed();
        return;
      case 'paste':
        if (model.paste()) this.entry.changed();
        return;
      case 'clipboard.set':
        model.setClipboard(message.text);
        return;
      case 'clipboard.get':
        this.send({ type: 'clipboard', text: model.getClipboard() });
        return;
      case 'definition': {
        const { type: _type, ...def } = message;
        if (!isValidDefinition(def)) {
          this.send({ type: 'definition', ok: false, msg: STREAM_MESSAGES.definitionFailed });
          return;
        }
        this.definition = def;
        this.send({ type: 'definition', ok: true, ...def });
        this.invalidate();
        return;
      }
      case 'screenshot': {
        if (!this.options.screenshotAllowed(this)) {
          this.send({ type: 'error', msg: STREAM_MESSAGES.screenshotTooFrequent });
          return;
        }
        this.entry.screenshot().then(
          (jpeg) => {
            if (this.socket.readyState === WebSocket.OPEN) this.socket.send(binaryMessage(FRAME_KIND.screenshot, jpeg));
          },
          (error: unknown) => {
            this.options.logError(`[stream] screenshot failed: ${(error as Error).stack ?? String(error)}`);
            this.send({ type: 'error', msg: STREAM_MESSAGES.screenshotFailed });
          },
        );
        return;
      }
      case 'control.take':
        if (this.role !== 'owner') return this.send({ type: 'error', msg: STREAM_MESSAGES.ownerOnly });
        this.entry.control.take();
        return;
      case 'ping':
        this.send({ type: 'pong', t: message.t });
        return;
    }
  }

  dispose(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.wake) clearTimeout(this.wake);
    this.timer = this.wake = null;
    this.entry.release(this);
  }
}
