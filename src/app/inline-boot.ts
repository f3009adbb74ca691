/**
 * The few lines index.html runs inline, before the app's JS has arrived (scripts/boot-plan.mjs compiles this file
 * into the page with the plan of the build). On a 400 ms link every round trip counts, so the page asks at once
 * for everything the first screen needs:
 * - the route chunk of the address being opened and the dictionary of the stored language, as modulepreload links,
 *   from the plan the build derived from the route table (the entry is inline in the HTML; a lazy page's list names
 *   the file its chunks import the entry's exports from; the login page and the zh-CN first-screen texts travel
 *   inside the entry, so their lists are empty);
 * - for a client this device has no data of yet, the client's boot calls (secure data, about-app, function list);
 *   for a returning visitor opening home, the phone list's first page. The app picks the replies up through
 *   `takeBootReply` instead of asking again. A returning visitor's client data shows from its cache, and the app
 *   refreshes it once its first page is painted (client-state.ts, `loadClient`);
 * - the tenant theme of a returning visitor, from the cached tenant id, so the first paint is already in its colours.
 *
 * It must not import the app: only the fingerprint, the storage reader, the theme rule, the phone list's first
 * address and the plan's reader of text parts (a few lines each, no side effects) are bundled in with it. The
 * fingerprint is computed here only: the app reads it from `window.__fingerprint` and does not carry a second copy of
 * that code.
 */
import { fingerprintId } from '../core/fingerprint.ts';
import { read } from '../core/storage.ts';
import { applyTheme, themeFor } from './theme.ts';
import { FIRST_PHONE_PAGE } from '../devices/first-page.ts';
import { routeTextFiles } from './route-files.ts';

export interface BootPlan {
  /** Where the app is served, with the trailing slash: '/app/'. */
  base: string;
  /** The build's version (the `version` header). */
  version: string;
  /** Asset paths under base; the lists below refer to them by index. */
  files: string[];
  /** Route segment ('' for home) to the files its page needs besides the entry. */
  routes: Record<string, number[]>;
  /** Segments of the pages open without a login; any other page without a token shows login instead. */
  publicSegments: string[];
  /** The first screen's dictionary per language (none for zh-CN: it is inline, in the entry). */
  texts: Record<string, number[]>;
  /** What a signed-in page needs besides its own chunk, per language: the app's texts. */
  appTexts: Record<string, number[]>;
  /** The error catalogue and its texts, per language: what a signed-in page waits for too, unless it is listed below. */
  errorTexts: Record<string, number[]>;
  /** Segments of the signed-in pages that show without waiting for the catalogue (routes.ts, `catalogueLater`). */
  catalogueLater: string[];
  /** The text parts some pages load themselves before they show (the shop's, phone-view's): files per language. */
  routeTexts: Array<{ segments: string[]; files: Record<string, number[]> }>;
  /** The file the lazy chunks import the entry's exports from (a stub: the entry itself is inline in the HTML). */
  exports: number;
  /**
   * Files run as soon as they arrive rather than only fetched, when a page's list names them: a page's early start
   * (src/share/early-join.ts), which imports nothing of the entry.
   */
  run: number[];
}

/** What the boot decided: exported for the unit test, which holds it to the app's own reading of the address. */
export interface BootDecision {
  segment: string;
  clientNo: string;
  language: string;
  files: string[];
  calls: string[];
}

declare global {
  interface Window {
    /** Replies to the boot calls, by path and query, until the app takes them. */
    __bootReplies?: Record<string, Promise<Response>>;
    /** The build's plan, for the app's own later navigations (app/route-files.ts). */
    __bootPlan?: BootPlan;
    /** The device fingerprint the boot calls were sent with, which the app sends too (main.tsx). */
    __fingerprint?: string;
    /** The headers the boot calls were sent with, for a page's early start (the plan's `run` files). */
    __bootHeaders?: Record<string, string>;
  }
}

/** The app's boot calls for a client number, as path and query (the app asks for exactly these, app/client-api.ts). */
export function bootCalls(clientNo: string): string[] {
  const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
  return [
    `/api/merchant/client/get-client-secure-data${query({ clientNo: clientNo.toUpperCase() })}`,
    `/api/merchant/client/get-about-app${query({ clientNo })}`,
    `/api/merchant/client-function/list${query({ functionType: '1', clientNo })}`,
  ];
}

