/**
 * Web push on this device (docs/decisions/0007-notifications-and-push.md): permission is asked only when the user presses "Enable
 * notifications"; the subscription (VAPID key from /get-token) is registered with the server;
 * "Turn off" and Sign Out remove it. The service worker shows the pushes (sw/push.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The server's key and whether this session has a device registered. */
export const pushStatusQuery = () =>
  queryOptions({
    queryKey: ['push', 'status'] as const,
    queryFn: async ({ signal }) => (await call(routes.pushKey, { signal })).data,
    meta: { persist: false },
  });

/** A VAPID key (URL-safe base64) as the bytes `PushManager.subscribe` takes. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushRefused extends Error {}

/** The browser did not subscribe in time (it has no push service, or none that answers). */
export class PushTimedOut extends Error {}

/**
 * How long the browser may take to have a service worker and a push subscription: some browsers
 * without a push service never settle the promise (docs/decisions/0007-notifications-and-push.md).
 */
export const PUSH_TIMEOUT_MS = 10_000;

/** `promise`, or a `PushTimedOut` after `ms`. */
export function withinPushTimeout<T>(promise: Promise<T>, ms = PUSH_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimedOut('push subscription timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks for permission, subscribes this device and registers it with the server. */
export async function enablePush(publicKey: string): Promise<void> {
  // The permission prompt waits for the user; what follows waits only for the browser.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission);
  const subscription = await withinPushTimeout(
    (async () => {
      const registration = await navigator.serviceWorker.ready;
      return (
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(publicKey),
        }))
      );
    })(),
  );
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(routes.pushSubscribe, { body: { endpoint: json.endpoint, keys: json.keys } });
}

/** This device's subscription, if any (never waits for a service worker that is not there). */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Unregisters this device with the server and ends its subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await call(routes.pushUnsubscribe, { query: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** Sign Out: the device stops receiving this user's pushes (the server drops the session's row too). */
export async function forgetDevice(): Promise<void> {
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // Nothing to undo on this device.
  }
}
