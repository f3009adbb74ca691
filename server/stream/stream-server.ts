import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import { hashToken } from '../lib/tokens.ts';
import type { Db } from '../lib/types.ts';
import {
  CLOSE_NOT_ASSIGNED,
  CLOSE_SHUTDOWN,
  DEFAULT_DEFINITION,
  FRAME_KIND,
  NOT_ASSIGNED_MESSAGE,
  STREAM_PATH,
  binaryMessage,
  closeReason,
  isValidDefinition,
  parseClientMessage,
} from './protocol.ts';
import type { ClientMessage, Definition, ServerMessage } from './protocol.ts';
import { SCREENSHOT_QUALITY, qualityForBitrate, renderJpeg } from './rasterize.ts';
import { VirtualScreen } from './virtual-screen.ts';

// The reference backend's streaming service (API.md "Streaming (issue 6)"): a WebSocket endpoint on the HTTP server
// (path /stream/ws). Each phone has one VirtualScreen shared by all its viewers; each socket is a Session with its own
// definition. A session sends a frame only when the picture changed (model version, clock minute, ripple) and at most
// `fps` times a second, and skips frames while the socket's send buffer is full.

export interface StreamServerOptions {
  db: Db;
  /** Clock for token and phone validity (the app's clock in tests). */
  now?: () => number;
  /** Clock of the phones' screens: status-bar time, touch feedback, tap timing. */
  clock?: () => number;
  /** Frames are skipped while this many bytes are still queued on a socket. */
  highWaterMark?: number;
  /** WebSocket ping interval; a socket that missed the previous pong is terminated. */
  keepaliveMs?: number;
  logError?: (line: string) => void;
}

export interface StreamServer {
  /** Handles an HTTP upgrade for /stream/ws; false (socket untouched) for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Listens for upgrades on `server`; other upgrade paths are refused. */
  attach(server: Server): void;
  /** Server-side drop of every socket of a phone, like a network failure (no close frame). Returns how many. */
  dropSessions(userPhoneId: number): number;
  sessionCount(userPhoneId?: number): number;
  /** The phone's live model (created on demand), for tests. */
  screen(userPhoneId: number): VirtualScreen | undefined;
  close(): Promise<void>;
}

interface PhoneRowForStream {
  id: number;
  name: string;
  width: number;
  height: number;
}

/**
 * The phone a security token opens, or null: the token must exist, be unexpired, be for this phone, and the phone
 * must still belong to the user the token was issued to (a transfer or a closed account ends it) and be unexpired.
 */
export function authorizeStream(db: Db, token: string, userPhoneId: number, now: number): PhoneRowForStream | null {
  if (!token || !Number.isInteger(userPhoneId) || userPhoneId <= 0) return null;
  const row = db
    .prepare(
      `SELECT p.id, p.name, p.width, p.height FROM phone_security_tokens t
       JOIN phones p ON p.id = t.phone_id JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = ? AND t.phone_id = ? AND t.expires_at > ? AND p.user_id = t.user_id AND p.expire_time > ?
         AND u.deleted_at IS NULL`,
    )
    .get(hashToken(token), userPhoneId, now, now) as PhoneRowForStream | undefined;
  return row ?? null;
}

interface CachedFrame {
  key: string;
  jpeg: Buffer;
}

class PhoneEntry {
  readonly sessions = new Set<Session>();
  /** Last encoded frame per output size and quality, shared by viewers asking for the same. */
  private readonly frames = new Map<string, CachedFrame>();

  constructor(
    readonly model: VirtualScreen,
    private readonly clock: () => number,
  ) {}

  frame(def: Definition, frameKey: string): Buffer {
    const quality = qualityForBitrate(def.bitrate);
    const cacheKey = `${def.width}x${def.height}@${quality}`;
    const cached = this.frames.get(cacheKey);
    if (cached && cached.key === frameKey) return cached.jpeg;
    const jpeg = renderJpeg(this.model, def.width, def.height, quality, this.clock());
    this.frames.set(cacheKey, { key: frameKey, jpeg });
    return jpeg;
  }

  changed(): void {
    for (const session of this.sessions) session.schedule();
  }

  release(session: Session): void {
    this.sessions.delete(session);
    if (this.sessions.size === 0) this.frames.clear();
  }
}

