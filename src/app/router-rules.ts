/**
 * Spec §2 "Route rules" as pure functions, so each bullet has a unit test and the navigator only
 * carries out what they decide. Paths here are relative to the /app base.
 */
import { routeBySegment } from './routes.ts';
import { KNOWN_SEGMENTS } from './page-segments.ts';
import type { RouteDef } from './route-types.ts';
import { pagePath, pathOfSegment } from './paths.ts';

export interface UrlParts {
  pathname: string;
  search: string;
  host: string;
}

export interface ParsedPath {
  /** Page segment ('' for home). */
  segment: string;
  /** Lowercased client number from the last path segment; '' when that segment is 404; undefined when absent. */
  clientNo: string | undefined;
}

/** Page paths that need no client lookup (spec §2). */
const SKIP_CLIENT_LOOKUP = ['/download', '/privacy-agreement', '/user-agreement'];
const SHARE_SCREEN = 'share-screen-control';

/** Spec §2: the pages that need no client lookup, by path, and the 404 page. */
function skipsClientLookup(pathname: string, segment: string): boolean {
  return SKIP_CLIENT_LOOKUP.some((skip) => pathname.includes(skip)) || segment === '404';
}

/** Spec §2: share-screen-control pages skip the H5-platform check (viewers arrive from any client). */
export function skipsH5Check(pathname: string): boolean {
  return pathname.includes(SHARE_SCREEN);
}

export function parsePath(pathname: string): ParsedPath {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 0) return { segment: '', clientNo: undefined };
  const last = parts[parts.length - 1].toLowerCase();
  if (parts.length === 1) {
    if (last === '404') return { segment: '404', clientNo: '' };
    // A lone segment naming a page is a route without its client number, not a client called "login".
    if (KNOWN_SEGMENTS.has(last)) return { segment: last, clientNo: undefined };
    return { segment: '', clientNo: last };
  }
  return { segment: parts.slice(0, -1).join('/').toLowerCase(), clientNo: last === '404' ? '' : last };
}

/** `host=clientNo` pairs, comma-separated (VITE_HOST_CLIENTS). */
export function parseHostClients(setting: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (setting ?? '').split(',')) {
    const [host, clientNo] = pair.split('=').map((part) => part?.trim().toLowerCase());
    if (host && clientNo) map[host] = clientNo;
  }
  return map;
}

/** Spec §2: the client number comes from the query, else the host, else the last path segment; lowercased. */
export function clientNoFromUrl(url: UrlParts, hostClients: Record<string, string> = {}): string {
  const fromQuery = new URLSearchParams(url.search).get('clientNo')?.trim().toLowerCase();
  if (fromQuery && fromQuery !== '404') return fromQuery;
  const fromHost = hostClients[url.host.toLowerCase()];
  if (fromHost) return fromHost;
  return parsePath(url.pathname).clientNo ?? '';
}

/** The query minus `clientNo`, which the path now carries. */
function searchWithoutClientNo(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('clientNo');
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

export interface NavigationContext {
  /** Client number of the route we are leaving (undefined on first load). */
  previousClientNo?: string;
  hostClients?: Record<string, string>;
}

export type UrlDecision =
  | { kind: 'abort' }
  | { kind: 'redirect'; to: string; clearSession?: boolean }
  | {
      kind: 'proceed';
      route: RouteDef;
      clientNo: string;
      skipClientLookup: boolean;
      skipH5Check: boolean;
    };

/** The rules that need only the URL: manifest abort, skip lists, client number resolution and appending. */
export function decideUrl(url: UrlParts, context: NavigationContext = {}): UrlDecision {
  const { pathname, search } = url;
  if (pathname.includes('manifest.json')) return { kind: 'abort' };
  const parsed = parsePath(pathname);
  const skipH5Check = skipsH5Check(pathname);

  if (skipsClientLookup(pathname, parsed.segment)) {
    const route = routeBySegment(parsed.segment);
    if (route) return { kind: 'proceed', route, clientNo: parsed.clientNo ?? '', skipClientLookup: true, skipH5Check };
  }

  const clientNo = clientNoFromUrl(url, context.hostClients);
  if (!clientNo) {
    if (context.previousClientNo && !skipH5Check) return { kind: 'redirect', to: pagePath('login', context.previousClientNo) };
    return { kind: 'redirect', to: '/404', clearSession: true };
  }
  if (parsed.clientNo !== clientNo) {
    return { kind: 'redirect', to: pathOfSegment(parsed.segment, clientNo, searchWithoutClientNo(search)) };
  }
  const route = routeBySegment(parsed.segment);
  if (!route) return { kind: 'redirect', to: pagePath('404', clientNo) };
  return { kind: 'proceed', route, clientNo, skipClientLookup: false, skipH5Check };
}

/**
 * The client number a navigation to `url` looks up, read without the page's row (which `decideUrl` needs, and which
 * may still be loading: routes.ts): '' when the address skips the lookup, names no client or is redirected first.
 */
export function clientToLookUp(url: UrlParts, hostClients: Record<string, string> = {}): string {
  if (url.pathname.includes('manifest.json')) return '';
  const parsed = parsePath(url.pathname);
  if (skipsClientLookup(url.pathname, parsed.segment)) return '';
  const clientNo = clientNoFromUrl(url, hostClients);
  return clientNo && parsed.clientNo === clientNo ? clientNo : '';
}

/** Spec §2: a client whose platform is not h5 needs a `code` parameter, else a notice and /404. */
export function violatesH5Rule(platform: string | undefined, hasCode: boolean, skipH5Check: boolean): boolean {
  if (skipH5Check || !platform || platform.toLowerCase() === 'h5') return false;
  return !hasCode;
}

export function hasCodeParameter(search: string): boolean {
  return Boolean(new URLSearchParams(search).get('code'));
}

/** Login with a token goes home; any other non-public page without one goes to login. */
export function decideAccess(route: RouteDef, clientNo: string, hasToken: boolean): string | null {
  if (route.name === 'login' && hasToken) return pagePath('', clientNo);
  if (!route.public && !hasToken) return pagePath('login', clientNo);
  return null;
}

export type SlideDirection = 'from-left' | 'from-right' | 'none';

/** Spec §2: a higher level than the previous route slides in from the left, a lower one from the right. */
export function slideDirection(previousLevel: number | undefined, nextLevel: number): SlideDirection {
  if (previousLevel === undefined || previousLevel === nextLevel) return 'none';
  return nextLevel > previousLevel ? 'from-left' : 'from-right';
}
