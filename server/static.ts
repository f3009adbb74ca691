import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from './lib/types.ts';
import { PAGE_MESSAGES } from './lib/errors.ts';
import { pageHeaders } from './page-headers.ts';
import type { PageSecurityOptions } from './page-headers.ts';

// Serves the built app (API.md "Static files"): precompressed siblings, long caching for hashed assets,
// history-mode fallback for client routes, and the service worker at the root so its scope can be /app/.

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const TENANT_FILES_CACHE = 'public, max-age=3600';
// Preference order when the client accepts both equally: brotli is smaller.
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export interface StaticOptions {
  distDir: string;
  /** Files the backend owns (tenant logos), served under /static/. */
  staticDir: string;
  /** Who may frame the app and which other origins it may call (page-headers.ts). */
  security?: PageSecurityOptions;
}

type Lookup = { kind: 'file'; path: string; size: number; mtimeMs: number } | { kind: 'missing' } | { kind: 'forbidden' };

/**
 * Maps the raw URL remainder to a file under root. The remainder is decoded here (not by the router) so that
 * `..%2f` is seen as `../`; anything that would leave root, or carries NUL or backslashes, is forbidden.
 */
async function lookup(root: string, encodedRest: string): Promise<Lookup> {
  let rest: string;
  try {
    rest = decodeURIComponent(encodedRest);
  } catch {
    return { kind: 'forbidden' };
  }
  if (rest.includes('\0') || rest.includes('\\') || rest.split('/').includes('..')) return { kind: 'forbidden' };
  const base = resolve(root);
  const path = resolve(base, `.${'/'}${rest}`);
  if (path !== base && !path.startsWith(base + sep)) return { kind: 'forbidden' };
  try {
    const info = await stat(path);
    return info.isFile() ? { kind: 'file', path, size: info.size, mtimeMs: info.mtimeMs } : { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
}

/** q-values of Accept-Encoding; `*` covers encodings not named, `q=0` refuses. */
function accepts(header: string, encoding: string): number {
  let star = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (token.trim() === encoding) return q;
    if (token.trim() === '*') star = q;
  }
  return star;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends the file, or its .br/.gz sibling when the request allows one. Content-Type always describes the original
 * file; Vary is set whenever a sibling exists, so shared caches keep the variants apart.
 */
async function sendFile(c: Context<AppEnv>, file: { path: string; size: number; mtimeMs: number }, cacheControl: string) {
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
  });
  const acceptEncoding = c.req.header('accept-encoding') ?? '';
  let chosen: { path: string; encoding: string | null } = { path: file.path, encoding: null };
  let bestQ = 0;
  let hasVariants = false;
  for (const { name, suffix } of ENCODINGS) {
    if (!(await isFile(file.path + suffix))) continue;
    hasVariants = true;
    const q = accepts(acceptEncoding, name);
    if (q > bestQ) {
      bestQ = q;
      chosen = { path: file.path + suffix, encoding: name };
    }
  }
  if (hasVariants) headers.set('Vary', 'Accept-Encoding');
  if (chosen.encoding) headers.set('Content-Encoding', chosen.encoding);
  // A weak validator per variant lets no-cache files revalidate with a cheap 304.
  const etag = `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}${chosen.encoding ? `-${chosen.encoding}` : ''}"`;
  headers.set('ETag', etag);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = await readFile(chosen.path);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { status: 200, headers });
}

function cacheControlFor(rest: string): string {
  if (rest.startsWith('assets/')) return IMMUTABLE;
  // index.html, sw.js and every other unhashed file must be revalidated or an old build would stick.
  return NO_CACHE;
}

/** The URL path after `prefix`, still percent-encoded (the router's decoded path would hide `%2f`). */
function rawRest(c: Context<AppEnv>, prefix: string): string {
  return new URL(c.req.url).pathname.slice(prefix.length);
}

export function staticRoutes(options: StaticOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const indexPath = resolve(options.distDir, 'index.html');
  const notFound = (c: Context<AppEnv>) => c.text(PAGE_MESSAGES.notFound, 404);
  const forbidden = (c: Context<AppEnv>) => c.text(PAGE_MESSAGES.forbidden, 403);
  const documentHeaders = pageHeaders(options.security ?? {});

  /** An HTML document of the app, with its Content-Security-Policy, Referrer-Policy and module preloads. */
  const sendPage = async (c: Context<AppEnv>, file: { path: string; size: number; mtimeMs: number }) => {
    const response = await sendFile(c, file, NO_CACHE);
    for (const [name, value] of Object.entries(await documentHeaders(file.path, file.mtimeMs))) response.headers.set(name, value);
    return response;
  };

  routes.get('/', (c) => c.redirect('/app/demo', 302));

  const serveApp = async (c: Context<AppEnv>) => {
    const index = await lookup(options.distDir, 'index.html');
    if (index.kind !== 'file') {
      return c.text(`The app is not built: ${indexPath} is missing. Run \`npm run build\`, then reload.\n`, 503);
    }
    const rest = rawRest(c, '/app').replace(/^\//, '');
    const found = rest ? await lookup(options.distDir, rest) : ({ kind: 'missing' } as const);
    if (found.kind === 'forbidden') return forbidden(c);
    if (found.kind === 'file') {
      return extname(found.path).toLowerCase() === '.html' ? sendPage(c, found) : sendFile(c, found, cacheControlFor(rest));
    }
    // A missing hashed asset is a real 404: answering HTML would be parsed as script and hide the broken deploy.
    if (rest.startsWith('assets/')) return notFound(c);
    return sendPage(c, index);
  };
  routes.get('/app', serveApp);
  routes.get('/app/*', serveApp);

  // At the root so it may claim the /app/ scope; the header makes that explicit to the browser.
  routes.get('/sw.js', async (c) => {
    const found = await lookup(options.distDir, 'sw.js');
    if (found.kind !== 'file') return notFound(c);
    const response = await sendFile(c, found, NO_CACHE);
    response.headers.set('Service-Worker-Allowed', '/app/');
    return response;
  });

  routes.get('/static/*', async (c) => {
    const found = await lookup(options.staticDir, rawRest(c, '/static/'));
    if (found.kind === 'forbidden') return forbidden(c);
    if (found.kind === 'missing') return notFound(c);
    return sendFile(c, found, TENANT_FILES_CACHE);
  });

  return routes;
}
