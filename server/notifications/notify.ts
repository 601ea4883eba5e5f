/**
 * Delivering notifications (docs/decisions/0007-notifications-and-push.md): in-app entries for the recipients (minus those who muted the
 * kind), then a web push to each of their subscribed devices in the recipient's language; gone
 * subscriptions (404/410) are removed. Written notifications are sent by hand (/sendNotification)
 * or by the scheduler, which claims due ones in the database (`FOR UPDATE SKIP LOCKED`), so one
 * notification is sent once even with several server processes and across restarts: a claimed one
 * is claimed again only after its lease (SENDING_LEASE_MS) ran out, when its sender died; each device
 * is taken in `notification_pushes` before its push, so it gets the push at most once.
 *
 * Automatic notifications (`notifyAdmins`, `notifyUser`) write their in-app entries before the
 * answer and push after it; `settle()` waits for the pushes under way (tests, shutdown).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Localized } from '../../src/contract/common';
import type { NotificationKind } from '../../src/contract/areas/notification';
import { USER_STATUS } from '../../src/contract/roles';
import {
  notificationPushes,
  notifications,
  notificationSettings,
  pushSubscriptions,
  userNotifications,
  users,
} from '../db/schema';
import type { Deps } from '../http/types';
import { sendPush, type PushOutcome } from './push';
import { badgesOf } from './badge';
import { pushTargetRefusal } from './push-hosts';
import { recipientsOf } from './audience';

export interface Notice {
  kind: NotificationKind;
  title: Localized;
  body: Localized;
  link: string | null;
}

interface Delivery {
  recipients: number;
  delivered: number;
  failed: number;
  removed: number;
}

const PUSH_CONCURRENCY = 8;

/** Runs `work` on every item, at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/** Writes the in-app entries of a notice for these users (minus those who muted its kind). */
async function writeEntries(
  deps: Deps,
  userIds: number[],
  notice: Notice,
  notificationId: number | null = null,
): Promise<number[]> {
  const { db } = deps;
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  let recipients = unique;
  if (notice.kind !== 'message') {
    const muted = await db
      .select({ userId: notificationSettings.userId })
      .from(notificationSettings)
      .where(
        and(
          inArray(notificationSettings.userId, unique),
          sql`${notificationSettings.muted} @> ${JSON.stringify([notice.kind])}::jsonb`,
        ),
      );
    const mutedIds = new Set(muted.map((m) => m.userId));
    recipients = unique.filter((id) => !mutedIds.has(id));
  }
  if (!recipients.length) return [];
  const now = deps.config.now();
  await db
    .insert(userNotifications)
    .values(
      recipients.map((userId) => ({
        userId,
        notificationId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  return recipients;
}

/** Sends the notice as a web push to every subscribed device of these users, in their language. */
async function pushTo(
  deps: Deps,
  recipients: number[],
  notice: Notice,
  tag: string,
  /** A written notification: each device is taken in `notification_pushes` before its push, so a resumed send skips it. */
  notificationId?: number,
): Promise<Omit<Delivery, 'recipients'>> {
  const counts = { delivered: 0, failed: 0, removed: 0 };
  const push = deps.push;
  if (!push || !recipients.length) return counts;
  const { db } = deps;
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: users.language,
      userId: pushSubscriptions.userId,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.userId, recipients));
  const badges = await badgesOf(db, recipients, deps.config.now());
  const gone: number[] = [];
  await eachLimited(devices, PUSH_CONCURRENCY, async (device) => {
    const lang = device.language === 'ar' ? 'ar' : 'en';
    // Never post to an address outside the allowed push services or inside the network
    // (push-hosts.ts): such a subscription is dropped.
    if (notificationId !== undefined) {
      const taken = await db
        .insert(notificationPushes)
        .values({ notificationId, subscriptionId: device.id, at: deps.config.now() })
        .onConflictDoNothing()
        .returning({ id: notificationPushes.subscriptionId });
      if (!taken.length) return; // pushed by an earlier attempt: at most once per device
    }
    const refusal = await pushTargetRefusal(device.endpoint, deps.config.pushAllowedHosts);
    if (refusal) {
      console.warn(`Web push subscription ${device.id} dropped: ${refusal}.`);
      counts.removed++;
      gone.push(device.id);
      return;
    }
    const outcome: PushOutcome = await sendPush(
      push,
      device,
      {
        title: notice.title[lang] || notice.title.en,
        body: notice.body[lang] || notice.body.en,
        link: notice.link,
        tag,
        lang,
        badge: badges.get(device.userId) ?? 0,
      },
      { urgency: notice.kind === 'message' ? 'normal' : 'high', topic: tag },
    );
    if (outcome === 'delivered') counts.delivered++;
    else if (outcome === 'gone') {
      counts.removed++;
      gone.push(device.id);
    } else counts.failed++;
  });
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return counts;
}

/* ------------------------------------------------------------- automatic ones */

const running = new Set<Promise<unknown>>();

/** Runs a delivery after the current answer; failures are logged, never thrown at the caller. */
const inBackground = (work: () => Promise<unknown>) => {
  const job = work()
    .catch((error: Error) => console.warn(`A notification could not be delivered: ${error.message}`))
    .finally(() => running.delete(job));
  running.add(job);
};

/** Waits for the automatic deliveries under way. */
export const settle = async () => {
  while (running.size) await Promise.all([...running]);
};

/**
 * An automatic notice: the in-app entries are written before the caller answers (they are there
 * when the answer arrives); the pushes go out after it.
 */
async function announce(deps: Deps, who: () => Promise<number[]>, notice: Notice) {
  // The change it reports is already committed: a failure here is logged, never the caller's answer.
  try {
    const recipients = await writeEntries(deps, await who(), notice);
    if (recipients.length && deps.push) {
      const tag = `${notice.kind}-${deps.config.now().getTime()}`;
      const start = (d: Deps) => inBackground(() => pushTo(d, recipients, notice, tag));
      // Inside an idempotent write's transaction the pushes start once it has committed.
      if (deps.afterCommit) deps.afterCommit(start);
      else start(deps);
    }
  } catch (error) {
    console.warn(`A notification could not be written: ${(error as Error).message}`);
  }
}

/** Active admins get it (something waits for their approval). */
export const notifyAdmins = (deps: Deps, notice: Notice) =>
  announce(
    deps,
    async () =>
      (
        await deps.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, USER_STATUS.active)))
      ).map((a) => a.id),
    notice,
  );

