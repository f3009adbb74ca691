/**
 * Boot (first screen): language, API wiring, shell effects, then render. The client data and the
 * page chunk are fetched by the navigator in parallel with the dictionary, not after it.
 */
// First, so that the bundler puts the default language's texts at the top of the entry (data, no side effects): in
// index.html they then sit within gzip's 32 KB reach of the prerendered pages that show the same words, which the
// compressor sends once instead of twice (0.17 KB less); further down the entry they were out of its reach.
import zhCN from './app/text-parts/first-screen-zh-CN.ts';
// Second for the same reason: the page segments are then within reach of the boot plan's list of them in the head.
import './app/page-segments.ts';
import { render } from 'preact';
import './app/global.css';
import { configureHttp } from './core/http.ts';
import { locale, setLocale, storedLocale, provideFirstScreenTexts } from './core/i18n/index.ts';
import { notify } from './core/ui/notify.ts';
import { catalogueReady } from './core/errors.ts';
import { whenIdle } from './core/idle.ts';
import { secureData } from './app/client-state.ts';
import { firstPageRendered, idleLoadsReleased } from './app/first-paint.ts';
import { endSession, isLoggedIn, readTokens, saveTokens, tokens } from './account/session.ts';
import { startShellEffects } from './app/shell.ts';
import { App } from './app/app.tsx';
import { prefetchRoute } from './app/resolve-route.ts';
import { BASE } from './app/navigate.ts';
import { fetchWithBootReplies } from './app/boot-replies.ts';
import { preloadEntryExports } from './app/route-files.ts';
import { loadMoreRoutes } from './app/routes.ts';
// The login page, the first screen for most visits, travels in index.html with the rest of the boot (the build inlines
// the entry chunk, scripts/inline-entry.mjs): its bytes then arrive while the link would otherwise be idle. The form
// parts it shares with other pages (field, input rules, code button) come with it; those pages import them from the
// stub of the entry's exports (scripts/inline-exports.mjs).
import './account/pages/login.tsx';

// Computed by index.html's inline boot (app/inline-boot.ts; on the dev server, scripts/boot-plan.mjs adds a line for
// it). Should that script fail, it is computed here, on demand: the first calls go without it. (A host whose policy
// refuses inline scripts runs none of the app: this module is inline too, docs/decisions.md "The inline entry".)
let fingerprint = window.__fingerprint ?? '';
if (!fingerprint) void import('./core/fingerprint.ts').then((module) => (fingerprint = module.fingerprintId()));

/** What changes a session (account/state.ts): not needed to show or use the login screen, so it loads later. */
const sessionActions = () => import('./account/state.ts');

configureHttp({
  tokens: () => tokens.value,
  storedTokens: readTokens,
  headers: () => {
    const headers: Record<string, string> = { version: __APP_VERSION__, language: locale.value };
    if (fingerprint) headers['fingerprint-id'] = fingerprint;
    const secure = secureData.value;
    if (secure) {
      headers['tenant-id'] = String(secure.tenantId);
      headers['client-id'] = String(secure.clientId);
    }
    return headers;
  },
  saveTokens,
  logout: endSession,
  // The trial's ending says why in a dialog, which loads with the session's actions; without them it still ends.
  trialEnded: () => void sessionActions().then((module) => module.endTrial(), endSession),
  notify: (text) => notify(text),
  // The page's inline boot may have sent the client's boot calls already (app/inline-boot.ts).
  fetch: fetchWithBootReplies,
});

// The first screen's texts: the default language's come with this module, inside index.html (the build inlines it,
// scripts/inline-entry.mjs), where they cost no request and arrive while the link would otherwise be idle; the other
// language's is a file the page's boot plan asks for in the same round.
void provideFirstScreenTexts({ 'zh-CN': () => Promise.resolve({ default: zhCN }), 'en-US': () => import('./app/text-parts/first-screen-en-US.ts') });
// The language first: the page chunk prefetched next asks for texts in that language.
const localeLoaded = setLocale(storedLocale());
const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : location.pathname;
prefetchRoute({ pathname: path, search: location.search, host: location.host });

localeLoaded.then(() => {
  startShellEffects();
  // A guest's trial ends on time even on a page that makes no call then.
  if (isLoggedIn.value) void sessionActions().then((module) => module.watchTrial(), () => {});
  // The page on screen (prerendered, or the boot spinner) stays until the app's first page is ready to replace it.
  const live = document.createElement('div');
  render(<App {...handOver(live)} />, live);
});

/**
 * What no first screen needs, asked for once the first page is on screen and the page is idle: before that, the page
 * can still be waiting for its own files, and these would be on the link beside them.
 */
function loadAfterFirstPage(): void {
  // In place before the first failure needs describing (core/errors.ts).
  void catalogueReady();
  // The other pages' rows (app/more-routes.ts), so that a tap on any link opens its page without waiting for them.
  void loadMoreRoutes().catch(() => {});
  // The idle load phase, one file: the share meta, the service worker, analytics, the old-domain notice (app/idle/).
  void import('./app/idle/index.ts').then((module) => module.startIdleWork(), () => {});
}

/**
 * Boot's hand-over (app/route-view.tsx FirstPageHooks): the app's root goes in place of what index.html showed, in
 * the task that renders the first page, so no frame in between is painted. The prerendered page is inert (nothing in
 * it works before the app does), but a value an autofill or a script put into it is carried over to the same field,
 * through the field's own input handler, and so is the focus.
 */
function handOver(live: HTMLElement) {
  let shown: HTMLElement | null = null;
  let focused = '';
  return {
    beforeFirstPage() {
      const page = document.getElementById('app');
      if (!page || page === live) return;
      shown = page;
      focused = document.activeElement instanceof HTMLElement && page.contains(document.activeElement) ? document.activeElement.id : '';
      page.replaceWith(live);
      live.id = 'app';
    },
    afterFirstPage() {
      firstPageRendered();
      // What the page's idle loads (and every lazy page) import the entry's exports from (app/route-files.ts).
      preloadEntryExports();
      void idleLoadsReleased().then(() => whenIdle(loadAfterFirstPage));
      if (!shown) return;
      for (const input of shown.querySelectorAll('input')) {
        const twin = input.id ? document.getElementById(input.id) : null;
        if (!(twin instanceof HTMLInputElement) || twin.type !== input.type) continue;
        if (input.type === 'checkbox' || input.type === 'radio') {
          if (twin.checked !== input.checked) twin.click();
        } else if (input.value && !twin.value) {
          twin.value = input.value;
          twin.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
      if (focused) document.getElementById(focused)?.focus();
      shown = null;
    },
  };
}
