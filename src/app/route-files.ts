/**
 * The files a page needs, asked for all at once when the app opens it. The build leaves the lists out of the entry
 * (vite.config.ts, `resolveDependencies`): the boot plan index.html carries for its own first round already has them
 * (inline-boot.ts), so the entry reads that one instead of carrying a second copy. Without a plan (the dev server),
 * a page's imports load as the browser finds them.
 */
import type { BootPlan } from './inline-boot.ts';

/** The files of the text parts the page at `segment` loads itself, in `language` (the inline boot asks for them too). */
export function routeTextFiles(plan: BootPlan, segment: string, language: string): number[] {
  return plan.routeTexts.flatMap((part) => (part.segments.includes(segment) ? (part.files[language] ?? []) : []));
}

const asked = new Set<string>();

/** One modulepreload link for `href`, unless one was asked for already or the boot put one in the head. */
function preload(href: string): void {
  if (asked.has(href)) return;
  asked.add(href);
  if (document.head.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * Adds a modulepreload link for each script of the page not asked for yet, and for the text parts it loads itself in
 * the page's language; its styles are the chunk loader's job.
 */
export function preloadRouteFiles(segment: string): void {
  const plan = typeof window === 'undefined' ? undefined : window.__bootPlan;
  if (!plan) return;
  const texts = routeTextFiles(plan, segment, document.documentElement.lang);
  for (const index of [...(plan.routes[segment] ?? []), ...texts]) {
    const href = plan.base + plan.files[index];
    if (href.endsWith('.js')) preload(href);
  }
}

/**
 * The file every lazy chunk imports the entry's exports from, asked for once the first page shows. The login page
 * needs no file, but what it loads when idle (the session's actions, the service worker's registration) does: a
 * dynamic import of the entry lists no scripts (vite.config.ts), so without this the browser would find the file
 * only in the chunk it had just fetched, a round trip later.
 */
export function preloadEntryExports(): void {
  const plan = typeof window === 'undefined' ? undefined : window.__bootPlan;
  if (plan?.exports !== undefined) preload(plan.base + plan.files[plan.exports]);
}