/** One user gets it (their event or advertisement was decided, a booking of theirs cancelled). */
export const notifyUser = (deps: Deps, userId: number, notice: Notice) =>
  announce(deps, async () => [userId], notice);

/* ------------------------------------------------------ written notifications */

type NotificationRow = typeof notifications.$inferSelect;

/** Sends a claimed (status `sending`) notification and records the outcome. */
export async function sendClaimed(deps: Deps, n: NotificationRow): Promise<void> {
  const { db } = deps;
  let counts: Delivery = { recipients: 0, delivered: 0, failed: 0, removed: 0 };
  let status: 'sent' | 'failed' = 'sent';
  try {
    const notice: Notice = { kind: 'message', title: n.title, body: n.body, link: n.link };
    const recipients = await writeEntries(deps, await recipientsOf(db, n), notice, n.id);
    // An audience that reaches nobody at its time (its people left or were blocked) is not "sent".
    if (!recipients.length) status = 'failed';
    counts = {
      recipients: recipients.length,
      ...(await pushTo(deps, recipients, notice, `notification-${n.id}`, n.id)),
    };
  } catch (error) {
    console.warn(`Notification ${n.id} could not be sent: ${(error as Error).message}`);
    status = 'failed';
  }
  const now = deps.config.now();
  await db
    .update(notifications)
    .set({
      status,
      sentAt: status === 'sent' ? now : null,
      ...counts,
      version: sql`${notifications.version} + 1`,
      updatedAt: now,
    })
    .where(eq(notifications.id, n.id));
}

/**
 * How long a claim holds: a notification still `sending` this long after its claim belonged to a
 * process that died, and is claimed again (its devices already pushed are skipped).
 */
export const SENDING_LEASE_MS = 10 * 60 * 1000;

/** Claims the notifications due now, and those whose sender's lease ran out (each by one process only). */
export async function claimDue(deps: Deps, limit = 20): Promise<NotificationRow[]> {
  const now = deps.config.now();
  const leaseEnd = new Date(now.getTime() - SENDING_LEASE_MS);
  return deps.db.transaction(async (tx) => {
    const claimable = or(
      and(eq(notifications.status, 'scheduled'), sql`${notifications.sendAt} <= ${now}`),
      and(eq(notifications.status, 'sending'), sql`${notifications.updatedAt} <= ${leaseEnd}`),
    );
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(claimable)
      .orderBy(notifications.sendAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(notifications)
      .set({ status: 'sending', updatedAt: now, version: sql`${notifications.version} + 1` })
      .where(
        and(
          inArray(
            notifications.id,
            due.map((d) => d.id),
          ),
          claimable,
        ),
      )
      .returning();
  });
}

/** Sends what is due; returns how many were sent. */
export async function runDueNotifications(deps: Deps): Promise<number> {
  const claimed = await claimDue(deps);
  for (const n of claimed) await sendClaimed(deps, n);
  return claimed.length;
}

/** How often due notifications are looked for by default (NOTIFICATION_SCHEDULER_MS, checked in config.ts). */
export const DEFAULT_SCHEDULER_MS = 10_000;

/** Other periodic work of the scheduler (the unused-file sweeper): run at most once per `everyMs`. */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run: (deps: Deps) => Promise<unknown>;
}

/**
 * Checks for due notifications every `intervalMs`, and runs each task whose period has passed;
 * `stop()` ends it after the current round.
 */
export function startScheduler(deps: Deps, intervalMs: number, tasks: ScheduledTask[] = []) {
  let round: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const lastRun = new Map<string, number>();
  const runTasks = async () => {
    for (const task of tasks) {
      const now = Date.now();
      if (stopped || now - (lastRun.get(task.name) ?? -Infinity) < task.everyMs) continue;
      lastRun.set(task.name, now);
      await task.run(deps).catch((error: Error) => console.warn(`${task.name} failed: ${error.message}`));
    }
  };
  const timer = setInterval(() => {
    round = round.then(() =>
      stopped
        ? undefined
        : runDueNotifications(deps)
            .catch((error: Error) => console.warn(`The notification scheduler failed: ${error.message}`))
            .then(runTasks),
    );
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
