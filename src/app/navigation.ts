/** Moving between pages from anywhere (components and actions), always with the client number. */
import { computed, signal } from '@preact/signals-react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { clientNo } from './client-state.ts';
import { pagePath } from './router-rules.ts';

export const BASE = '/app';

/** Name of the route on screen (set by the navigator when a page is shown). */
export const currentRouteName = signal('');
/** Spec §2: the bottom-navigation page is recorded as home or other. */
export const bottomNavPage = computed<'home' | 'other'>(() => (currentRouteName.value === 'home' ? 'home' : 'other'));

/** `/app`-relative path of a page of the current client. */
export function pathTo(segment: string, query = ''): string {
  return pagePath(segment, clientNo.value, query);
}

/** Navigate to an `/app`-relative path. */
export function go(path: string, options: { replace?: boolean } = {}): void {
  browserNavigate(BASE + path, options);
}

export function goToPage(segment: string, options: { replace?: boolean; query?: string } = {}): void {
  go(pathTo(segment, options.query), options);
}

/** Pushes made inside the app, so "back" never leaves it for whatever page came before. */
let inAppSteps = 0;
if (typeof window !== 'undefined') {
  // wouter patches history to emit pushState; a popstate is a step back (or forward, rarely: harmless).
  addEventListener('pushState', () => inAppSteps++);
  addEventListener('popstate', () => (inAppSteps = Math.max(0, inAppSteps - 1)));
}

/** Back within the app when there is somewhere to go back to, else home. */
export function goBack(clientNumber: string): void {
  if (inAppSteps > 0) {
    history.back();
  } else {
    go(pagePath('', clientNumber), { replace: true });
  }
}
