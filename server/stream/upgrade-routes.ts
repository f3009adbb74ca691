import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

// Which WebSocket service answers an upgrade request on the HTTP server, by path: the phone stream, the live grid and
// the network check's lines share the port (API.md "Streaming"), each with its own server and rules.

export interface UpgradeRoute {
  /** The request's path, exactly (its query is the service's to read). */
  path: string;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
}

export interface UpgradeRouter {
  /** Hands the request to the route of its path; false (nothing done) when no route has it. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Answers every upgrade of `server`: a path with no route gets a 404. */
  attach(server: Server): void;
}

export function routeUpgrades(routes: readonly UpgradeRoute[]): UpgradeRouter {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = byPath.get(url.pathname);
    if (!route) return false;
    route.handleUpgrade(req, socket, head, url);
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
  };
}
