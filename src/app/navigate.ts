/**
 * Moving between pages from anywhere (components and actions), always with the client number. Segments are typed
 * from the route table (route-types.ts), so a page that does not exist fails the typecheck, not the user.
 */
import { computed, signal } from '@preact/signals-react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { clientNo } from './client-state.ts';
import { pagePath, type PagePath } from './paths.ts';
import type { RouteName, RouteSegment } from './route-types.ts';

export { pagePath, type PagePath } from './paths.ts';

export const BASE = '/app';

/** Name of the route on screen (set by the route view when a page is shown; '' before the first one). */
export const currentRouteName = signal<RouteName | ''>('');
/** Spec §2: the bottom-navigation page is recorded as home or other. */
export const bottomNavPage = computed<'home' | 'other'>(() => (currentRouteName.value === 'home' ? 'home' : 'other'));

/** `/app`-relative path of a page of the current client. */
export function pathTo(segment: RouteSegment, query = ''): PagePath {
  return pagePath(segment, clientNo.value, query);
}

/** Navigate to an `/app`-relative page path. */
export function go(path: PagePath, options: { replace?: boolean } = {}): void {
  browserNavigate(BASE + path, options);
}

export function goToPage(segment: RouteSegment, options: { replace?: boolean; query?: string } = {}): void {
  go(pathTo(segment, options.query), options);
}

/** Pushes made inside the app, so "back" never leaves it for whatever page came before. */
let inAppSteps = 0;
if (typeof window !== 'undefined') {
  // wouter patches history to emit pushState; a popstate is a step back (or forward, rarely: harmless).
  addEventListener('pushState', () => inAppSteps++);
  addEventListener('popstate', () => (inAppSteps = Math.max(0, inAppSteps - 1)));
}

/**
 * Loads a page's files and texts without opening it, for the tap a page expects next. The router puts the loader in
 * (resolve-route.ts): a page's modules must not reach the route table, which reaches every page.
 */
export const pageAhead = { load: (_segment: RouteSegment): Promise<void> => Promise.resolve() };

/** Back within the app when there is somewhere to go back to, else home. */
export function goBack(clientNumber: string): void {
  if (inAppSteps > 0) {
    history.back();
  } else {
    go(pagePath('', clientNumber), { replace: true });
  }
}
