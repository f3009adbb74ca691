import type { IncomingMessage } from 'node:http';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { phoneOpenedBy } from '../data/phone-tokens.ts';
import { controlRequestsOfPhone, phoneOpenedByViewer } from '../data/shares.ts';
import { findPhone } from '../data/phones.ts';
import type { PhoneScreen } from '../data/phone-tokens.ts';
import { hashToken } from '../lib/tokens.ts';
import { GRID_SOCKET_PATH } from '../../shared/contract/grid-protocol.ts';
import { AUTH_WAIT_MS, CLOSE_POLICY, CLOSE_SHUTDOWN, STREAM_MESSAGES, STREAM_PATH } from '../../shared/contract/stream-protocol.ts';
import { closeReason, MalformedCount, parseClientMessage } from './protocol.ts';
import { createGridService } from './grid-server.ts';
import { createLineCheck } from './line-check.ts';
import { routeUpgrades } from './upgrade-routes.ts';
import { LINE_CHECK_PATH } from '../../shared/contract/line-check-words.ts';
import { addressOf } from '../lib/client-address.ts';
import { runningBoot } from './phone-boot.ts';
import { setAbout } from './phone-about.ts';
import { seenSince, VIEWER_GRACE_MS } from '../lib/shares.ts';
import { joinBySocket, rejoinByKey } from '../lib/share-viewers.ts';
import { authorizeStream, holderOf, refuse, refuseOrEndViewer, refuseTooMany, ViewerPresence } from './stream-access.ts';
import { SCREENSHOTS_PER_SOCKET, SCREENSHOTS_PER_USER, screenshotLimiter } from './screenshot-limits.ts';
import { PhoneEntry } from './phone-entry.ts';
import { STREAM_SOCKETS_PER_USER } from './stream-server-api.ts';
import type { StreamServer, StreamServerOptions } from './stream-server-api.ts';
import { Session } from './session.ts';
import { createSyncFanout, isMirrored } from './sync-fanout.ts';
import { VirtualScreen } from './virtual-screen.ts';

// The reference backend's streaming service (API.md "Streaming"): a WebSocket endpoint on the HTTP server
// (path /stream/ws). Each phone has one VirtualScreen shared by all its viewers (a PhoneEntry); each socket is a
// Session with its own definition (session.ts).

export type { StreamServer, StreamServerOptions } from './stream-server-api.ts';