/** Reads the address and storage the way the app's route rules do (app/router-rules.ts), as far as boot needs. */
export function decideBoot(plan: BootPlan, pathname: string, search: string): BootDecision {
  const parts = pathname.slice(plan.base.length - 1).split('/').filter(Boolean);
  const last = (parts[parts.length - 1] ?? '').toLowerCase();
  let segment = '';
  let clientNo = '';
  if (parts.length > 1) {
    segment = parts.slice(0, -1).join('/').toLowerCase();
    clientNo = last;
  } else if (last === '404' || (last && plan.routes[last])) {
    segment = last;
  } else {
    clientNo = last;
  }
  if (last === '404') clientNo = '';
  const fromQuery = (new URLSearchParams(search).get('clientNo') ?? '').trim().toLowerCase();
  if (fromQuery && fromQuery !== '404') clientNo = fromQuery;

  const language = read('language') === 'en-US' ? 'en-US' : 'zh-CN';
  // A private page without a token becomes the login page (the route rules' redirect): fetch that one instead.
  if (!plan.publicSegments.includes(segment) && !read('token')) segment = 'login';
  const indexes = [...(plan.routes[segment] ?? []), ...(plan.texts[language] ?? []), ...routeTextFiles(plan, segment, language)];
  if (!plan.publicSegments.includes(segment)) {
    indexes.push(...(plan.appTexts[language] ?? []));
    if (!plan.catalogueLater.includes(segment)) indexes.push(...(plan.errorTexts[language] ?? []));
  }
  const files = indexes.filter((index, at) => indexes.indexOf(index) === at).map((index) => plan.base + plan.files[index]);
  // The tenant headers are only known (cached) for the client number of the last visit; with its about-app data, the
  // client's pages show from that cache (client-state.ts reads the same keys), which the app refreshes later.
  const tenantKnown = read('clientNo') === clientNo && typeof read('tenantId') === 'number' && typeof read('clientId') === 'number';
  const calls = clientNo && !(tenantKnown && read('aboutAppData') != null) ? bootCalls(clientNo) : [];
  // A returning visitor opening home: the phone list's first page too, in the same round as the app's files.
  if (segment === '' && clientNo && tenantKnown) calls.push(FIRST_PHONE_PAGE);
  return { segment, clientNo, language, files, calls };
}

/** Adds the links and starts the calls. Runs once, inline, in the document's head. */
export function boot(plan: BootPlan): void {
  const decision = decideBoot(plan, location.pathname, location.search);
  // For the second inline script, which shows the prerendered page that matches (inline-prerender.ts).
  document.documentElement.lang = decision.language;
  document.documentElement.dataset.bootPage = decision.segment;
  document.documentElement.dataset.bootClient = decision.clientNo;
  const run = plan.run.map((index) => plan.base + plan.files[index]);
  for (const file of decision.files) {
    if (run.includes(file)) {
      // A page's early start: run as it arrives, before the entry (a script added by a script does not wait for the
      // document; its imports are in the list too).
      const script = document.createElement('script');
      script.type = 'module';
      script.src = file;
      document.head.appendChild(script);
      continue;
    }
    const link = document.createElement('link');
    // The page's CSS as a stylesheet at once, not a preload: the app's chunk loader finds it in place and does not
    // ask again (a preload is only reused through the HTTP cache, which a webview may not keep). A stylesheet added
    // by a script does not hold the first paint back.
    link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  }

  const tenant = read('tenantId');
  const client = read('clientId');
  // The cached tenant belongs to the cached client number; for another number the app starts afresh.
  const sameClient = read('clientNo') === decision.clientNo;
  if (sameClient && typeof tenant === 'number') applyTheme(themeFor(tenant));

  // The headers the app would send (main.tsx, core/http.ts).
  window.__fingerprint = fingerprintId();
  const headers: Record<string, string> = { 'fingerprint-id': window.__fingerprint, version: plan.version, language: decision.language };
  if (sameClient && typeof tenant === 'number' && typeof client === 'number') {
    headers['tenant-id'] = String(tenant);
    headers['client-id'] = String(client);
  }
  const token = read('token');
  if (typeof token === 'string' && token) headers.Authorization = `Bearer ${token}`;
  const replies: Record<string, Promise<Response>> = {};
  // Offline (a launch from the service worker's cache), the app starts from its cached client data: nothing to ask.
  const calls = navigator.onLine === false ? [] : decision.calls;
  for (const call of calls) {
    const reply = fetch(call, { headers, credentials: 'same-origin' });
    // The app judges it when it takes it; until then a failure must not count as unhandled.
    reply.catch(() => {});
    replies[call] = reply;
  }
  window.__bootReplies = replies;
  window.__bootHeaders = headers;
  window.__bootPlan = plan;
}
