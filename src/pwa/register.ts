/**
 * Service worker registration (docs/product.md §7: registered under the admin base path after page load;
 * docs/architecture.md §5: the app prompts "new version available" and reloads only when the user agrees).
 *
 * No UI here: the app shell subscribes with `onNeedRefresh` and calls `applyUpdate` from its prompt.
 */
export const SW_URL = '/admin/sw.js';
export const SW_SCOPE = '/admin/';

let registration: ServiceWorkerRegistration | null = null;
let started = false;
let updateWaiting = false;
const needRefreshListeners = new Set<() => void>();

const notifyNeedRefresh = () => {
  updateWaiting = true;
  for (const listener of needRefreshListeners) listener();
};

/** A version waits when a worker is installed while another one controls the page. */
const watchInstalling = (worker: ServiceWorker | null) => {
  worker?.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) notifyNeedRefresh();
  });
};

/**
 * Registers the service worker once the page has loaded. Safe to call more than once. The platform's
 * own API, not workbox-window: the three events it needs cost fewer bytes than the library
 * (docs/decisions/0012-http-client-on-ofetch.md).
 */
export function registerServiceWorker(): void {
  if (started || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const start = () => {
    navigator.serviceWorker
      .register(SW_URL, { scope: SW_SCOPE })
      .then((reg) => {
        registration = reg;
        // A new version is installed and waits for the user's consent (also when it was already
        // waiting before this page loaded, or was installed by another tab).
        if (reg.waiting && navigator.serviceWorker.controller) notifyNeedRefresh();
        watchInstalling(reg.installing);
        reg.addEventListener('updatefound', () => watchInstalling(reg.installing));
      })
      .catch((error: unknown) => {
        console.error('Service worker registration failed', error);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Calls `callback` when a new version waits (at once if one already does). Returns an unsubscribe. */
export function onNeedRefresh(callback: () => void): () => void {
  needRefreshListeners.add(callback);
  if (updateWaiting) callback();
  return () => {
    needRefreshListeners.delete(callback);
  };
}

/**
 * Activates the waiting version and reloads the page once it controls the page. Resolves at once
 * when no version waits. Queued offline edits are persisted in IndexedDB, so the reload loses nothing.
 */
export function applyUpdate(): Promise<void> {
  const waiting = registration?.waiting;
  if (!waiting || !updateWaiting) return Promise.resolve();
  return new Promise<void>((resolve) => {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        updateWaiting = false;
        resolve();
        window.location.reload();
      },
      { once: true },
    );
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
}