export function createStreamServer(options: StreamServerOptions): StreamServer {
  const now = options.now ?? Date.now;
  const clock = options.clock ?? Date.now;
  const logError = options.logError ?? ((line) => console.error(line));
  const socketsPerUser = options.socketsPerUser ?? STREAM_SOCKETS_PER_USER;
  const screenshotLimit = screenshotLimiter(options.screenshotsPerSocket ?? SCREENSHOTS_PER_SOCKET, options.screenshotsPerUser ?? SCREENSHOTS_PER_USER, clock);
  const screenshotAllowed = (session: Session) => screenshotLimit(session, holderOf(session.grant));
  const sessionOptions = { clock, logError, screenshotAllowed };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const phones = new Map<number, PhoneEntry>();
  const sessions = new Set<Session>();
  /** Clipboards of rebooted phones until their next screen is made: a reboot keeps user data, only a reset wipes it. */
  const keptClipboards = new Map<number, string>();

  // The stored identity, for the Settings app: read when a screen is made (a change reboots the phone, which makes a
  // new screen) and when a socket joins; not in entryFor's other calls (per follower on every mirrored input).
  const readAbout = (model: VirtualScreen) => setAbout(model, options.phoneAbout?.(model.phone.id) ?? null);

  function entryFor(row: PhoneScreen): PhoneEntry {
    let entry = phones.get(row.id);
    if (!entry) {
      const model = new VirtualScreen({ id: row.id, name: row.name }, clock, row, options.installedApps?.(row.id) ?? []);
      readAbout(model);
      model.setClipboard(keptClipboards.get(row.id) ?? '');
      keptClipboards.delete(row.id);
      // Made while a reboot or reset runs (restartPhone discarded the old screen): it starts up until that ends.
      const boot = runningBoot(findPhone(options.db, row.id), now(), clock());
      if (boot) model.startBoot(boot);
      entry = new PhoneEntry(model, clock);
      phones.set(row.id, entry);
    } else {
      // The resolution may have been changed through the API (set-resolution) since the model was made.
      entry.model.setResolution(row.width, row.height);
    }
    return entry;
  }

  // Group control: input on a sync group's main-control phone is mirrored to its followers (sync-fanout.ts).
  const mirror = createSyncFanout({ db: options.db, now, entryFor });

  // The live grid (/stream/grid) watches the same entries, so a phone-view tap shows in the grid.
  const grid = createGridService({
    db: options.db,
    now,
    clock,
    entryFor,
    currentEntry: (userPhoneId) => phones.get(userPhoneId),
    logError,
  }, { socketsPerUser: options.gridSocketsPerUser, socketsInAll: options.gridSocketsInAll });

  // The network check's line sockets (/stream/line): no login, held to their own per-address and per-second rules.
  const lineCheck = createLineCheck({
    addressOf: options.lineAddressOf ?? ((req) => addressOf(undefined, req.socket.remoteAddress, false)),
    clock,
    socketsPerAddress: options.lineSocketsPerAddress,
    socketsPerGroup: options.lineSocketsPerGroup,
    socketsInAll: options.lineSocketsInAll,
  });

  /**
   * A new socket: its token is in the address, or comes as its first message (`auth`) within AUTH_WAIT_MS, so a page
   * can open the socket while its token call is still on the way (one round trip less before the first picture).
   */
  function onConnection(socket: WebSocket, url: URL, req: IncomingMessage): void {
    const userPhoneId = Number(url.searchParams.get('userPhoneId'));
    const token = url.searchParams.get('token');
    if (token) return openSession(socket, userPhoneId, token);
    const wait = setTimeout(() => refuse(socket), options.authWaitMs ?? AUTH_WAIT_MS);
    socket.once('close', () => clearTimeout(wait));
    socket.once('message', (data: RawData, isBinary: boolean) => {
      clearTimeout(wait);
      const message = isBinary ? null : parseClientMessage(data.toString());
      if (!message || 'error' in message || message.type !== 'auth') return refuse(socket);
      if (message.rejoin) rejoinByKey(options.db, now(), message.token, userPhoneId);
      // A refused join leaves the key unknown: the socket is then refused below, and the page's join call says why.
      if (message.join && (options.admitJoin?.(req) ?? true)) joinBySocket({ db: options.db, now }, message.token, message.join, userPhoneId);
      openSession(socket, userPhoneId, message.token);
    });
  }

  function openSession(socket: WebSocket, userPhoneId: number, token: string): void {
    const tokenHash = hashToken(token);
    const row = authorizeStream(options.db, token, userPhoneId, now(), openViewerKeys().has(tokenHash));
    if (!row) return refuseOrEndViewer(options.db, socket, tokenHash, userPhoneId, now());
    const grant = { tokenHash, userId: row.user_id, role: row.role, permission: row.permission, byViewerKey: row.byViewerKey };
    const holder = holderOf(grant);
    if ([...sessions].filter((open) => holderOf(open.grant) === holder).length >= socketsPerUser) return refuseTooMany(socket);
    const known = phones.has(row.id);
    const entry = entryFor(row);
    if (known) readAbout(entry.model);
    const session = new Session(socket, row.id, entry, grant, sessionOptions);
    entry.sessions.add(session);
    sessions.add(session);
    if (grant.byViewerKey) presence.socketOpened(tokenHash);
    socket.on('pong', () => {
      session.alive = true;
    });
    const malformed = new MalformedCount();
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const message = isBinary ? { error: STREAM_MESSAGES.binaryRefused } : parseClientMessage(data.toString());
      if ('error' in message) {
        if (malformed.tolerate(clock())) return session.send({ type: 'error', msg: message.error });
        return socket.close(CLOSE_POLICY, closeReason(CLOSE_POLICY, STREAM_MESSAGES.malformedFlood));
      }
      // Whether this input drives the phone is decided before it is applied, as the session itself decides.
      const mirrored = isMirrored(message) && session.entry.control.allows(session);
      session.handle(message);
      if (mirrored) mirror(session, message);
    });
    socket.on('close', () => {
      sessions.delete(session);
      session.dispose();
      if (grant.byViewerKey) presence.socketClosed(grant.tokenHash);
    });
    socket.on('error', () => socket.terminate());
    const model = entry.model;
    session.hello({
      type: 'hello',
      width: model.width,
      height: model.height,
      phone: { userPhoneId: row.id, name: row.name },
      definition: session.definition,
      role: row.role,
      control: entry.control.allows(session),
    });
    entry.control.joined(session);
    session.schedule();
  }

  function openViewerKeys(): Set<string> {
    return new Set([...sessions].filter((session) => session.grant.byViewerKey).map((session) => session.grant.tokenHash));
  }
  const presence = new ViewerPresence(options.db, now, options.viewerGraceMs ?? VIEWER_GRACE_MS, openViewerKeys);

  /** Closes every socket whose token no longer opens its phone, and applies access changes (view <-> control). */
  function recheck(): void {
    const at = now();
    const changed = new Set<PhoneEntry>();
    for (const session of sessions) {
      if (session.socket.readyState !== session.socket.OPEN) continue;
      const { tokenHash, byViewerKey } = session.grant;
      // An open socket is presence itself: its viewer is in the room whatever last_seen_at says.
      const row = byViewerKey ? phoneOpenedByViewer(options.db, tokenHash, session.phoneId, at, 0) : phoneOpenedBy(options.db, tokenHash, session.phoneId, at);
      if (!row) {
        if (byViewerKey) refuseOrEndViewer(options.db, session.socket, tokenHash, session.phoneId, at);
        else refuse(session.socket);
        continue;
      }
      if (row.permission !== session.permission) {
        session.permission = row.permission;
        changed.add(session.entry);
      }
    }
    for (const entry of changed) entry.control.permissionsChanged();
    // Owners watching a phone hear which share viewers ask for control (a request is a call, not a socket message).
    for (const [phoneId, entry] of phones) {
      if (entry.control.hasOwner()) entry.control.controlRequests(controlRequestsOfPhone(options.db, phoneId, at, seenSince(at)));
    }
    grid.recheck();
  }

  let recheckQueued = false;
  function revalidate(): void {
    if (recheckQueued) return;
    recheckQueued = true;
    // After the revoking transaction has committed (revocations are reported from inside it).
    setImmediate(() => {
      recheckQueued = false;
      recheck();
    });
  }

  // One timer for all sessions: the clock minute (a picture change without input), the keepalive pings and token
  // validity.
  let ticks = 0;
  const keepaliveTicks = Math.max(1, Math.round((options.keepaliveMs ?? 15000) / 1000));
  const tick = setInterval(() => {
    ticks++;
    presence.tick();
    recheck();
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
    grid.tick(ping);
  }, 1000);
  tick.unref();

  function dropSessions(userPhoneId: number): number {
    const entry = phones.get(userPhoneId);
    if (!entry) return 0;
    const list = [...entry.sessions];
    for (const session of list) session.socket.terminate();
    return list.length;
  }

  const upgrades = routeUpgrades([
    { path: GRID_SOCKET_PATH, handleUpgrade: (req, socket, head, url) => grid.handleUpgrade(req, socket, head, url) },
    { path: LINE_CHECK_PATH, handleUpgrade: (req, socket, head, url) => lineCheck.handleUpgrade(req, socket, head, url) },
    { path: STREAM_PATH, handleUpgrade: (req, socket, head, url) => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url, req)) },
  ]);

  return {
    handleUpgrade: upgrades.handleUpgrade,
    attach: upgrades.attach,
    dropSessions,
    revalidate,
    restartPhone(userPhoneId, { reset }) {
      const dropped = dropSessions(userPhoneId);
      const model = phones.get(userPhoneId)?.model;
      // The dropped sessions still hold the old entry and release themselves from it when their close event fires.
      phones.delete(userPhoneId);
      if (reset) keptClipboards.delete(userPhoneId);
      else if (model?.clipboard) keptClipboards.set(userPhoneId, model.clipboard);
      return dropped;
    },
    appsChanged(userPhoneId, change) {
      const entry = phones.get(userPhoneId);
      if (!entry) return;
      const model = entry.model;
      if (options.installedApps) model.setInstalledApps(options.installedApps(userPhoneId));
      if (change?.action === 'start') model.startApp(change.packageName);
      else if (change?.action === 'stop') model.stopApp(change.packageName);
      entry.changed();
    },
    sessionCount(userPhoneId) {
      if (userPhoneId === undefined) return sessions.size;
      return phones.get(userPhoneId)?.sessions.size ?? 0;
    },
    gridWatching(userPhoneId) {
      return grid.watching(userPhoneId);
    },
    gridSocketsOf(userId) {
      return grid.socketsOf(userId);
    },
    screen(userPhoneId) {
      return phones.get(userPhoneId)?.model;
    },
    buffered() {
      let total = 0;
      let max = 0;
      for (const session of sessions) {
        const queued = session.socket.bufferedAmount;
        total += queued;
        max = Math.max(max, queued);
      }
      return { sockets: sessions.size, total, max };
    },
    close() {
      clearInterval(tick);
      presence.close();
      const gridClosed = Promise.all([grid.close(), lineCheck.close()]);
      for (const session of sessions) session.socket.close(CLOSE_SHUTDOWN, closeReason(CLOSE_SHUTDOWN, STREAM_MESSAGES.shuttingDown));
      return new Promise<void>((resolve) => {
        // Sockets that do not answer the close handshake promptly are cut.
        const force = setTimeout(() => {
          for (const session of sessions) session.socket.terminate();
        }, 1000);
        force.unref();
        wss.close(() => {
          clearTimeout(force);
          void gridClosed.then(() => resolve());
        });
      });
    },
  };
}
