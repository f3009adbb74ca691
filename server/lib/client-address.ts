import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// Who is asking, for the per-address throttles (API.md "Throttling").

/** The key of requests whose address is unknown (`app.request()` in tests has no socket); they share one budget. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * An IPv6 client usually holds a whole /64, so counting single addresses would let it start afresh at will: the
 * first four groups are the key. An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`) is the IPv4 address.
 */
export function addressKey(address: string): string {
  const plain = address.trim().replace(/%.*$/, '').toLowerCase();
  const family = isIP(plain);
  if (family === 0) return UNKNOWN_ADDRESS;
  if (family === 4) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1];
  const [head, tail] = plain.includes('::') ? plain.split('::') : [plain, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The TCP peer, or undefined when the request did not come through the Node server (tests). */
function socketAddress(c: Context): string | undefined {
  const bindings = c.env as { incoming?: unknown; server?: unknown } | undefined;
  if (!bindings || (!bindings.incoming && !bindings.server)) return undefined;
  return getConnInfo(c).remote.address;
}

/**
 * The client's address key. Behind a reverse proxy (`trustProxy`, env TRUST_PROXY) every request comes from the
 * proxy, so the left-most X-Forwarded-For entry is taken: the proxy must set that header itself (replacing what the
 * client sent), or a client could name any address. Without the setting the header is ignored for the same reason.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  return addressOf(c.req.header('x-forwarded-for'), socketAddress(c), trustProxy);
}

/** The same for a request Hono did not see (a WebSocket upgrade): its X-Forwarded-For header and its TCP peer. */
export function addressOf(forwardedFor: string | undefined, peer: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = (forwardedFor ?? '').split(',')[0].trim();
    if (forwarded && isIP(forwarded.replace(/%.*$/, ''))) return addressKey(forwarded);
  }
  return peer ? addressKey(peer) : UNKNOWN_ADDRESS;
}

/**
 * The group an address key belongs to, for the caps a sender could dodge by moving to a neighbouring address: an IPv4
 * address's /24 ("a.b.c.0/24"). An IPv6 key is already its /64, and other keys (unknown) stand alone.
 */
export function addressGroupKey(address: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  return v4 ? `${v4[1]}.0/24` : address;
}
