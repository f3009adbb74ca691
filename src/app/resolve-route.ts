/**
 * Carries out the route rules for one navigation, in the spec's order, with the side effects the
 * pure rules leave to their caller: clearing the session, loading the client, the H5 notice, and
 * fetching the page's chunk before the page is shown (so a failed chunk has a home, not a blank).
 */
import { clearSessionData } from '../core/storage.ts';
import { t } from '../core/i18n/index.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { clearSession, isLoggedIn } from '../account/session.ts';
import { keepInviteCode } from '../account/invite-keep.ts';
import { clientNo, loadClient, permissionKeys, resetClient, secureData } from './client-state.ts';
import {
  clientNoFromUrl,
  clientToLookUp,
  decideAccess,
  decideUrl,
  hasCodeParameter,
  parseHostClients,
  parsePath,
  violatesH5Rule,
  type UrlParts,
} from './router-rules.ts';
import { awaitsMoreRoutes, loadMoreRoutes, routeBySegment } from './routes.ts';
import { preloadRouteFiles } from './route-files.ts';
import type { RouteDef } from './route-types.ts';
import type { GateDecision } from './purchase-gate.ts';
import { pagePath } from './paths.ts';
import { preloadPage } from './pages.ts';
import { go, pageAhead } from './navigate.ts';

export interface CurrentRoute {
  route: RouteDef;
  clientNo: string;
  path: string;
}

export type Resolution =
  | { kind: 'render'; route: RouteDef; clientNo: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'abort' }
  | { kind: 'failed'; route: RouteDef; clientNo: string };

const hostClients = parseHostClients(import.meta.env?.VITE_HOST_CLIENTS);

/**
 * Non-H5 clients let in by a `code` parameter during this visit: the code is on the entry URL only,
 * and in-app moves (login -> home) must not turn the visitor away again.
 */
const admittedByCode = new Set<string>();

/** Spec §2: the client number changed, so everything stored for the old one goes. */
function switchClient(next: string): void {
  clearSessionData();
  clearSession();
  resetClient(next);
}

/**
 * A page whose row is in more-routes.ts waits for that file before the rules run; its own files are asked for
 * meanwhile, from the boot plan, so the two arrive in one round. False when the file could not be loaded.
 */
async function rowReady(url: UrlParts): Promise<boolean> {
  const { segment } = parsePath(url.pathname);
  if (!awaitsMoreRoutes(segment)) return true;
  preloadRouteFiles(segment);
  return loadMoreRoutes().then(
    () => true,
    () => false,
  );
}

export async function resolveRoute(url: UrlParts, previous: CurrentRoute | null): Promise<Resolution> {
  // Without its row the page is not known yet: the failure shows in the plain frame of the 404 page, with a retry.
  if (!(await rowReady(url))) return { kind: 'failed', route: routeBySegment('404')!, clientNo: clientNoFromUrl(url, hostClients) };
  const decision = decideUrl(url, { previousClientNo: previous?.clientNo || undefined, hostClients });
  if (decision.kind === 'abort') return decision;
  if (decision.kind === 'redirect') {
    if (decision.clearSession) switchClient('');
    return { kind: 'redirect', to: decision.to };
  }

  const { route, skipClientLookup, skipH5Check } = decision;
  const number = decision.clientNo;
  if (number && number !== clientNo.value) switchClient(number);

  if (!skipClientLookup && skipH5Check) {
    // A share link's page: its viewers' calls and its words do not depend on the client, which only has to exist. It
    // shows while the client is looked up, and a client that does not exist still ends on 404.
    void loadClient(number).then((loaded) => loaded === 'notFound' && go(pagePath('404', number), { replace: true }));
  } else if (!skipClientLookup) {
    const loaded = await loadClient(number);
    if (loaded === 'notFound') return { kind: 'redirect', to: pagePath('404', number) };
    if (hasCodeParameter(url.search)) admittedByCode.add(number);
    if (violatesH5Rule(secureData.value?.platform, admittedByCode.has(number), skipH5Check)) {
      void openDialog({ title: t('common.notice'), message: t('app.shell.useH5Client'), actions: [{ label: t('common.ok'), primary: true }] });
      return { kind: 'redirect', to: pagePath('404', number) };
    }
    // Kept here, not by the login page: a visitor already signed in (a guest trial) is sent home before it shows.
    if (route.name === 'login') keepInviteCode(new URLSearchParams(url.search));
    const access = decideAccess(route, number, isLoggedIn.value);
    if (access) return { kind: 'redirect', to: access };
    // Spec boot chain: a session's start ends with user/get (account/state.ts loads with the signed-in pages).
    // Offline and not cached, the cached user stays until the next start.
    if (isLoggedIn.value) void import('../account/state.ts').then((module) => module.ensureUser(), () => {});
    if (route.gate) {
      // The page's files are asked for meanwhile: most visits to a gated page are let in.
      preloadPage(route).catch(() => {});
      let gate: GateDecision;
      try {
        gate = (await import('./purchase-gate.ts')).decidePurchaseGate(route, permissionKeys.value, number);
      } catch {
        return { kind: 'failed', route, clientNo: number };
      }
      if (gate.kind === 'redirect') return { kind: 'redirect', to: gate.to };
      // "Stay on the previous path": on a first visit there is none, so home stands in for it.
      if (gate.kind === 'stay') return { kind: 'redirect', to: previous?.path ?? pagePath('', number) };
    }
  }

  try {
    await preloadPage(route);
  } catch {
    return { kind: 'failed', route, clientNo: number };
  }
  return { kind: 'render', route, clientNo: number };
}

// A page's row may be in the table's second file, which the first page's idle loads bring (main.tsx).
pageAhead.load = (segment) => loadMoreRoutes().then(() => preloadPage(routeBySegment(segment)!));

/**
 * Boot-time head start: fetch the client data and the page chunk while the dictionary loads,
 * instead of after the first render. The navigator's own pass then finds both ready.
 */
export function prefetchRoute(url: UrlParts): void {
  if (awaitsMoreRoutes(parsePath(url.pathname).segment)) {
    // The client does not depend on the page's row: it is switched to now (another number's session ends before the
    // app starts) and looked up, and the page's files are asked for once its row is here.
    const number = clientToLookUp(url, hostClients);
    if (number) {
      if (number !== clientNo.value) switchClient(number);
      void loadClient(number);
    }
    void rowReady(url).then((ready) => ready && prefetchRoute(url));
    return;
  }
  const decision = decideUrl(url, { hostClients });
  if (decision.kind !== 'proceed') return;
  if (!decision.skipClientLookup) {
    if (decision.clientNo !== clientNo.value) switchClient(decision.clientNo);
    void loadClient(decision.clientNo);
  }
  preloadPage(decision.route).catch(() => {});
}
