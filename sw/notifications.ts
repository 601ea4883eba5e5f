/**
 * Web push in the service worker (docs/decisions/0007-notifications-and-push.md): `push` shows the notification (title, body, icon, badge,
 * tag, the link) in the recipient's language, sets the app icon's badge to the count it carries and
 * tells open windows to refresh their bell;
 * `notificationclick` focuses an open window of the app and takes it to the link, or opens one.
 * Pure functions of their inputs, so that they are unit-tested with fake clients.
 */

export interface PushContent {
  title: string;
  body: string;
  /** A path of the app (`/booking-details?id=4`), or null for the dashboard. */
  link: string | null;
  tag: string | undefined;
  lang: 'en' | 'ar';
  dir: 'ltr' | 'rtl';
  /** What waits for the recipient (approvals and unread notifications), or null when not sent. */
  badge: number | null;
}

const FALLBACK_TITLE = 'Events Back Office';

/** Only paths of this app: one leading slash, no scheme, no protocol-relative `//host`. */
const safeLink = (value: unknown): string | null =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\s<>"'`]/.test(value) ? value : null;

/** The payload our server sends (`{ title, body, link, tag, lang }`), read defensively. */
export function parsePush(data: { json(): unknown } | null | undefined): PushContent {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the generic notification below.
  }
  const lang = raw.lang === 'ar' ? 'ar' : 'en';
  return {
    title: typeof raw.title === 'string' && raw.title ? raw.title : FALLBACK_TITLE,
    body: typeof raw.body === 'string' ? raw.body : '',
    link: safeLink(raw.link),
    tag: typeof raw.tag === 'string' && raw.tag ? raw.tag : undefined,
    lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    badge: typeof raw.badge === 'number' && Number.isInteger(raw.badge) && raw.badge >= 0 ? raw.badge : null,
  };
}

/** What is used of the worker's navigator (the Badging API may be missing). */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * A push carries the recipient's count: the app's icon shows it (cleared at zero), even with no
 * window open. Feature-detected and never throws: the notification is what matters.
 */
export async function badgeFromPush(content: PushContent, nav: BadgeNavigator): Promise<void> {
  if (content.badge === null || typeof nav.setAppBadge !== 'function') return;
  try {
    if (content.badge > 0) await nav.setAppBadge(content.badge);
    else if (typeof nav.clearAppBadge === 'function') await nav.clearAppBadge();
    else await nav.setAppBadge(0);
  } catch {
    // No permission to badge: the notification still shows.
  }
}

/** The absolute address of a link under the app's scope (`https://host/admin/`). */
export const linkUrl = (link: string | null, scope: string) => (link ? scope + link.slice(1) : scope);

export function showPush(
  registration: Pick<ServiceWorkerRegistration, 'showNotification' | 'scope'>,
  content: PushContent,
): Promise<void> {
  return registration.showNotification(content.title, {
    body: content.body,
    icon: `${registration.scope}icons/icon-192.png`,
    badge: `${registration.scope}icons/icon-192.png`,
    tag: content.tag,
    lang: content.lang,
    dir: content.dir,
    data: { url: linkUrl(content.link, registration.scope) },
  });
}

/** What is used of a WindowClient (a real one fits; tests pass fakes). */
interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}
type ClientsLike = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
};

/** Open windows of the app refresh their notification bell. */
export async function notifyClientsOfPush(clients: ClientsLike): Promise<void> {
  for (const client of await clients.matchAll({ type: 'window', includeUncontrolled: true }))
    client.postMessage({ type: 'PUSH_RECEIVED' });
}

/**
 * A click: an open window of the app is focused first and taken to the link (the manifest's
 * launch_handler does the same for launches); only when none is open does a new one open.
 */
export async function openFromNotification(url: string, clients: ClientsLike, scope: string): Promise<void> {
  const target = url.startsWith(scope) ? url : scope;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((client) => client.url.startsWith(scope));
  if (!app) {
    await clients.openWindow(target);
    return;
  }
  try {
    await app.focus();
  } catch {
    // Focus refused (no user activation): the window is still the one taken to the link.
  }
  try {
    await app.navigate(target);
  } catch {
    // Not controlled by this worker yet: the app navigates itself.
    app.postMessage({ type: 'NAVIGATE', url: target });
  }
}
