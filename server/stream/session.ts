import { WebSocket } from 'ws';
import { SCREENSHOT_KIND, STREAM_MESSAGES } from '../../shared/contract/stream-protocol.ts';
import { DEFAULT_DEFINITION } from '../../shared/contract/stream-quality.ts';
import type { Definition, StreamRole, StreamServerMessage } from '../../shared/contract/stream-protocol.ts';
import type { StreamMessageRead } from '../../shared/contract/stream-messages.ts';
import type { Viewer } from './control.ts';
import { LinkEstimate, Pacer } from './link-estimate.ts';
import type { PhoneEntry, PictureUpdate } from './phone-entry.ts';
import { autoLevel, fixedLevel, levelKey } from './picture-level.ts';
import type { Level } from './picture-level.ts';
import { frameMessage, patchMessage } from './picture-update.ts';
import { CONTROL_MESSAGES, binaryMessage, isValidDefinition } from './protocol.ts';
import type { FrameState } from './virtual-screen.ts';

// One viewer's socket (Session) on a phone's shared screen (phone-entry.ts) of the streaming service
// (stream-server.ts, API.md "Streaming"). A session sends a picture only when it changed (model version, clock
// minute, touch dot), at most `fps` times a second, under its bitrate (Pacer), and only while the client's
// acknowledgements say the link has room (LinkEstimate): a slow link gets fewer pictures, never a queue of old ones.
// A picture is the regions changed since the one the client shows, or a whole one (picture-update.ts), encoded off
// the event loop once for every socket showing the same (PhoneEntry.update).

export interface SessionOptions {
  clock: () => number;
  logError: (line: string) => void;
  /** False when this socket or its user asked for too many screenshots lately (stream-server.ts). */
  screenshotAllowed: (session: Session) => boolean;
}

/** What opened a socket: re-checked whenever sessions may have been revoked (access-recheck.ts). */
export interface StreamGrant {
  tokenHash: string;
  userId: number;
  role: StreamRole;
  permission: 'view' | 'control';
  /** Opened by a share viewer's key rather than a security token. */
  byViewerKey?: boolean;
}

/** A view-only socket sending input is told so at most this often; the rest is dropped quietly. */
const REFUSAL_INTERVAL_MS = 1000;
/** Input that changes the picture: its sender becomes the phone's driver, whose pictures the others follow. */
const DRIVING_MESSAGES: ReadonlySet<StreamMessageRead['type']> = new Set(['touch', 'key', 'text', 'paste']);
/** The link estimate is told to the client at most this often while it moves (and at once when the size changes). */
const LINK_REPORT_MS = 2000;

export class Session implements Viewer {
  definition: Definition = { ...DEFAULT_DEFINITION };
  permission: 'view' | 'control';
  toldControl: boolean | null = null;
  /** Owners hear of others only once there are any (see control.ts). */
  toldAudience = '0/0';
  /** Owners hear of control requests only once there are any (see control.ts). */
  toldRequests = '[]';
  private lastRefusalAt = -Infinity;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private closed = false;
  /** A picture is being encoded for this socket: changes meanwhile are looked at once it is sent. */
  private encoding = false;
  private seq = 0;
  private readonly link = new LinkEstimate();
  private readonly pacer = new Pacer(DEFAULT_DEFINITION.bitrate);
  /** What the client shows: the state and level of the last picture sent; null until a whole picture is due. */
  private shown: { state: FrameState; level: string } | null = null;
  private level: Level | null = null;
  /** What a whole picture weighed at each level this socket sent one at (automatic quality weighs levels by it). */
  private readonly wholeBytes = new Map<string, number>();
  private lastReport = { at: 0, kbps: 0, level: '' };

  constructor(
    readonly socket: WebSocket,
    readonly phoneId: number,
    readonly entry: PhoneEntry,
    readonly grant: StreamGrant,
    private readonly options: SessionOptions,
  ) {
    this.permission = grant.permission;
  }

  get role(): StreamRole {
    return this.grant.role;
  }

