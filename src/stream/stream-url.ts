import { STREAM_PATH } from '../../shared/contract/stream-protocol.ts';

/** The streaming host the app was built for (VITE_STREAM_SDK_BASE); '' for the page's own origin. */
export const streamBase = (): string => import.meta.env?.VITE_STREAM_SDK_BASE ?? '';

/**
 * The stream's WebSocket address: `<base>/stream/ws?token=&userPhoneId=` (server/API.md "Streaming"), without the
 * token when it is to come as the first message (null). The base is the streaming host (VITE_STREAM_SDK_BASE, which
 * may carry a path prefix) or, when empty, the page's origin. Throws on a base that is not an http(s) or ws(s) URL:
 * the caller reports "stream configuration error".
 */
export function streamUrl(baseUrl: string, userPhoneId: number, token: string | null, origin = globalThis.location?.origin): string {
  const query: Record<string, string> = token === null ? {} : { token };
  return hostSocketUrl(baseUrl, STREAM_PATH, { ...query, userPhoneId: String(userPhoneId) }, origin);
}

/**
 * A WebSocket address on the streaming host: the base's path prefix kept, `path` under it, http(s) turned into
 * ws(s). Shared by the phone stream and the live grid (src/devices/live-grid). Throws on a base that is not an http(s)
 * or ws(s) URL.
 */
export function hostSocketUrl(baseUrl: string, path: string, query: Record<string, string>, origin = globalThis.location?.origin): string {
  const base = new URL(baseUrl.trim() || origin || '');
  const protocols: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' };
  const protocol = protocols[base.protocol];
  if (!protocol) throw new Error(`unsupported stream base ${base.protocol}`);
  // The path is set on the base itself: resolving a relative "//x" path would make x the host.
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  url.protocol = protocol;
  url.hash = '';
  url.search = new URLSearchParams(query).toString();
  return url.toString();
}
