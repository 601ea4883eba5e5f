/// <reference lib="webworker" />
/**
 * The service worker of the back office (docs/architecture.md §5), built by vite-plugin-pwa (injectManifest)
 * and registered with scope /admin/ by src/pwa/register.ts.
 *
 * - precaches the app shell (the build's js/css/html) and drops caches of older builds;
 * - answers every navigation under /admin/ with the precached index.html, so deep links load offline;
 * - keeps images of the app and of uploads in a bounded cache-first cache (the app's own pictures are
 *   fetched at install, so the login screen looks right offline);
 * - keeps the door camera's decoder (WebAssembly) once fetched;
 * - never caches /api answers: the persisted TanStack Query cache is the one offline copy of data;
 * - waits as a new version until the app sends {type: 'SKIP_WAITING'} (the "new version" prompt);
 * - shows web pushes, sets the app icon's badge they carry, and on a click focuses the open window
 *   and takes it to their screen, or opens one (sw/notifications.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  badgeFromPush,
  notifyClientsOfPush,
  openFromNotification,
  parsePush,
  showPush,
} from './notifications';

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

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/i;

/**
 * Same-origin images of the app (/admin/...) and uploaded pictures (/uploads/...). The favicon is
 * fetched without an image destination, hence the file-name test.
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    (request.destination === 'image' || IMAGE_FILE.test(url.pathname)) &&
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

/**
 * The door camera's QR decoder (a hashed `.wasm` of the build, fetched when a door opens online):
 * kept cache-first, so the camera reads tickets offline too (docs/decisions/0055-the-door.md).
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    url.pathname.startsWith(`${BASE}assets/`) &&
    url.pathname.endsWith('.wasm'),
  new CacheFirst({
    cacheName: 'ebo-decoder-v1',
    plugins: [new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
  }),
);

/** The app's own pictures, fetched again by every new version so that they work offline at once. */
const SHELL_IMAGES = ['favicon.svg', 'logo.svg', 'images/login-bg.svg', 'images/default-avatar.svg'];

self.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .open(IMAGE_CACHE)
      .then((cache) =>
        Promise.all(SHELL_IMAGES.map((path) => cache.add(BASE + path).catch(() => undefined))),
      ),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event: PushEvent) => {
  const content = parsePush(event.data);
  event.waitUntil(
    Promise.all([
      showPush(self.registration, content),
      badgeFromPush(content, self.navigator),
      notifyClientsOfPush(self.clients),
    ]),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : self.registration.scope;
  event.waitUntil(openFromNotification(url, self.clients, self.registration.scope));
});
