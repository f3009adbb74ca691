import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { StreamPhoneRow } from '../data/phone-tokens.ts';
import { joinBySocket, rejoinByKey } from '../lib/share-viewers.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Db } from '../lib/types.ts';
import { parseClientMessage } from './protocol.ts';
import type { StreamGrant } from './session.ts';
import { authorizeStream, refuse, refuseOrEndViewer, refuseTooMany } from './stream-access.ts';
import { describeError } from '../lib/background.ts';
import type { StreamSockets } from './stream-sockets.ts';

// Which phone-stream sockets are let in (API.md "Streaming"): one whose token opens its phone (stream-access.ts),
// while its holder is under the cap of open sockets (stream-sockets.ts). The token is in the socket's address, or
// comes as its first message (`auth`) within the wait, so a page can open the socket while its token call is still
// on the way (one round trip less before the first picture). An `auth` may carry a share viewer's join or rejoin,
// which is done before the token is looked at.

export interface StreamAdmissionDeps {
  db: Db;
  now: () => number;
  /** How long a socket opened without a token waits for its `auth` message (AUTH_WAIT_MS). */
  authWaitMs: number;
  /** Whether a join by socket may go ahead for this upgrade request (the join call's throttle); every join when left out. */
  admitJoin?: (req: IncomingMessage) => Promise<boolean>;
  sockets: StreamSockets;
  /** The admitted socket's session begins: on `row`'s phone, as `grant` says. */
  open: (socket: WebSocket, row: StreamPhoneRow, grant: StreamGrant) => Promise<void>;
  logError: (line: string) => void;
}

/** What the stream's WebSocket server calls with each new socket. */
export function streamAdmission(deps: StreamAdmissionDeps) {
  async function admit(socket: WebSocket, userPhoneId: number, token: string): Promise<void> {
    const tokenHash = hashToken(token);
    const at = deps.now();
    const row = await authorizeStream(deps.db, token, userPhoneId, at, deps.sockets.viewerKeys().has(tokenHash));
    if (!row) return await refuseOrEndViewer(deps.db, socket, tokenHash, userPhoneId, at);
    const grant: StreamGrant = { tokenHash, userId: row.user_id, role: row.role, permission: row.permission, byViewerKey: row.byViewerKey };
    if (deps.sockets.full(grant)) return refuseTooMany(socket);
    await deps.open(socket, row, grant);
  }

  return async function onConnection(socket: WebSocket, url: URL, req: IncomingMessage): Promise<void> {
    const userPhoneId = Number(url.searchParams.get('userPhoneId'));
    // An id that is no id opens no phone: refused as one not assigned, before any database reads it.
    if (!Number.isSafeInteger(userPhoneId) || userPhoneId <= 0) return refuse(socket);
    const token = url.searchParams.get('token');
    if (token) {
      // Not read while the token is looked up, so a message sent the moment the socket opened reaches the session;
      // read again whatever the outcome, as a refused socket must read the client's close frame to end.
      socket.pause();
      try {
        return await admit(socket, userPhoneId, token);
      } finally {
        socket.resume();
      }
    }
    const wait = setTimeout(() => refuse(socket), deps.authWaitMs);
    socket.once('close', () => clearTimeout(wait));
    socket.once('message', (data: RawData, isBinary: boolean) => {
      clearTimeout(wait);
      // What follows the auth waits, unread, until the session that takes it is open.
      socket.pause();
      void authorised(socket, userPhoneId, req, data, isBinary)
        .catch((error: unknown) => {
          deps.logError(`[stream] admission: ${describeError(error)}`);
          socket.terminate();
        })
        .finally(() => socket.resume());
    });
  };

  /** The socket's first message, which must be its `auth`: a join or rejoin by key is made before it is admitted. */
  async function authorised(socket: WebSocket, userPhoneId: number, req: IncomingMessage, data: RawData, isBinary: boolean): Promise<void> {
    {
      const message = isBinary ? null : parseClientMessage(data.toString());
      if (!message || 'error' in message || message.type !== 'auth') return refuse(socket);
      if (message.rejoin) await rejoinByKey(deps.db, deps.now(), message.token, userPhoneId);
      // A refused join leaves the key unknown: the socket is then refused below, and the page's join call says why.
      if (message.join && (await deps.admitJoin?.(req) ?? true)) await joinBySocket({ db: deps.db, now: deps.now }, message.token, message.join, userPhoneId);
      await admit(socket, userPhoneId, message.token);
    }
  }
}
