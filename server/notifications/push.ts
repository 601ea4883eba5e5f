/**
 * Web push (docs/decisions/0007-notifications-and-push.md) with the `web-push` library: VAPID keys from the environment or generated once
 * and kept in the data directory; one send per subscription with a TTL, an urgency and a topic; a
 * subscription the push service reports gone (404/410) is removed by the caller. A payload carries
 * the title, the body, the link and the recipient's badge count, nothing else.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS } from '../../src/contract/areas/notification';

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact of the sender, sent to the push services. */
  subject: string;
  /** Tests: an agent that trusts the fake push service's certificate. */
  agent?: Agent;
}

declare module '../http/types' {
  interface Deps {
    /** Web push (VAPID keys); absent: in-app notifications only. */
    push?: PushConfig;
  }
}

export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
  tag: string;
  lang: 'en' | 'ar';
  /** What waits for the recipient (server/notifications/badge.ts): the service worker shows it on the app's icon. */
  badge?: number;
}

export type PushOutcome = 'delivered' | 'gone' | 'failed';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (both or neither), else `vapid.json` in the
 * data directory, created on first start. VAPID_SUBJECT defaults to a mailto of the platform.
 */
export function loadPushConfig(env: NodeJS.ProcessEnv, dataDir: string): PushConfig {
  // The values' formats are checked at start by ENV_SCHEMA (config.ts).
  const subject = env.VAPID_SUBJECT || 'mailto:admin@events-back-office.local';
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...stored, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/** Sends one payload to one device; never throws. */
export async function sendPush(
  config: PushConfig,
  subscription: StoredSubscription,
  payload: PushPayload,
  { urgency, topic }: { urgency: 'normal' | 'high'; topic: string },
): Promise<PushOutcome> {
  try {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency,
        // Topic: URL-safe base64 alphabet, at most 32 characters; a newer message replaces an older one.
        topic: topic.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(config.agent ? { agent: config.agent } : {}),
      },
    );
    return 'delivered';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    console.warn(
      `Web push to ${new URL(subscription.endpoint).host} failed: ${status ?? (error as Error).message}`,
    );
    return 'failed';
  }
}
