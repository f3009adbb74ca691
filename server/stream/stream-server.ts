import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { StreamPhoneRow } from '../data/phone-tokens.ts';
import { addressOf } from '../lib/client-address.ts';
import { VIEWER_GRACE_MS } from '../lib/shares.ts';
import { GRID_SOCKET_PATH } from '../../shared/contract/grid-protocol.ts';
import { LINE_CHECK_PATH } from '../../shared/contract/line-check-words.ts';
import { AUTH_WAIT_MS, CLOSE_SHUTDOWN, STREAM_MESSAGES, STREAM_PATH } from '../../shared/contract/stream-protocol.ts';
import { accessRecheck } from './access-recheck.ts';
import { createGridService } from './grid-server.ts';
import { KEEPALIVE_MS, KeepAlive } from './keep-alive.ts';
import { createLineCheck } from './line-check.ts';
import { PhoneRooms } from './phone-rooms.ts';
import { SCREENSHOTS_PER_SOCKET, SCREENSHOTS_PER_USER, screenshotLimiter } from './screenshot-limits.ts';
import { Session } from './session.ts';
import type { StreamGrant } from './session.ts';
import { dispatchMessages } from './session-dispatch.ts';
import { closeReason } from './socket-messages.ts';
import { holderOf, ViewerPresence } from './stream-access.ts';
import { streamAdmission } from './stream-admission.ts';
import { STREAM_SOCKETS_PER_USER } from './stream-server-api.ts';
import type { StreamServer, StreamServerOptions } from './stream-server-api.ts';
import { StreamSockets } from './stream-sockets.ts';
import { createSyncFanout } from './sync-fanout.ts';
import { describeError, inBackground } from '../lib/background.ts';
import { routeUpgrades, type UpgradeRoute } from './upgrade-routes.ts';
import { streamOwnership } from './stream-owner.ts';

// The reference backend's streaming service (API.md "Streaming"): WebSocket endpoints on the HTTP server. The phone
// stream (/stream/ws): each phone has a room (phone-rooms.ts) with one screen shared by all its viewers, each socket
// is a Session with its own definition (session.ts), let in by stream-admission.ts, its messages dispatched by
// session-dispatch.ts and its access re-checked by access-recheck.ts. Beside it the live grid (/stream/grid) and the
// network check's lines (/stream/line). One keep-alive pings the stream's and the grid's sockets alike.

export type { StreamServer, StreamServerOptions } from './stream-server-api.ts';

