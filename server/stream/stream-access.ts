import type { WebSocket } from 'ws';
import { phoneOpenedBy } from '../data/phone-tokens.ts';
import type { StreamPhoneRow } from '../data/phone-tokens.ts';
import { markViewerGone, markViewersSeen, phoneOpenedByViewer, viewerClosing } from '../data/shares.ts';
import { VIEWER_GRACE_MS } from '../lib/shares.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Db } from '../lib/types.ts';
import {
  CLOSE_NOT_ASSIGNED,
  CLOSE_SHARE_BLOCKED,
  CLOSE_SHARE_ENDED,
  CLOSE_SHARE_REMOVED,
  CLOSE_TOO_MANY_SOCKETS,
  STREAM_MESSAGES,
} from '../../shared/contract/stream-protocol.ts';
import { inBackground } from '../lib/background.ts';
import { closeReason } from './socket-messages.ts';

// Who may open a phone-stream socket (API.md "Streaming", roles and screen sharing), and how a socket that may not
// is closed: with the reason its page shows.

/**
 * The phone a security token opens, or null: the token must exist, be unexpired, be for this phone, and the phone
 * must still belong to the user the token was issued to (a transfer or a closed account ends it) and be unexpired.
 * A share viewer's key opens it too (role 'viewer', the viewer's permission) while the viewer is in the room and
 * the share live (data/shares.ts); `byViewerKey` says which of the two opened it. `present` says whether the key
 * already has a socket open: that is presence enough, whatever its last_seen_at says (the tick writes it only once a
 * second, and a test's clock jumps).
 */
export async function authorizeStream(
  db: Db,
  token: string,
  userPhoneId: number,
  now: number,
  present: boolean,
): Promise<(StreamPhoneRow & { byViewerKey: boolean }) | null> {
  if (!token || !Number.isInteger(userPhoneId) || userPhoneId <= 0) return null;
  const hash = hashToken(token);
  const owned = await phoneOpenedBy(db, hash, userPhoneId, now);
  if (owned) return { ...owned, byViewerKey: false };
  const viewed = await phoneOpenedByViewer(db, hash, userPhoneId, now, present ? 0 : now - VIEWER_GRACE_MS);
  return viewed ? { ...viewed, byViewerKey: true } : null;
}

/** Whose allowance of sockets a socket counts against: its user's, or a share viewer's key's (viewers may have no account). */
export function holderOf(grant: { userId: number; tokenHash: string; byViewerKey?: boolean }): string {
  return grant.byViewerKey ? `viewer ${grant.tokenHash}` : `user ${grant.userId}`;
}

export function refuse(socket: WebSocket): void {
  socket.close(CLOSE_NOT_ASSIGNED, closeReason(CLOSE_NOT_ASSIGNED, STREAM_MESSAGES.notAssigned));
}

/**
 * A socket past its holder's allowance of open ones (the phone stream's, the live grid's): closed at once, before it
 * costs anything; closing one of the others makes room.
 */
export function refuseTooMany(socket: WebSocket): void {
  socket.close(CLOSE_TOO_MANY_SOCKETS, closeReason(CLOSE_TOO_MANY_SOCKETS, STREAM_MESSAGES.tooManySockets));
}

/** A viewer key's socket ends with what its page tells the viewer: the share ended, blocked, or put out of the room. */
const SHARE_CLOSES = {
  ended: [CLOSE_SHARE_ENDED, STREAM_MESSAGES.shareEnded],
  blocked: [CLOSE_SHARE_BLOCKED, STREAM_MESSAGES.shareBlocked],
  removed: [CLOSE_SHARE_REMOVED, STREAM_MESSAGES.shareRemoved],
} as const;

/**
 * A socket whose token no longer (or never) opened the phone: a viewer key's says why, any other (a viewer key sent
 * with another phone's id among them) is "not assigned".
 */
export async function refuseOrEndViewer(db: Db, socket: WebSocket, tokenHash: string, phoneId: number, now: number): Promise<void> {
  const why = await viewerClosing(db, tokenHash, phoneId, now);
  if (!why) return refuse(socket);
  const [code, msg] = SHARE_CLOSES[why];
  socket.close(code, closeReason(code, msg));
}

/**
 * Share viewers' presence in the room. While a key has a socket open it is seen (last_seen_at written on open, on
 * every tick and on close), which is what keeps its place (data/shares.ts). A key whose last socket closed and that
 * has none open a grace period later is marked gone (disabled) in its row: the grace counts from the key's last
 * close, one timer per key, so a reconnect and a second close start it afresh. The timers only tidy the rows: a
 * restart loses them, and the last_seen_at rule still frees the place.
 */
export class ViewerPresence {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly graceMs: number,
    /** The viewer keys (digests) with a socket open now. */
    private readonly openKeys: () => Set<string>,
    private readonly logError: (line: string) => void,
  ) {}

  async socketOpened(keyHash: string): Promise<void> {
    clearTimeout(this.timers.get(keyHash));
    this.timers.delete(keyHash);
    await markViewersSeen(this.db, [keyHash], this.now());
  }

  /** The one-second tick: every key with a socket open was seen now. */
  async tick(): Promise<void> {
    await markViewersSeen(this.db, [...this.openKeys()], this.now());
  }

  async socketClosed(keyHash: string): Promise<void> {
    await markViewersSeen(this.db, [keyHash], this.now());
    clearTimeout(this.timers.get(keyHash));
    const timer = setTimeout(() => {
      this.timers.delete(keyHash);
      if (this.openKeys().has(keyHash)) return;
      inBackground('[stream] viewer gone', this.logError, () => markViewerGone(this.db, keyHash, this.now()));
    }, this.graceMs);
    timer.unref();
    this.timers.set(keyHash, timer);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
