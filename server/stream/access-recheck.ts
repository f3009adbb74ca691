import { phoneOpenedBy } from '../data/phone-tokens.ts';
import { controlRequestsOfPhone, phoneOpenedByViewer } from '../data/shares.ts';
import { seenSince } from '../lib/shares.ts';
import type { Db } from '../lib/types.ts';
import type { PhoneEntry } from './phone-entry.ts';
import type { Session } from './session.ts';
import { inBackground } from '../lib/background.ts';
import { afterTransaction } from '../db/engine.ts';
import { refuse, refuseOrEndViewer } from './stream-access.ts';

// Access re-checked on open sockets (API.md "Streaming", roles and screen sharing): a socket whose token no longer
// opens its phone is closed, with the reason its page shows; one whose access changed between watching and
// controlling is moved, and its room tells whoever's control changed with it (control.ts). Owners watching a phone
// hear which share viewers ask for control (a request is a call, not a socket message).

/** What the re-check reads of a session (session.ts). */
export type CheckedSession = Pick<Session, 'socket' | 'grant' | 'phoneId' | 'permission' | 'entry'>;

/** What the re-check reads of a room (phone-entry.ts). */
export type CheckedRoom = Pick<PhoneEntry, 'control'>;

export interface AccessRecheckDeps {
  db: Db;
  now: () => number;
  /** The open sockets (stream-sockets.ts). */
  sessions: () => Iterable<CheckedSession>;
  /** Every room, by phone id (phone-rooms.ts). */
  rooms: () => Iterable<[number, CheckedRoom]>;
  /** Re-checked with the phone streams: the live grid's sockets (grid-server.ts). */
  alsoRecheck: () => Promise<void>;
  logError: (line: string) => void;
}

export interface AccessRecheck {
  /** Re-checks every open socket now (the one-second tick). */
  recheck(): Promise<void>;
  /** Re-checks once the current transaction has committed: revocations are reported from inside it. */
  revalidate(): void;
}

export function accessRecheck(deps: AccessRecheckDeps): AccessRecheck {
  async function recheck(): Promise<void> {
    const at = deps.now();
    const changed = new Set<CheckedRoom>();
    for (const session of deps.sessions()) {
      if (session.socket.readyState !== session.socket.OPEN) continue;
      const { tokenHash, byViewerKey } = session.grant;
      // An open socket is presence itself: its viewer is in the room whatever last_seen_at says.
      const row = byViewerKey ? await phoneOpenedByViewer(deps.db, tokenHash, session.phoneId, at, 0) : await phoneOpenedBy(deps.db, tokenHash, session.phoneId, at);
      if (!row) {
        if (byViewerKey) await refuseOrEndViewer(deps.db, session.socket, tokenHash, session.phoneId, at);
        else refuse(session.socket);
        continue;
      }
      if (row.permission !== session.permission) {
        session.permission = row.permission;
        changed.add(session.entry);
      }
    }
    for (const room of changed) room.control.permissionsChanged();
    for (const [phoneId, room] of deps.rooms()) {
      if (room.control.hasOwner()) room.control.controlRequests(await controlRequestsOfPhone(deps.db, phoneId, at, seenSince(at)));
    }
    await deps.alsoRecheck();
  }

  let queued = false;
  function revalidate(): void {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      inBackground('[stream] access recheck', deps.logError, () => afterTransaction(recheck));
    });
  }

  return { recheck, revalidate };
}
