/**
 * THE route table (spec §2): every page's name, path segment, navigation level, layout, access and lazy module. Paths
 * are `/<segment>/:clientNo`; home is `/:clientNo`. Every row's page is a dynamic import.
 *
 * The table is in two files. The first screens' rows (home, login, 404, and the share link's page) are here, in the
 * entry; every other page's row is in more-routes.ts, a chunk the router loads when one of those pages is opened
 * (`awaitsMoreRoutes`) and once the first page is on screen: those rows and their imports would be over 1 KB gzip of
 * index.html. page-segments.ts names
 * every page, so that an address is told apart from a client number before the rest of the table is here.
 */
import { loadErrorCatalogue } from '../core/errors.ts';
import { prefetchRefresh } from '../core/http.ts';
import type { RouteDef, RouteEntry } from './route-types.ts';
import { loadLayoutsFor } from './layouts/index.tsx';
import { preloadRouteFiles } from './route-files.ts';
import { KNOWN_SEGMENTS } from './page-segments.ts';
import { ensureAppTexts } from './app-texts.ts';

/**
 * Names are the segment in camelCase, except home (segment '') and notFound (segment '404'); a unit test holds both
 * files to that rule. `as const` keeps every name and segment a literal, so `RouteSegment` and `RouteName`
 * (route-types.ts) are derived from the rows and a navigation to a page that is in neither file fails the typecheck.
 */
const FIRST_PAGES = [
  { name: 'home', segment: '', level: 0, layout: 'home', title: 'devices.title', catalogueLater: true, load: () => import('../devices/pages/home.tsx') },
  { name: 'login', segment: 'login', level: 0, layout: 'loginLayout', public: true, load: () => import('../account/pages/login.tsx') },
  { name: 'notFound', segment: '404', level: 0, layout: '404', title: 'misc.notFound.title', public: true, load: () => import('../misc/pages/not-found.tsx') },
  // A share link's page is opened cold, from a link, on slow 3G, with its first picture due within 2.5 s: its row
  // travels with the entry, so the page does not wait for the rest of the table (4 KB gzip) first.
  { name: 'shareScreenControl', segment: 'share-screen-control', level: 1, layout: 'none', title: 'share.controlTitle', public: true, load: () => import('../share/pages/share-screen-control.tsx') },
] as const satisfies readonly RouteEntry[];

/** The whole table as data (both files): what route-types.ts derives the segment and name types from. */
export type RouteTable = readonly [...typeof FIRST_PAGES, ...(typeof import('./more-routes.ts'))['MORE_PAGES']];

/**
 * A private page brings the signed-in app's texts and the error catalogue with it (it may describe failures that did
 * not come from a failed call: a batch's results, a code's state), unless it is marked `catalogueLater`: home, the
 * page a returning user opens, must not wait for 4 KB it rarely needs. Public pages need only the core texts; the
 * catalogue comes with their first failed call. Every page but the first screen's brings the signed-in app's layouts
 * (layouts/index.tsx). A page that exports `ready` is shown once that has resolved too.
 */
function withAppTexts(route: RouteEntry): RouteDef {
  const load = async () => {
    const signedIn = !route.public;
    preloadRouteFiles(route.segment);
    // A signed-in page's session may need renewing: the refresh comes with the page's shared helpers, not later.
    if (signedIn) prefetchRefresh();
    const [module] = await Promise.all([route.load(), loadLayoutsFor(route.layout), signedIn ? ensureAppTexts() : undefined, signedIn && !route.catalogueLater ? loadErrorCatalogue() : undefined]);
    await module.ready?.();
    return module;
  };
  return { ...route, load } as RouteDef;
}

const bySegment = new Map<string, RouteDef>();
const addRows = (rows: readonly RouteEntry[]) => rows.forEach((row) => bySegment.set(row.segment, withAppTexts(row)));
addRows(FIRST_PAGES);

let moreRoutes: Promise<void> | undefined;
let moreLoaded = false;

/** The rows of more-routes.ts, loaded once; a failed load is forgotten, so the next navigation asks again. */
export function loadMoreRoutes(): Promise<void> {
  moreRoutes ??= import('./more-routes.ts').then(
    (module) => {
      addRows(module.MORE_PAGES);
      moreLoaded = true;
    },
    (error: unknown) => {
      moreRoutes = undefined;
      throw error;
    },
  );
  return moreRoutes;
}

/** Whether the row of the page at `segment` is in more-routes.ts and not loaded yet. */
export function awaitsMoreRoutes(segment: string): boolean {
  return !moreLoaded && KNOWN_SEGMENTS.has(segment) && !bySegment.has(segment);
}

/** The row of a loaded page (the first screens' always, the others once `loadMoreRoutes` has resolved). */
export function routeBySegment(segment: string): RouteDef | undefined {
  return bySegment.get(segment);
}