class Session {
  definition: Definition = { ...DEFAULT_DEFINITION };
  alive = true;
  private lastKey = '';
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly phoneId: number,
    readonly entry: PhoneEntry,
    private readonly options: { highWaterMark: number; clock: () => number; logError: (line: string) => void },
  ) {}

  send(message: ServerMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Pushes a frame as soon as the fps cap allows, if the picture changed by then. */
  schedule(): void {
    if (this.closed || this.timer) return;
    const interval = 1000 / this.definition.fps;
    const delay = Math.max(0, this.lastSentAt + interval - Date.now());
    this.timer = setTimeout(() => this.pump(), delay);
  }

  private pump(): void {
    this.timer = null;
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    const def = this.definition;
    if (this.socket.bufferedAmount > this.options.highWaterMark) {
      // The client or the network is behind: skip this frame and look again one frame later.
      this.timer = setTimeout(() => this.pump(), 1000 / def.fps);
      return;
    }
    const model = this.entry.model;
    const frameKey = model.frameKey();
    const key = `${frameKey}|${def.width}x${def.height}|${def.bitrate}`;
    if (key === this.lastKey) return;
    let jpeg: Buffer;
    try {
      jpeg = this.entry.frame(def, frameKey);
    } catch (error) {
      this.options.logError(`[stream] render failed: ${(error as Error).stack ?? String(error)}`);
      return;
    }
    this.socket.send(binaryMessage(FRAME_KIND.frame, jpeg));
    this.lastKey = key;
    this.lastSentAt = Date.now();
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

  /** Forces the next frame even if nothing changed (a new definition). */
  invalidate(): void {
    this.lastKey = '';
    this.schedule();
  }

  handle(message: ClientMessage): void {
    const model = this.entry.model;
    switch (message.type) {
      case 'touch':
        model.touch(message.action, message.pointers);
        this.entry.changed();
        return;
      case 'key':
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
          this.send({ type: 'definition', ok: false, msg: 'Resolution setting failed' });
          return;
        }
        this.definition = def;
        this.send({ type: 'definition', ok: true, ...def });
        this.invalidate();
        return;
      }
      case 'screenshot': {
        try {
          const jpeg = renderJpeg(model, model.width, model.height, SCREENSHOT_QUALITY, this.options.clock());
          if (this.socket.readyState === WebSocket.OPEN) this.socket.send(binaryMessage(FRAME_KIND.screenshot, jpeg));
        } catch (error) {
          this.options.logError(`[stream] screenshot failed: ${(error as Error).stack ?? String(error)}`);
          this.send({ type: 'error', msg: 'Screenshot failed' });
        }
        return;
      }
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

export function createStreamServer(options: StreamServerOptions): StreamServer {
  const now = options.now ?? Date.now;
  const clock = options.clock ?? Date.now;
  const logError = options.logError ?? ((line) => console.error(line));
  const sessionOptions = { highWaterMark: options.highWaterMark ?? 1024 * 1024, clock, logError };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const phones = new Map<number, PhoneEntry>();
  const sessions = new Set<Session>();

  function entryFor(row: PhoneRowForStream): PhoneEntry {
    let entry = phones.get(row.id);
    if (!entry) {
      entry = new PhoneEntry(new VirtualScreen({ id: row.id, name: row.name }, clock, row), clock);
      phones.set(row.id, entry);
    } else {
      // The resolution may have been changed through the API (set-resolution) since the model was made.
      entry.model.setResolution(row.width, row.height);
    }
    return entry;
  }

  function onConnection(socket: WebSocket, url: URL): void {
    const userPhoneId = Number(url.searchParams.get('userPhoneId'));
    const row = authorizeStream(options.db, url.searchParams.get('token') ?? '', userPhoneId, now());
    if (!row) {
      socket.close(CLOSE_NOT_ASSIGNED, closeReason(CLOSE_NOT_ASSIGNED, NOT_ASSIGNED_MESSAGE));
      return;
    }
    const entry = entryFor(row);
    const session = new Session(socket, row.id, entry, sessionOptions);
    entry.sessions.add(session);
    sessions.add(session);
    socket.on('pong', () => {
      session.alive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return session.send({ type: 'error', msg: 'Binary messages are not accepted' });
      const message = parseClientMessage(data.toString());
      if ('error' in message) return session.send({ type: 'error', msg: message.error });
      session.handle(message);
    });
    socket.on('close', () => {
      sessions.delete(session);
      session.dispose();
    });
    socket.on('error', () => socket.terminate());
    const model = entry.model;
    session.send({ type: 'hello', width: model.width, height: model.height, phone: { userPhoneId: row.id, name: row.name }, definition: session.definition });
    session.schedule();
  }

  // One timer for all sessions: the clock minute (a picture change without input) and the keepalive pings.
  let ticks = 0;
  const keepaliveTicks = Math.max(1, Math.round((options.keepaliveMs ?? 15000) / 1000));
  const tick = setInterval(() => {
    ticks++;
    const ping = ticks % keepaliveTicks === 0;
    for (const session of sessions) {
      session.schedule();
      if (!ping) continue;
      if (!session.alive) {
        session.socket.terminate();
        continue;
      }
      session.alive = false;
      session.socket.ping();
    }
  }, 1000);
  tick.unref();

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== STREAM_PATH) return false;
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url));
    return true;
  }

  return {
    handleUpgrade,
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!handleUpgrade(req, socket, head)) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        }
      });
    },
    dropSessions(userPhoneId) {
      const entry = phones.get(userPhoneId);
      if (!entry) return 0;
      const list = [...entry.sessions];
      for (const session of list) session.socket.terminate();
      return list.length;
    },
    sessionCount(userPhoneId) {
      if (userPhoneId === undefined) return sessions.size;
      return phones.get(userPhoneId)?.sessions.size ?? 0;
    },
    screen(userPhoneId) {
      return phones.get(userPhoneId)?.model;
    },
    close() {
      clearInterval(tick);
      for (const session of sessions) session.socket.close(CLOSE_SHUTDOWN, closeReason(CLOSE_SHUTDOWN, 'Server shutting down'));
      return new Promise<void>((resolve) => {
        // Sockets that do not answer the close handshake promptly are cut.
        const force = setTimeout(() => {
          for (const session of sessions) session.socket.terminate();
        }, 1000);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
