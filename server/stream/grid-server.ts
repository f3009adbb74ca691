import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { GridClientMessages } from '../../shared/contract/grid-messages.ts';
import { CLOSE_NOT_ASSIGNED, CLOSE_SHUTDOWN, STREAM_MESSAGES } from '../../shared/contract/stream-protocol.ts';
import { gridTicketHolder } from '../data/grid-tickets.ts';
import { hashToken } from '../lib/tokens.ts';
import { CLOSE_TRY_AGAIN_LATER, GRID_BUSY_MESSAGE, GRID_MAX_PAYLOAD } from './grid-protocol.ts';
import { GridSession } from './grid-session.ts';
import type { GridSessionDeps } from './grid-session.ts';
import type { KeepAlive } from './keep-alive.ts';
import { closeReason, readMessages } from './socket-messages.ts';
import { refuseTooMany } from './stream-access.ts';
import { describeError } from '../lib/background.ts';
import { WatchPace } from './watch-pace.ts';

// The live grid's sockets (API.md "Live grid"), on /stream/grid?ticket=, beside the phone stream (stream-server.ts,
// which dispatches upgrades here and shares its phones' entries). A socket whose ticket does not hold is accepted
// and closed with 4403, like a phone stream whose token does not. Sockets are capped per user and in all, and each
// socket's watch changes are paced (watch-pace.ts).

export interface GridService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Closes the sockets whose ticket no longer holds; tells the others which watched phones became unavailable. */
  recheck(): Promise<void>;
  /** The one-second tick: pictures that changed with the clock. */
  tick(): void;
  /** Grid sockets streaming this phone now. */
  watching(userPhoneId: number): number;
  /** Grid sockets counted against this user now (the cap's count), for tests. */
  socketsOf(userId: number): number;
  close(): Promise<void>;
}

/**
 * Grid sockets one user holds at once. The app keeps one per page showing a grid (a hidden page closes its own), and a
 * renewed ticket's socket replaces the old one (closingSocketOf); four covers two tabs on two devices. Each socket may
 * watch 20 phones, so two hundred sockets on one account would be four thousand pictures to send, crowding out
 * everyone else's.
 */
export const GRID_SOCKETS_PER_USER = 4;
/** Grid sockets the server holds at once, whoever opened them: accounts are cheap to make (a guest trial). */
export const GRID_SOCKETS_TOTAL = 1000;

export interface GridServiceOptions {
  /** GRID_SOCKETS_PER_USER. */
  socketsPerUser?: number;
  /** GRID_SOCKETS_TOTAL. */
  socketsInAll?: number;
  /** The phone stream's keep-alive, which pings these sockets too (keep-alive.ts). */
  keepAlive: KeepAlive;
}

function refuse(socket: WebSocket): void {
  socket.close(CLOSE_NOT_ASSIGNED, closeReason(CLOSE_NOT_ASSIGNED, STREAM_MESSAGES.notAssigned));
}

/** The server holds all the grid sockets it may: try again later (the standard close code for it). */
function refuseBusy(socket: WebSocket): void {
  socket.close(CLOSE_TRY_AGAIN_LATER, closeReason(CLOSE_TRY_AGAIN_LATER, GRID_BUSY_MESSAGE));
}

/**
 * One of these sockets that is already closing (its close frame sent or received): it carries nothing more, but stays
 * until its connection ends. The app renews a ticket by closing its socket and opening the next at once, so at the
 * cap the next one often arrives while the old one is in this state; it takes that socket's place, not a 4429.
 */
function closingSocketOf(sessions: Set<GridSession>): GridSession | undefined {
  for (const session of sessions) if (session.socket.readyState === session.socket.CLOSING) return session;
  return undefined;
}

export function createGridService(deps: GridSessionDeps, options: GridServiceOptions): GridService {
  const perUser = options.socketsPerUser ?? GRID_SOCKETS_PER_USER;
  const inAll = options.socketsInAll ?? GRID_SOCKETS_TOTAL;
  // A server of its own: its messages are tiny (maxPayload), and closing it does not wait for the phone streams.
  const wss = new WebSocketServer({ noServer: true, maxPayload: GRID_MAX_PAYLOAD });
  const sessions = new Set<GridSession>();
  /** Each user's sockets until their close is handled: at most `perUser` of them, closing ones included. */
  const byUser = new Map<number, Set<GridSession>>();

  async function onConnection(socket: WebSocket, url: URL): Promise<void> {
    const ticket = url.searchParams.get('ticket') ?? '';
    const ticketHash = hashToken(ticket);
    // The socket is not read while its ticket is looked up: a watch sent the moment it opened waits for the handlers
    // admit attaches rather than being lost before them (a round trip to PostgreSQL). Read again whatever the
    // outcome: a refused socket must read the client's close frame to end.
    socket.pause();
    try {
      await admit(socket, ticketHash, ticket);
    } finally {
      socket.resume();
    }
  }

  async function admit(socket: WebSocket, ticketHash: string, ticket: string): Promise<void> {
    const holder = ticket ? await gridTicketHolder(deps.db, ticketHash, deps.now()) : undefined;
    if (!holder) return refuse(socket);
    const mine = byUser.get(holder.user_id) ?? new Set<GridSession>();
    // Only checked at the cap, over this user's few sockets: a closing one is cut to make room (closingSocketOf).
    const replaced = mine.size >= perUser ? closingSocketOf(mine) : undefined;
    if (mine.size >= perUser && !replaced) return refuseTooMany(socket);
    if (sessions.size - (replaced ? 1 : 0) >= inAll) return refuseBusy(socket);
    if (replaced) {
      mine.delete(replaced);
      replaced.socket.terminate();
    }
    const session = new GridSession(socket, { ticketHash, userId: holder.user_id, tenantId: holder.tenant_id }, deps);
    sessions.add(session);
    mine.add(session);
    byUser.set(holder.user_id, mine);
    // On the monotonic clock (watch-pace.ts), not the screen clock: a clock set back must not hold changes.
    const pace = new WatchPace((ids) => session.watchInTurn(ids));
    options.keepAlive.watch(socket);
    readMessages(socket, {
      schema: GridClientMessages,
      clock: deps.clock,
      refused: (msg) => session.send({ type: 'error', msg }),
      handle: (message) => (message.type === 'ack' ? session.acked(message.seq) : pace.offer(message.userPhoneIds)),
    });
    socket.on('close', () => {
      sessions.delete(session);
      // A user whose last socket closed is forgotten, so the map holds only users with sockets.
      if (mine.delete(session) && mine.size === 0 && byUser.get(holder.user_id) === mine) byUser.delete(holder.user_id);
      pace.dispose();
      session.dispose();
    });
    socket.on('error', () => socket.terminate());
  }

  return {
    handleUpgrade(req, socket, head, url) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        void onConnection(ws, url).catch((error: unknown) => {
          deps.logError(`[grid] admission: ${describeError(error)}`);
          ws.terminate();
        });
      });
    },
    async recheck() {
      for (const session of sessions) {
        if (session.socket.readyState !== session.socket.OPEN) continue;
        if (!await session.recheck()) refuse(session.socket);
      }
    },
    tick() {
      for (const session of sessions) session.tick();
    },
    watching(userPhoneId) {
      const entry = deps.currentEntry(userPhoneId);
      return entry ? entry.gridWatchers.size : 0;
    },
    socketsOf(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    close() {
      for (const session of sessions) session.socket.close(CLOSE_SHUTDOWN, closeReason(CLOSE_SHUTDOWN, STREAM_MESSAGES.shuttingDown));
      return new Promise<void>((resolve) => {
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