  send(message: StreamServerMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The hello: its acknowledgement measures the round trip before the first picture's does. */
  hello(message: Extract<StreamServerMessage, { type: 'hello' }>): void {
    this.send(message);
    this.link.helloSent(Date.now());
  }

  /**
   * Pushes a picture as soon as the fps cap and the bitrate allow, if the picture changed by then, and only while
   * the link has room (LinkEstimate.canSend): otherwise the next acknowledgement calls this again.
   */
  schedule(): void {
    if (this.closed || this.timer || this.encoding || !this.link.canSend()) return;
    const now = Date.now();
    const delay = Math.max(0, this.lastSentAt + this.interval() - now, this.pacer.waitMs(now));
    this.timer = setTimeout(() => void this.pump(), delay);
  }

  private interval(): number {
    return 1000 / this.definition.fps;
  }

  private async pump(): Promise<void> {
    this.timer = null;
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    const model = this.entry.model;
    const level = this.currentLevel();
    const key = levelKey(level);
    if (this.shown?.level === key && this.shown.state.key === model.frameKey()) return;
    this.encoding = true;
    let update: PictureUpdate;
    try {
      update = await this.entry.update(this, this.shown?.level === key ? this.shown.state : null, level);
    } catch (error) {
      this.options.logError(`[stream] render failed: ${(error as Error).stack ?? String(error)}`);
      return;
    } finally {
      this.encoding = false;
    }
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    if (update.patch?.parts.length === 0) {
      // Nothing the client shows changed (a finger lifted where it went down): no picture, the same one stands.
      this.shown = { state: update.state, level: key };
      if (model.frameKey() !== update.state.key) this.schedule();
      return;
    }
    const seq = ++this.seq;
    const message = update.whole ? frameMessage(seq, update.whole) : patchMessage(seq, update.patch!);
    if (update.whole) this.wholeBytes.set(key, update.whole.length);
    this.socket.send(message);
    const now = Date.now();
    this.link.sent(seq, message.length, now);
    this.pacer.spend(message.length, now);
    this.shown = { state: update.state, level: key };
    this.lastSentAt = now;
    // Input (or a new definition) that arrived while this picture encoded is shown by the next one.
    if (model.frameKey() !== update.state.key) this.schedule();
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

  /** The level pictures go out at now: the definition's own, or automatic quality's choice for the link. */
  private currentLevel(): Level {
    const def = this.definition;
    const level = def.auto ? autoLevel(def, this.link.bytesPerSecond(), this.level, (l) => this.wholeBytes.get(levelKey(l))) : fixedLevel(def);
    this.level = level;
    return level;
  }

  /**
   * An acknowledgement: the link has room again, and automatic quality may change its level. The time the client
   * says it held the picture is not the link's.
   */
  private acked(seq: number, held: number): void {
    if (!this.link.acked(seq, Date.now(), held)) return;
    this.reportLink();
    this.schedule();
  }

  /** Tells the client the link estimate and the size it gets, when the size changes or the estimate moved. */
  private reportLink(): void {
    const rate = this.link.bytesPerSecond();
    const rtt = this.link.rttMs();
    if (rate === null || rtt === null) return;
    const level = this.currentLevel();
    const key = levelKey(level);
    const kbps = Math.round((rate * 8) / 1000);
    const now = Date.now();
    const moved = Math.abs(kbps - this.lastReport.kbps) > this.lastReport.kbps / 10;
    if (key === this.lastReport.level && (!moved || now - this.lastReport.at < LINK_REPORT_MS)) return;
    this.lastReport = { at: now, kbps, level: key };
    this.send({ type: 'link', kbps, rtt: Math.round(rtt), width: level.width, height: level.height });
  }

  /** Forces a whole picture next (a new definition, or the client asks). */
  invalidate(): void {
    this.shown = null;
    this.schedule();
  }

  handle(message: StreamMessageRead): void {
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
    if (DRIVING_MESSAGES.has(message.type)) this.entry.drivenBy(this);
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
        this.pacer.setKbps(def.bitrate);
        this.send({ type: 'definition', ok: true, ...def });
        this.invalidate();
        return;
      }
      case 'ack':
        this.acked(message.seq, message.held ?? 0);
        return;
      case 'refresh':
        this.invalidate();
        return;
      case 'screenshot': {
        if (!this.options.screenshotAllowed(this)) {
          this.send({ type: 'error', msg: STREAM_MESSAGES.screenshotTooFrequent });
          return;
        }
        this.entry.screenshot().then(
          (jpeg) => {
            if (this.socket.readyState === WebSocket.OPEN) this.socket.send(binaryMessage(SCREENSHOT_KIND, jpeg));
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
      case 'auth':
        // The socket is open already (its token came first, or in its address): another token changes nothing.
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
