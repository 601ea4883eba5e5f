/**
 * A written notification's audience before and after sending (docs/product.md, the Notification
 * Manager): how many people it reaches now, counted as sending resolves it, and whom a sent one
 * reached. Registered with the area's other endpoints (./notification.routes.ts).
 */
import { and, count, eq } from 'drizzle-orm';
import type { notificationApi } from '../../src/contract/areas/notification';
import { notificationPushes, notifications, pushSubscriptions, userNotifications, users } from '../db/schema';
import { fieldError, notFound } from '../core/errors';
import { msg } from '../../src/contract/messages';
import type { Handler } from '../http/route';
import { smsg } from '../core/messages';
import { recipientsOf } from '../notifications/audience';
import { providerScopeOf } from '../resources/impl';

/** The recipients a sent notification's view lists (an audience is at most everyone; a page is enough to read). */
const RECIPIENTS_SHOWN = 1000;

/** How many people an audience reaches now, as sending would resolve it (the writer's scope included). */
export const notificationAudience: Handler<typeof notificationApi.notificationAudience> = async ({
  deps,
  body,
  requireAuth,
}) => {
  const auth = requireAuth();
  const ownerId = providerScopeOf(auth, 'notification', true);
  // As the save refuses it (./notification.ts); chosen people no longer active just do not count.
  if (ownerId !== null && body.audienceType === 'roles')
    throw fieldError('audienceType', msg('invalidValue'));
  const reached = await recipientsOf(deps.db, { ...body, providerId: ownerId });
  return { message: smsg('loaded'), data: { count: reached.length } };
};

/** Who a sent notification reached: their in-app entries, and the devices each was pushed to. */
export const notificationRecipients: Handler<typeof notificationApi.notificationRecipients> = async ({
  deps,
  params,
  requireAuth,
}) => {
  const auth = requireAuth();
  const ownerId = providerScopeOf(auth, 'notification', true);
  const { db } = deps;
  const [found] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, params.id),
        ownerId === null ? undefined : eq(notifications.providerId, ownerId),
      ),
    );
  if (!found) throw notFound();
  const devices = db
    .select({ userId: pushSubscriptions.userId, n: count().as('n') })
    .from(notificationPushes)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, notificationPushes.subscriptionId))
    .where(eq(notificationPushes.notificationId, params.id))
    .groupBy(pushSubscriptions.userId)
    .as('devices');
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      readAt: userNotifications.readAt,
      devices: devices.n,
    })
    .from(userNotifications)
    .innerJoin(users, eq(users.id, userNotifications.userId))
    .leftJoin(devices, eq(devices.userId, users.id))
    .where(eq(userNotifications.notificationId, params.id))
    .orderBy(users.email)
    .limit(RECIPIENTS_SHOWN);
  return {
    message: smsg('loaded'),
    data: {
      items: rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        readAt: r.readAt?.toISOString() ?? null,
        devices: Number(r.devices ?? 0),
      })),
    },
  };
};
