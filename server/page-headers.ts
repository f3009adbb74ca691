import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

// Headers of the app's HTML document (API.md "Static files"), derived from the built index.html:
// - the Content-Security-Policy allows scripts and styles from this origin only, plus the exact inline blocks of the
//   document by their hashes (its <style>s, the inline boot and the inline entry), so an injected inline script never
//   runs;
// - a Link header names the document's module scripts and preloads, if it has any, which the browser then asks for
//   before it has parsed the document.

export interface PageSecurityOptions {
  /**
   * Origins allowed to embed the app in a frame (FRAME_ANCESTORS). Partner apps load it in webviews and some
   * partner pages frame it, so the default is this origin only rather than no framing at all.
   */
  frameAncestors?: string[];
  /** Extra origins the app may call besides its own (CONNECT_ORIGINS): an API or stream host elsewhere. */
  connectOrigins?: string[];
}

/** An origin as a CSP source: scheme, host and optional port, nothing else (no path, no wildcard scheme). */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** Splits a comma- or space-separated list of origins; throws naming the first entry that is not one. */
export function parseOrigins(name: string, text: string | undefined): string[] {
  const list = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of list) {
    if (!ORIGIN.test(entry)) throw new Error(`${name}: "${entry}" is not an origin like https://partner.example`);
  }
  return list.map((entry) => entry.replace(/\/$/, ''));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hash sources of the inline <script> (without src) and <style> blocks of an HTML document. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => sha256(m[1]!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]!));
  return { scripts, styles };
}

export function contentSecurityPolicy(html: string, options: PageSecurityOptions): string {
  const { scripts, styles } = inlineHashes(html);
  const directives = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets WebAssembly compile (the upload page's streaming SHA-512, hash-wasm), not JavaScript eval.
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...scripts].join(' '),
    // Styles set through the DOM (Preact's style props) are not inline markup and need no allowance.
    ['style-src', "'self'", ...styles].join(' '),
    // Avatars may be any https address (the profile accepts one); screenshots and previews are blob: and data: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(options.connectOrigins ?? [])].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ['frame-ancestors', "'self'", ...(options.frameAncestors ?? [])].join(' '),
  ];
  return directives.join('; ');
}

/**
 * The headers of the app's HTML, computed from the file once per build (its mtime): the policy above, a
 * Referrer-Policy that keeps the app's addresses from other sites (links to support pages and ads) while same-origin
 * requests keep theirs (the wallet page returns to the page that opened it), and the module preloads.
 */
export function pageHeaders(options: PageSecurityOptions) {
  let cached: { mtimeMs: number; headers: Record<string, string> } | null = null;
  return async function headersFor(indexPath: string, mtimeMs: number): Promise<Record<string, string>> {
    if (cached?.mtimeMs !== mtimeMs) {
      const html = await readFile(indexPath, 'utf8');
      const headers: Record<string, string> = { 'Content-Security-Policy': contentSecurityPolicy(html, options), 'Referrer-Policy': 'same-origin' };
      const link = modulePreloadLink(html);
      if (link) headers.Link = link;
      cached = { mtimeMs, headers };
    }
    return cached.headers;
  };
}

/**
 * The document's module scripts and module preloads as a Link header, in document order: the browser asks for them
 * when the response's headers arrive, while the document's own bytes are still coming (on a slow link, the entry's
 * request starts a whole download earlier). A build whose entry is inline (scripts/inline-entry.mjs) names the files
 * the entry imports in <link rel="modulepreload"> tags: none while the entry is one chunk, and then no header.
 */
export function modulePreloadLink(html: string): string | undefined {
  const tags = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*>|<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/gi;
  const sources = [...html.matchAll(tags)].map((m) => (m[1] ?? m[2])!);
  return sources.length ? sources.map((src) => `<${src}>; rel=modulepreload`).join(', ') : undefined;
}
