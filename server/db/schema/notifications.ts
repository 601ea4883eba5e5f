/** Notifications: written ones, in-app entries, push devices and what each got, and the muted kinds. */
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { time, type Loc, stamps } from './columns';
import { users } from './accounts';

/** Written notifications (docs/decisions/0007-notifications-and-push.md): drafts, scheduled ones (the scheduler claims them), sent ones. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Loc>().notNull(),
    body: jsonb('body').$type<Loc>().notNull(),
    audienceType: text('audience_type').notNull(),
    audienceRoles: jsonb('audience_roles').$type<string[]>().notNull().default([]),
    audienceUserIds: jsonb('audience_user_ids').$type<number[]>().notNull().default([]),
    link: text('link'),
    sendAt: time('send_at'),
    /** draft, scheduled, sending (claimed by one process), sent, failed. */
    status: text('status').notNull().default('draft'),
    sentAt: time('sent_at'),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** A provider's notification (to its supervisors); null for staff's. */
    providerId: integer('provider_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_due_idx').on(t.status, t.sendAt),
    index('notifications_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/** In-app entries, one per recipient (written notifications and automatic ones). */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: jsonb('title').$type<Loc>().notNull(),
    body: jsonb('body').$type<Loc>().notNull(),
    link: text('link'),
    createdAt: time('created_at').notNull(),
    readAt: time('read_at'),
  },
  (t) => [
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_notifications_once_key').on(t.userId, t.notificationId),
  ],
);

/** Devices that receive web pushes: one row per push endpoint, tied to the session that made it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Which device already got which written notification's push: taken before the push is sent, so a
 * notification resumed after its sender died reaches each device at most once (notify.ts).
 */
export const notificationPushes = pgTable(
  'notification_pushes',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    at: time('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.subscriptionId] })],
);

/** Kinds of automatic notifications a user muted. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  muted: jsonb('muted').$type<string[]>().notNull().default([]),
});
