import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { GRID_SOCKET_PATH } from '../../shared/contract/grid-protocol.ts';
import { STREAM_PATH } from '../../shared/contract/stream-protocol.ts';
import { claimLease, gridTicketOwner, phoneOwner, releaseLeases, renewLeases } from '../data/stream-leases.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Db } from '../lib/types.ts';
import type { UpgradeRoute } from './upgrade-routes.ts';

// Several instances on one database: every phone of one owner is rendered by one instance at a time, so the owner,
// the share viewers and the live grid see one phone, one room, one group-control fan-out. The first instance a
// stream or grid socket for an owner reaches takes the owner's lease (stream_leases) and renders; another instance
// that receives such a socket passes the raw upgrade on to the holder (its INSTANCE_URL) and pipes the bytes both
// ways, so the client is unchanged. The holder renews its leases each second while it holds sockets for them and
// gives them up once they are closed; a holder that died stops renewing and its leases lapse within LEASE_MS, or at
// once when a socket finds it unreachable. Alone (no INSTANCE_URL) nothing of this runs.

/** How long a lease lasts unless renewed. */
export const LEASE_MS = 5000;
const RENEW_MS = 1000;
/** Set on an upgrade passed on to the holder: the holder serves it whatever its view of the lease, so none loops. */
export const HANDOFF_HEADER = 'x-cloud-phone-handoff';

export interface OwnerDeps {
  db: Db;
  /** This instance's own address, as the others reach it. */
  instanceUrl: string;
  now: () => number;
  logError: (line: string) => void;
}

export interface StreamOwnership {
  /** The routes given, each passing a socket for another instance's owner on to that instance. */
  wrap(routes: UpgradeRoute[]): UpgradeRoute[];
  /** Gives up every lease (a stop), so the clients' reconnects land on an instance that renders. */
  close(): Promise<void>;
}

/** Whose phones an upgrade request is for, or undefined (no such phone or ticket: the route refuses it itself). */
async function ownerOf(db: Db, path: string, url: URL): Promise<number | undefined> {
  if (path === STREAM_PATH) {
    const id = Number(url.searchParams.get('userPhoneId'));
    return Number.isSafeInteger(id) && id > 0 ? await phoneOwner(db, id) : undefined;
  }
  if (path === GRID_SOCKET_PATH) {
    const ticket = url.searchParams.get('ticket');
    return ticket ? await gridTicketOwner(db, hashToken(ticket)) : undefined;
  }
  return undefined;
}

/** The request as it came, to be written again to the holder, marked as handed off. */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  lines.push(`${HANDOFF_HEADER}: 1`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Pipes the client's socket to the holder at `instance`; false when the holder could not be reached. */
function handOff(instance: string, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<boolean> {
  const { hostname, port } = new URL(instance);
  return new Promise((resolve) => {
    const holder = connect(Number(port) || 80, hostname);
    holder.once('error', () => {
      holder.destroy();
      resolve(false);
    });
    holder.once('connect', () => {
      holder.removeAllListeners('error');
      holder.on('error', () => socket.destroy());
      socket.on('error', () => holder.destroy());
      holder.write(requestHead(req));
      if (head.length) holder.write(head);
      socket.pipe(holder).pipe(socket);
      socket.once('close', () => holder.destroy());
      holder.once('close', () => socket.destroy());
      resolve(true);
    });
  });
}

export function streamOwnership(deps: OwnerDeps): StreamOwnership {
  const { db, instanceUrl } = deps;
  /** Sockets this instance serves, per owner: what its leases are renewed for. */
  const open = new Map<number, number>();
  /** Owners whose last socket closed since the last renewal: their leases are given up. */
  const idle = new Set<number>();

  function served(owner: number, socket: Duplex): void {
    open.set(owner, (open.get(owner) ?? 0) + 1);
    idle.delete(owner);
    socket.once('close', () => {
      const left = (open.get(owner) ?? 1) - 1;
      if (left > 0) open.set(owner, left);
      else {
        open.delete(owner);
        idle.add(owner);
      }
    });
  }

  let renewing = false;
  const renew = setInterval(() => {
    if (renewing) return;
    renewing = true;
    const gone = [...idle];
    idle.clear();
    void (async () => {
      try {
        await renewLeases(db, instanceUrl, [...open.keys()], deps.now() + LEASE_MS);
        await releaseLeases(db, instanceUrl, gone);
      } catch (error) {
        deps.logError(`[stream] leases not renewed: ${String(error)}`);
      } finally {
        renewing = false;
      }
    })();
  }, RENEW_MS);
  renew.unref();

  async function route(local: UpgradeRoute, req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const serveHere = () => {
      // Read again as it is handed to its server, which listens for its data from now on.
      socket.resume();
      local.handleUpgrade(req, socket, head, url);
    };
    const owner = await ownerOf(db, local.path, url);
    if (owner === undefined) return serveHere();
    const handedOff = req.headers[HANDOFF_HEADER] !== undefined;
    let holder = await claimLease(db, owner, instanceUrl, deps.now(), deps.now() + LEASE_MS, handedOff);
    if (holder !== instanceUrl && !(await handOff(holder, req, socket, head))) {
      // The holder does not answer: it died before its lease lapsed. This instance takes the owner over now.
      holder = await claimLease(db, owner, instanceUrl, deps.now(), deps.now() + LEASE_MS, true);
      if (holder !== instanceUrl && !(await handOff(holder, req, socket, head))) return void socket.destroy();
    }
    if (holder !== instanceUrl) return;
    served(owner, socket);
    serveHere();
  }

  return {
    wrap: (routes) =>
      routes.map((local) => ({
        path: local.path,
        handleUpgrade(req, socket, head, url) {
          // Not read until it is served here or piped on: its first frames wait in the connection.
          socket.pause();
          route(local, req, socket, head, url).catch((error: unknown) => {
            deps.logError(`[stream] owner of ${local.path}: ${String(error)}`);
            socket.destroy();
          });
        },
      })),
    async close() {
      clearInterval(renew);
      await releaseLeases(db, instanceUrl).catch((error: unknown) => deps.logError(`[stream] leases not released: ${String(error)}`));
    },
  };
}
