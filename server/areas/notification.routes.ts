/**
 * Notification endpoints besides the resource: send now, the device's push subscription
 * (/get-token), the user's in-app entries and the kinds they muted.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notificationApi, type NotificationKind } from '../../src/contract/areas/notification';
import {
  notifications,
  notificationSettings,
  pushSubscriptions,
  userNotifications,
  users,
} from '../db/schema';
import { conflict, fieldError, notFound } from '../core/errors';
import { pushEndpointAllowed } from '../notifications/push-hosts';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { recipientsOf } from '../notifications/audience';
import { sendClaimed } from '../notifications/notify';
import { toNotification } from './notification';
import { notificationAudience, notificationRecipients } from './notification.audience';
import { providerScopeOf } from '../resources/impl';
import type { Executor } from '../db/client';
import { approvalsOf, unreadOf } from '../notifications/badge';
import { appendAudit, withAuditContext } from '../audit/trail';

const mutedOf = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ muted: notificationSettings.muted })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return (row?.muted ?? []) as NotificationKind[];
};

const sendNotification: Handler<typeof notificationApi.sendNotification> = async ({
  deps,
  body,
  requireAuth,
  audit,
}) => {
  const auth = requireAuth();
  const ownerId = providerScopeOf(auth, 'notification', true);
  const { db } = deps;
  const now = deps.config.now();
  const scope = ownerId === null ? undefined : eq(notifications.providerId, ownerId);
  // An audience that reaches nobody is refused before anything changes (never "Sent to 0").
  const [target] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, body.id), scope));
  if (!target) throw notFound();
  if (target.status !== 'sending' && target.status !== 'sent' && !(await recipientsOf(db, target)).length)
    throw conflict(smsg('notificationNobody'));
  // Claim it: only one request (or the scheduler) moves it to `sending`.
  // Its own transaction, with the audit context (server/audit/trail.ts): the claim is on the trail.
  const [claimed] = await withAuditContext(db, audit, (tx) =>
    tx
      .update(notifications)
      .set({ status: 'sending', updatedAt: now, version: sql`${notifications.version} + 1` })
      .where(
        and(
          eq(notifications.id, body.id),
          inArray(notifications.status, ['draft', 'scheduled', 'failed']),
          scope,
        ),
      )
      .returning(),
  );
  if (!claimed) {
    const [existing] = await db
      .select({ status: notifications.status })
      .from(notifications)
      .where(and(eq(notifications.id, body.id), scope));
    if (!existing) throw notFound();
    throw conflict(smsg(existing.status === 'sending' ? 'notificationSending' : 'notificationSent'));
  }
  await sendClaimed(deps, claimed);
  const [row] = await db
    .select({ n: notifications, authorName: users.name })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.createdBy))
    .where(eq(notifications.id, body.id));
  await appendAudit(db, audit, {
    action: 'notification_send',
    resource: 'notification',
    recordId: body.id,
    providerId: claimed.providerId,
    detail: { status: row!.n.status, recipients: row!.n.recipients, delivered: row!.n.delivered },
  });
  return { message: smsg('notificationQueued'), data: toNotification(row!) };
};

const pushKey: Handler<typeof notificationApi.pushKey> = async ({ deps, requireAuth }) => {
  const auth = requireAuth();
  const [mine] = await deps.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, auth.sessionId));
  return {
    message: smsg('loaded'),
    data: { publicKey: deps.push?.publicKey ?? null, subscribed: (mine?.n ?? 0) > 0 },
  };
};

const pushSubscribe: Handler<typeof notificationApi.pushSubscribe> = async ({
  deps,
  body,
  requireAuth,
  setStatus,
}) => {
  const auth = requireAuth();
  const now = deps.config.now();
  // Only the push services browsers use (push-hosts.ts): the server will post to this address.
  if (!pushEndpointAllowed(body.endpoint, deps.config.pushAllowedHosts))
    throw fieldError('endpoint', smsg('pushServiceNotAllowed'));
  // One row per endpoint: a device signed in as another user now belongs to this one.
  await deps.db
    .insert(pushSubscriptions)
    .values({
      userId: auth.user.id,
      sessionId: auth.sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: auth.user.id,
        sessionId: auth.sessionId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        createdAt: now,
      },
    });
  setStatus(201);
  return { message: smsg('subscribed'), data: { subscribed: true as const } };
};

const pushUnsubscribe: Handler<typeof notificationApi.pushUnsubscribe> = async ({
  deps,
  query,
  requireAuth,
}) => {
  const auth = requireAuth();
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, query.endpoint), eq(pushSubscriptions.userId, auth.user.id)));
  return { message: smsg('unsubscribed'), data: { subscribed: false as const } };
};

const notificationInbox: Handler<typeof notificationApi.notificationInbox> = async ({
  deps,
  query,
  requireAuth,
}) => {
  const auth = requireAuth();
  const rows = await deps.db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, auth.user.id))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(query.limit);
  const [unread, approvals] = await Promise.all([
    unreadOf(deps.db, auth.user.id),
    approvalsOf(deps.db, auth.user, auth.permissions, deps.config.now()),
  ]);
  return {
    message: smsg('loaded'),
    data: {
      unread,
      approvals,
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind as NotificationKind,
        title: r.title,
        body: r.body,
        link: r.link,
        createdAt: r.createdAt.toISOString(),
        readAt: r.readAt?.toISOString() ?? null,
      })),
    },
  };
};

const notificationRead: Handler<typeof notificationApi.notificationRead> = async ({
  deps,
  body,
  requireAuth,
}) => {
  const auth = requireAuth();
  const which = body.all ? undefined : inArray(userNotifications.id, body.ids?.length ? body.ids : [0]);
  await deps.db
    .update(userNotifications)
    .set({ readAt: deps.config.now() })
    .where(and(eq(userNotifications.userId, auth.user.id), isNull(userNotifications.readAt), which));
  return { message: smsg('saved'), data: { unread: await unreadOf(deps.db, auth.user.id) } };
};

const readSettings: Handler<typeof notificationApi.notificationSettings> = async ({ deps, requireAuth }) => {
  const auth = requireAuth();
  return { message: smsg('loaded'), data: { muted: await mutedOf(deps.db, auth.user.id) } };
};

const saveSettings: Handler<typeof notificationApi.notificationSettingsUpdate> = async ({
  deps,
  body,
  requireAuth,
}) => {
  const auth = requireAuth();
  const muted = [...new Set(body.muted)];
  await deps.db
    .insert(notificationSettings)
    .values({ userId: auth.user.id, muted })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { muted } });
  return { message: smsg('saved'), data: { muted } };
};

export const registerNotificationRoutes = (app: App) => {
  route(
    app,
    notificationApi.sendNotification,
    sendNotification,
    // Its claim (draft → sending) refuses a repeat, and each device is recorded before its push:
    // that record must survive a crash, so it is not run inside the key's transaction.
    { ownTransactions: true },
  );

  route(app, notificationApi.notificationAudience, notificationAudience);
  route(app, notificationApi.notificationRecipients, notificationRecipients);
  route(app, notificationApi.pushKey, pushKey);

  route(app, notificationApi.pushSubscribe, pushSubscribe);

  route(app, notificationApi.pushUnsubscribe, pushUnsubscribe);

  route(app, notificationApi.notificationInbox, notificationInbox);

  route(app, notificationApi.notificationRead, notificationRead);

  route(app, notificationApi.notificationSettings, readSettings);

  route(app, notificationApi.notificationSettingsUpdate, saveSettings);
};
