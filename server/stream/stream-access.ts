import type { WebSocket } from 'ws';
import { phoneOpenedBy } from '../data/phone-tokens.ts';
import type { StreamPhoneRow } from '../data/phone-tokens.ts';
import { markViewerGone, phoneOpenedByViewer, viewerClosing } from '../data/shares.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Db } from '../lib/types.ts';
import { CLOSE_NOT_ASSIGNED, CLOSE_SHARE_BLOCKED, CLOSE_SHARE_ENDED, CLOSE_SHARE_REMOVED, STREAM_MESSAGES } from '../../src/contract/stream-protocol.ts';
import { closeReason } from './protocol.ts';

// Who may open a phone-stream socket (API.md "Streaming", roles and screen sharing), and how a socket that may not
// is closed: with the reason its page shows.

/**
 * The phone a security token opens, or null: the token must exist, be unexpired, be for this phone, and the phone
 * must still belong to the user the token was issued to (a transfer or a closed account ends it) and be unexpired.
 * A share viewer's key opens it too (role 'viewer', the viewer's permission) while the viewer is in the room and
 * the share live (data/shares.ts); `byViewerKey` says which of the two opened it.
 */
export function authorizeStream(db: Db, token: string, userPhoneId: number, now: number): (StreamPhoneRow & { byViewerKey: boolean }) | null {
  if (!token || !Number.isInteger(userPhoneId) || userPhoneId <= 0) return null;
  const hash = hashToken(token);
  const owned = phoneOpenedBy(db, hash, userPhoneId, now);
  if (owned) return { ...owned, byViewerKey: false };
  const viewed = phoneOpenedByViewer(db, hash, userPhoneId, now);
  return viewed ? { ...viewed, byViewerKey: true } : null;
}

/** Whose allowance of sockets a socket counts against: its user's, or a share viewer's key's (viewers may have no account). */
export function holderOf(grant: { userId: number; tokenHash: string; byViewerKey?: boolean }): string {
  return grant.byViewerKey ? `viewer ${grant.tokenHash}` : `user ${grant.userId}`;
}

export function refuse(socket: WebSocket): void {
  socket.close(CLOSE_NOT_ASSIGNED, closeReason(CLOSE_NOT_ASSIGNED, STREAM_MESSAGES.notAssigned));
}

/** A viewer key's socket ends with what its page tells the viewer: the share ended, blocked, or put out of the room. */
const SHARE_CLOSES = {
  ended: [CLOSE_SHARE_ENDED, STREAM_MESSAGES.shareEnded],
  blocked: [CLOSE_SHARE_BLOCKED, STREAM_MESSAGES.shareBlocked],
  removed: [CLOSE_SHARE_REMOVED, STREAM_MESSAGES.shareRemoved],
} as const;

/** A socket whose token no longer (or never) opened the phone: a viewer key's says why, any other is "not assigned". */
export function refuseOrEndViewer(db: Db, socket: WebSocket, tokenHash: string, now: number): void {
  const why = viewerClosing(db, tokenHash, now);
  if (!why) return refuse(socket);
  const [code, msg] = SHARE_CLOSES[why];
  socket.close(code, closeReason(code, msg));
}

/** A share viewer's page may be away this long (a dropped link, a reload, a hidden tab) and keep its place. */
export const VIEWER_GRACE_MS = 10_000;

/**
 * Share viewers' presence in the room: a viewer whose key has had no open socket for the grace period has left (its
 * place frees up), so closed tabs do not fill the room.
 */
export class ViewerPresence {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly graceMs: number,
    private readonly hasOpenSocket: (keyHash: string) => boolean,
  ) {}

  socketClosed(keyHash: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.hasOpenSocket(keyHash)) markViewerGone(this.db, keyHash, this.now());
    }, this.graceMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }
}
