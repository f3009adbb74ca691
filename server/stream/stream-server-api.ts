import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Db } from '../lib/types.ts';
import type { ScreenshotLimit } from './screenshot-limits.ts';
import type { VirtualScreen } from './virtual-screen.ts';
import type { PhoneAbout } from './phone-about.ts';
import type { InstalledAppInfo } from './phone-apps.ts';
import type { AppChange } from '../lib/phone-apps.ts';

// What the streaming service (stream-server.ts) takes and what it offers the rest of the server.

export interface StreamServerOptions {
  db: Db;
  /** This instance's own address when several share the database (INSTANCE_URL): phones are rendered by one (stream-owner.ts). */
  instanceUrl?: string;
  /** Clock for token and phone validity (the app's clock in tests). */
  now?: () => number;
  /** Clock of the phones' screens: status-bar time, touch feedback, tap timing. */
  clock?: () => number;
  /** How long a socket opened without a token waits for its `auth` message (AUTH_WAIT_MS). */
  authWaitMs?: number;
  /**
   * How long after its last socket closed a share viewer's row is marked gone (disabled) if none reopened; the room
   * itself counts by last_seen_at (VIEWER_GRACE_MS, lib/shares.ts), which this defaults to.
   */
  viewerGraceMs?: number;
  /** Ping interval of the phone-stream and live-grid sockets; one that missed the previous pong is cut (keep-alive.ts). */
  keepaliveMs?: number;
  logError?: (line: string) => void;
  /** Full-resolution screenshots one socket may take in any window. */
  screenshotsPerSocket?: ScreenshotLimit;
  /** The same across all of one user's sockets, so opening more sockets does not multiply the allowance. */
  screenshotsPerUser?: ScreenshotLimit;
  /** Stream sockets one user (or one share viewer's key) may hold open at once (STREAM_SOCKETS_PER_USER). */
  socketsPerUser?: number;
  /** Live-grid sockets one user may hold open at once (grid-server.ts GRID_SOCKETS_PER_USER). */
  gridSocketsPerUser?: number;
  /** Live-grid sockets open at once from all users (grid-server.ts GRID_SOCKETS_TOTAL). */
  gridSocketsInAll?: number;
  /** The apps installed on a phone, for its home screen (main.ts: lib/phone-apps.ts `installedApps`); none when left out. */
  installedApps?: (userPhoneId: number) => Promise<InstalledAppInfo[]>;
  /** The phone's identity, for its Settings app's "About phone" (main.ts: lib/phone-identity.ts `identityOf`). */
  phoneAbout?: (userPhoneId: number) => Promise<PhoneAbout>;
  /**
   * Whether a share viewer's join by its socket (`auth` with `join`) may go ahead for the upgrade request `req`: the
   * join call's throttle (main.ts: lib/admissions.ts `admitSocketJoin` by the request's address). Every join when left
   * out.
   */
  admitJoin?: (req: IncomingMessage) => Promise<boolean>;
  /**
   * The address key of a network-check socket's upgrade request, for its per-address socket count (main.ts: the
   * X-Forwarded-For entry behind a trusted proxy). The TCP peer when left out.
   */
  lineAddressOf?: (req: IncomingMessage) => string;
  /** Network-check sockets one address may hold open (LINE_SOCKETS_PER_ADDRESS). */
  lineSocketsPerAddress?: number;
  /** Network-check sockets one address group may hold open (line-check.ts LINE_SOCKETS_PER_GROUP). */
  lineSocketsPerGroup?: number;
  /** Network-check sockets open at once from all addresses (line-check.ts LINE_SOCKETS_TOTAL). */
  lineSocketsInAll?: number;
}

/**
 * Phone-stream sockets one user may hold open at once: a person has a few tabs and devices on a few phones; each
 * socket costs the server a picture pipeline, so three hundred on one token are refused rather than served.
 */
export const STREAM_SOCKETS_PER_USER = 16;

export interface StreamServer {
  /** Handles an HTTP upgrade for /stream/ws; false (socket untouched) for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Listens for upgrades on `server`; other upgrade paths are refused. */
  attach(server: Server): void;
  /** Server-side drop of every socket of a phone, like a network failure (no close frame). Returns how many. */
  dropSessions(userPhoneId: number): number;
  /**
   * Re-checks, once the current transaction has committed, that every open socket's token still opens its phone
   * (sessions revoked by logout, a password change, closing the account or a refresh-token replay; a transfer) and
   * closes the others with "Instance not assigned to user". The one-second tick re-checks as well, for expiries.
   */
  revalidate(): void;
  /**
   * The phone was rebooted or reset (PUT /reboot, /reset): drops its sockets like dropSessions, so clients reconnect
   * by themselves, and discards its screen so the next connection starts from a fresh one. The clipboard survives a
   * reboot, not a reset. Returns how many sockets were dropped.
   */
  restartPhone(userPhoneId: number, options: { reset: boolean }): number;
  /**
   * The phone's apps changed (installed, uninstalled) or one was started or stopped through the API
   * (server/lib/app-operations.ts): its live screen reads its apps again and opens or closes that app, and every
   * viewer gets the new picture. A phone nobody watches has no screen yet; it reads its apps when one is made.
   */
  appsChanged(userPhoneId: number, change?: AppChange): Promise<void>;
  sessionCount(userPhoneId?: number): number;
  /** Bytes queued for sending on the phone-stream sockets: in all, and on the most backed-up one. */
  buffered(): { sockets: number; total: number; max: number };
  /** Live-grid sockets streaming this phone's thumbnails now (grid-server.ts). */
  gridWatching(userPhoneId: number): number;
  /** Live-grid sockets counted against this user's cap now, closing ones not yet cut included (grid-server.ts). */
  gridSocketsOf(userId: number): number;
  /** The phone's live model (created on demand), for tests. */
  screen(userPhoneId: number): VirtualScreen | undefined;
  /** Settles once the input the phone has taken so far reached its sync group's followers (sync-fanout.ts), for tests. */
  mirrored(userPhoneId: number): Promise<void>;
  close(): Promise<void>;
}