export function createStreamServer(options: StreamServerOptions): StreamServer {
  const now = options.now ?? Date.now;
  const clock = options.clock ?? Date.now;
  const logError = options.logError ?? ((line) => console.error(line));
  const screenshotLimit = screenshotLimiter(options.screenshotsPerSocket ?? SCREENSHOTS_PER_SOCKET, options.screenshotsPerUser ?? SCREENSHOTS_PER_USER, clock);
  const sessionOptions = { clock, logError, screenshotAllowed: (session: Session) => screenshotLimit(session, holderOf(session.grant)) };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const rooms = new PhoneRooms({ db: options.db, now, clock, installedApps: options.installedApps, phoneAbout: options.phoneAbout });
  const sockets = new StreamSockets<Session>(options.socketsPerUser ?? STREAM_SOCKETS_PER_USER);
  const presence = new ViewerPresence(options.db, now, options.viewerGraceMs ?? VIEWER_GRACE_MS, () => sockets.viewerKeys(), logError);
  const keepAlive = new KeepAlive(options.keepaliveMs ?? KEEPALIVE_MS);

  // Group control: input on a sync group's main-control phone is mirrored to its followers (sync-fanout.ts).
  const fanout = createSyncFanout({ db: options.db, now, entryFor: (row) => rooms.entryFor(row), logError });

  // The live grid watches the same rooms, so a phone-view tap shows in the grid.
  const grid = createGridService(
    { db: options.db, now, clock, entryFor: (row) => rooms.entryFor(row), currentEntry: (userPhoneId) => rooms.current(userPhoneId), logError },
    { socketsPerUser: options.gridSocketsPerUser, socketsInAll: options.gridSocketsInAll, keepAlive },
  );

  // The network check's line sockets: no login, held to their own per-address and per-second rules, the sockets per
  // address counted in the database across every instance.
  const lineCheck = createLineCheck({
    db: options.db,
    now,
    logError,
    addressOf: options.lineAddressOf ?? ((req) => addressOf(undefined, req.socket.remoteAddress, false)),
    clock,
    socketsPerAddress: options.lineSocketsPerAddress,
    socketsPerGroup: options.lineSocketsPerGroup,
    socketsInAll: options.lineSocketsInAll,
  });

  const access = accessRecheck({ db: options.db, now, sessions: () => sockets, rooms: () => rooms.all(), alsoRecheck: () => grid.recheck(), logError });

  /** An admitted socket: its session joins the phone's room, is told hello, and gets its first picture. */
  async function openSession(socket: WebSocket, row: StreamPhoneRow, grant: StreamGrant): Promise<void> {
    const entry = await rooms.joined(row);
    const session = new Session(socket, row.id, entry, grant, sessionOptions);
    entry.sessions.add(session);
    sockets.add(session);
    if (grant.byViewerKey) await presence.socketOpened(grant.tokenHash);
    keepAlive.watch(socket);
    dispatchMessages(socket, session, { clock, mirror: fanout.mirror });
    socket.on('close', () => {
      sockets.delete(session);
      session.dispose();
      if (grant.byViewerKey) inBackground('[stream] viewer socket closed', logError, () => presence.socketClosed(grant.tokenHash));
    });
    socket.on('error', () => socket.terminate());
    session.hello({
      type: 'hello',
      width: entry.model.width,
      height: entry.model.height,
      phone: { userPhoneId: row.id, name: row.name },
      definition: session.definition,
      role: row.role,
      control: entry.control.allows(session),
    });
    entry.control.joined(session);
    session.schedule();
  }

  const onConnection = streamAdmission({
    db: options.db,
    now,
    authWaitMs: options.authWaitMs ?? AUTH_WAIT_MS,
    admitJoin: options.admitJoin,
    sockets,
    open: openSession,
    logError,
  });

  /** A new socket's admission, which reads the database: a failure is logged and closes the socket. */
  function admitted(ws: WebSocket, url: URL, req: IncomingMessage): void {
    void onConnection(ws, url, req).catch((error: unknown) => {
      logError(`[stream] admission: ${describeError(error)}`);
      ws.terminate();
    });
  }

  // One timer for all sockets: the clock minute (a picture change without input), presence and token validity.
  let ticking = false;
  const tick = setInterval(() => {
    for (const session of sockets) session.schedule();
    grid.tick();
    // The database part waits for the last one: a slow database skips ticks rather than piling them up.
    if (ticking) return;
    ticking = true;
    inBackground('[stream] tick', logError, async () => {
      try {
        await presence.tick();
        await access.recheck();
      } finally {
        ticking = false;
      }
    });
  }, 1000);
  tick.unref();

  // With several instances (INSTANCE_URL), a phone's sockets go to the one instance that renders its owner's phones
  // (stream-owner.ts); the network check's lines are any instance's own.
  const ownership = options.instanceUrl === undefined ? undefined : streamOwnership({ db: options.db, instanceUrl: options.instanceUrl, now, logError });
  const phoneRoutes: UpgradeRoute[] = [
    { path: GRID_SOCKET_PATH, handleUpgrade: (req, socket, head, url) => grid.handleUpgrade(req, socket, head, url) },
    { path: STREAM_PATH, handleUpgrade: (req, socket, head, url) => wss.handleUpgrade(req, socket, head, (ws) => admitted(ws, url, req)) },
  ];
  const upgrades = routeUpgrades([
    ...(ownership ? ownership.wrap(phoneRoutes) : phoneRoutes),
    { path: LINE_CHECK_PATH, handleUpgrade: (req, socket, head, url) => lineCheck.handleUpgrade(req, socket, head, url) },
  ]);

  return {
    handleUpgrade: upgrades.handleUpgrade,
    attach: upgrades.attach,
    dropSessions: (userPhoneId) => rooms.drop(userPhoneId),
    revalidate: access.revalidate,
    restartPhone: (userPhoneId, { reset }) => rooms.restart(userPhoneId, reset),
    appsChanged: (userPhoneId, change) => rooms.appsChanged(userPhoneId, change).catch((error: unknown) => logError(`[stream] apps of phone ${userPhoneId}: ${String(error)}`)),
    sessionCount: (userPhoneId) => (userPhoneId === undefined ? sockets.size : (rooms.current(userPhoneId)?.sessions.size ?? 0)),
    gridWatching: (userPhoneId) => grid.watching(userPhoneId),
    gridSocketsOf: (userId) => grid.socketsOf(userId),
    screen: (userPhoneId) => rooms.current(userPhoneId)?.model,
    mirrored: fanout.mirrored,
    buffered: () => sockets.buffered(),
    close() {
      clearInterval(tick);
      keepAlive.stop();
      presence.close();
      // The leases are given up as the sockets close, so the clients' reconnects are rendered by another instance.
      const othersClosed = Promise.all([grid.close(), lineCheck.close(), ownership?.close()]);
      for (const session of sockets) session.socket.close(CLOSE_SHUTDOWN, closeReason(CLOSE_SHUTDOWN, STREAM_MESSAGES.shuttingDown));
      return new Promise<void>((resolve) => {
        // Sockets that do not answer the close handshake promptly are cut.
        const force = setTimeout(() => {
          for (const session of sockets) session.socket.terminate();
        }, 1000);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          void othersClosed.then(() => resolve());
        });
      });
    },
  };
}
