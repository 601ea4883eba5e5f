/// <reference lib="webworker" />
/**
 * The service worker of the back office (DESIGN.md §5), built by vite-plugin-pwa (injectManifest)
 * and registered with scope /admin/ by src/pwa/register.ts.
 *
 * - precaches the app shell (the build's js/css/html) and drops caches of older builds;
 * - answers every navigation under /admin/ with the precached index.html, so deep links load offline;
 * - keeps images of the app and of uploads in a bounded cache-first cache;
 * - never caches /api answers: the persisted TanStack Query cache is the one offline copy of data;
 * - waits as a new version until the app sends {type: 'SKIP_WAITING'} (the "new version" prompt).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare let self: ServiceWorkerGlobalScope;

const BASE = '/admin/';
const IMAGE_CACHE = 'ebo-images-v1';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Deep links: any navigation under /admin/ gets the app shell; /api and /uploads go to the network. */
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${BASE}index.html`), {
    allowlist: [new RegExp(`^${BASE}`)],
    denylist: [/^\/api\//, /^\/uploads\//],
  }),
);

/** Same-origin images of the app (/admin/...) and uploaded pictures (/uploads/...). */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.destination === 'image' &&
    (url.pathname.startsWith(BASE) || url.pathname.startsWith('/uploads/')),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: 200,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});
