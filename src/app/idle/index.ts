/**
 * What boot starts once the first page is on screen and the page is idle (main.tsx imports this and nothing else of
 * the folder): no first screen needs any of it, and before then it would be on the link beside the page's own files.
 * This folder is that load phase: its modules go into one file, the `idle` chunk, and its texts into one file per
 * language (scripts/load-phases.mjs); nothing eager imports from it.
 */
import { showOldDomainNotice } from './old-domain.ts';
import { registerServiceWorker } from './service-worker.ts';
import { startShareMeta } from './share-meta.ts';

export function startIdleWork(): void {
  // Analytics, a file of its own: its start-up failing is logged only (spec §8).
  void import('../../analytics/tracker.ts').then((module) => module.startAnalytics(), (error: unknown) => console.error('analytics: not loaded', error));
  // The icons and share meta: for link previews and search results, not for the screen.
  void startShareMeta();
  // The service worker, which registers once the page has loaded too.
  registerServiceWorker();
  // Only a build that names domains being retired carries the notice (the condition is settled at build time).
  if (import.meta.env.VITE_OLD_DOMAINS) void showOldDomainNotice();
}
