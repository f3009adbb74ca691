/// <reference lib="webworker" />
/**
 * The service worker (spec §1: /sw.js, scope /app/). Precaches index.html (the app's entry is inline in it), the
 * stub of the entry's exports and the other first-screen assets (list injected by workbox-build at build time),
 * answers /app/ history routes with the app's HTML (never /api/), and caches lazy chunks as they are first used. Old
 * precaches go on activate.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// A new version takes over at once; the page reloads itself once on controllerchange (src/app/shell.ts).
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/app/index.html'), {
    allowlist: [/^\/app(\/|$)/],
    denylist: [/^\/api\//, /\/assets\//, /manifest\.json/],
  }),
);

// Hashed file names never change content, so the cache can answer first; old ones age out.
registerRoute(
  ({ url, request }) => url.pathname.startsWith('/app/assets/') && (request.destination === 'script' || request.destination === 'style' || url.pathname.endsWith('.js')),
  new CacheFirst({
    cacheName: 'lazy-chunks',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// Tenant logos and theme images: show the last copy offline, refresh when online.
registerRoute(
  ({ url }) => url.pathname.startsWith('/static/') || url.pathname.startsWith('/app/theme/'),
  new StaleWhileRevalidate({ cacheName: 'tenant-images', plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);
