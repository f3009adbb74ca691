import { WebSocket } from 'ws';
import { FRAME_KIND, SCREENSHOT_KIND, STREAM_MESSAGES } from '../../src/contract/stream-protocol.ts';
import { DEFAULT_DEFINITION } from '../../src/contract/stream-quality.ts';
import type { Definition, StreamClientMessage, StreamRole, StreamServerMessage } from '../../src/contract/stream-protocol.ts';
import type { Viewer } from './control.ts';
import type { PhoneEntry } from './phone-entry.ts';
import { CONTROL_MESSAGES, binaryMessage, isValidDefinition } from './protocol.ts';

// One viewer's socket (Session) on a phone's shared screen (phone-entry.ts) of the streaming service
// (stream-server.ts, API.md "Streaming"). A session sends a frame only when the picture changed (model
// version, clock minute, ripple) and at most `fps` times a second, and skips frames while the socket's send buffer is
// full. Frames are encoded off the event loop (render-frame.ts), once per picture, size and quality; while another
// socket drives the phone, this one sends that socket's pictures (PhoneEntry.followed).

export interface SessionOptions {
  highWaterMark: number;
  clock: () => number;
  logError: (line: string) => void;
  /** False when this socket or its user asked for too many screenshots lately (stream-server.ts). */
  screenshotAllowed: (session: Session) => boolean;
}

/** A view-only socket sending input is told so at most this often; the rest is dropped quietly. */
const REFUSAL_INTERVAL_MS = 1000;
/** Input that changes the picture: its sender becomes the phone's driver, whose pictures the others follow. */
const DRIVING_MESSAGES: ReadonlySet<StreamClientMessage['type']> = new Set(['touch', 'key', 'text', 'paste']);

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

  send(message: StreamServerMessage): void {
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
    const followed = this.entry.followed(this);
    const frameKey = followed?.key ?? model.frameKey();
    const key = this.pictureKey(frameKey);
    // Already sent: the driver's next picture wakes this socket when its encode begins (PhoneEntry.frameAt).
    if (key === this.lastKey) return;
    this.encoding = true;
    let jpeg: Buffer;
    try {
      jpeg = await (followed ? followed.jpeg : this.entry.frame(def, frameKey));
    } catch (error) {
      this.options.logError(`[stream] render failed: ${(error as Error).stack ?? String(error)}`);
      return;
    } finally {
      this.encoding = false;
    }
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(binaryMessage(FRAME_KIND, jpeg));
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

  handle(message: StreamClientMessage): void {
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
