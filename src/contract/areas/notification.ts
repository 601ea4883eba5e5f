import { z } from 'zod';
import { id, localized } from '../common';
import { endpoint, needs, ok, signedIn } from '../http';
import { msg } from '../messages';
import { defineResource, idParam, localizedText, recordOf } from '../resource';
import { role, ROLES } from '../roles';
import { dateTime } from './values';

/**
 * Notifications (permission `notification`, docs/decisions/0007-notifications-and-push.md). Staff write a notification (title and body
 * in both languages, an audience, an optional link to a screen of the app) and send it now
 * (`/sendNotification`) or at a time (a scheduler in the database sends it once). Each recipient
 * gets an in-app entry and a web push on every subscribed device, in the recipient's language.
 * Providers (`providerScoped`) write to their own supervisors only.
 *
 * The app also receives automatic entries (NOTIFICATION_KINDS) when something waits for a user or
 * concerns them; users mute kinds in My Profile. Devices register their push subscription through
 * `/get-token`.
 */
const tag = 'Notifications';

export const NOTIFICATION_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
const notificationStatus = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof notificationStatus>;

const AUDIENCE_TYPES = ['all', 'roles', 'users'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

/** What an in-app entry is about; all but `message` (a written notification) can be muted. */
const NOTIFICATION_KINDS = [
  'message',
  'provider_registered',
  'event_submitted',
  'ad_submitted',
  'event_decided',
  'ad_decided',
  'booking_cancelled',
] as const;
const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;
export const MUTABLE_KINDS = NOTIFICATION_KINDS.filter((k) => k !== 'message');

/**
 * The automatic kinds each role receives (server/notifications/notices.ts and its callers): admins are told what
 * waits for approval, a provider what happened to its own records; managers and door staff receive none. My
 * Profile offers a role only its own kinds.
 */
export const KINDS_BY_ROLE: Record<z.infer<typeof role>, readonly (typeof MUTABLE_KINDS)[number][]> = {
  admin: ['provider_registered', 'event_submitted', 'ad_submitted'],
  manager: [],
  serviceprovider: ['event_decided', 'ad_decided', 'booking_cancelled'],
  door: [],
};

/** A screen of the app (`/booking-details?id=4`): a path that starts with one slash. */
const appLink = z
  .string()
  .trim()
  .max(300, msg('maxChars', { n: 300 }))
  .regex(/^\/(?![/\\])[^\s<>"'`]*$/, msg('appLink'));

/** Push payloads carry these only (and nothing else). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Who a notification is for: everyone (a provider's: all its supervisors), roles, or chosen users. */
const audienceFields = {
  /** Providers: `all` is all their supervisors; `roles` is for staff. */
  audienceType: z.enum(AUDIENCE_TYPES, { error: msg('required') }),
  audienceRoles: z.array(role).max(ROLES.length).default([]),
  audienceUserIds: z.array(id).max(500).default([]),
};

/** An empty audience is refused: "Roles" with no role ticked, "Chosen users" with nobody chosen. */
const withAudience = <
  T extends z.ZodType<{ audienceType: AudienceType; audienceRoles: unknown[]; audienceUserIds: unknown[] }>,
>(
  schema: T,
) =>
  schema
    .refine((n) => n.audienceType !== 'roles' || n.audienceRoles.length > 0, {
      path: ['audienceRoles'],
      error: msg('chooseOne'),
    })
    .refine((n) => n.audienceType !== 'users' || n.audienceUserIds.length > 0, {
      path: ['audienceUserIds'],
      error: msg('chooseOne'),
    });

export const notificationResource = defineResource({
  key: 'notification',
  columns: ['title', 'audience', 'status', 'sendAt', 'sentAt', 'delivery', 'link', 'author'],
  tag,
  permission: 'notification',
  providerScoped: true,
  paths: {
    list: { method: 'GET', path: '/api/notification' },
    create: { method: 'POST', path: '/api/notification' },
    get: { method: 'GET', path: '/api/notification/:id' },
    update: { method: 'PUT', path: '/api/notification/:id' },
    remove: { method: 'DELETE', path: '/api/notification/:id' },
  },
  record: recordOf({
    title: localizedText,
    body: localizedText,
    audienceType: z.enum(AUDIENCE_TYPES),
    audienceRoles: z.array(role),
    audienceUserIds: z.array(z.number().int()),
    link: z.string().nullable(),
    /** When the scheduler sends it (null: sent by hand). */
    sendAt: z.string().nullable(),
    status: notificationStatus,
    sentAt: z.string().nullable(),
    /** Users who got the in-app entry. */
    recipients: z.number().int(),
    /** Devices the push service accepted the message for. */
    delivered: z.number().int(),
    /** Devices that refused it (not counting removed ones). */
    failed: z.number().int(),
    /** Subscriptions the push service reported gone (404/410), removed. */
    removed: z.number().int(),
    providerId: z.number().int().nullable(),
    authorName: localizedText.nullable(),
  }),
  input: withAudience(
    z.strictObject({
      title: localized(100),
      body: localized(500),
      ...audienceFields,
      link: appLink.nullable().default(null),
      /** In the future; null keeps it as a draft until it is sent by hand. */
      sendAt: dateTime.nullable().default(null),
    }),
  ),
  filters: z.strictObject({ status: notificationStatus.optional(), providerId: idParam.optional() }),
  sort: ['title', 'status', 'sendAt', 'sentAt', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'the English and Arabic titles and bodies',
  notes: {
    create:
      'New notifications are drafts, or scheduled when `sendAt` is given (it must be in the future). Nothing is sent until /sendNotification or the scheduled time.',
    update: 'Only drafts and scheduled notifications can be edited (409 once sent).',
  },
});

const inboxEntry = z.object({
  id: z.number().int(),
  kind: notificationKind,
  title: localizedText,
  body: localizedText,
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;

const pushSubscription = z.strictObject({
  endpoint: z
    .string()
    .max(1000)
    .regex(/^https:\/\//, msg('httpsUrl')),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, msg('invalidValue')),
    auth: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, msg('invalidValue')),
  }),
});

/** One person a sent notification reached (docs/product.md, the Notification Manager). */
const recipient = z.object({
  userId: z.number().int(),
  name: localizedText,
  email: z.string(),
  /** When they opened the in-app entry (null: not yet). */
  readAt: z.string().nullable(),
  /** Their devices the web push was sent to (0: in the app only). */
  devices: z.number().int(),
});

export const notificationApi = {
  notificationAudience: endpoint({
    method: 'POST',
    path: '/api/notification/audience',
    summary:
      'How many people an audience reaches now, counted as sending would resolve it (active accounts; a provider’s: its own supervisors). Changes nothing.',
    tag,
    access: needs('notification'),
    body: withAudience(z.strictObject(audienceFields)),
    response: ok(z.object({ count: z.number().int() })),
  }),
  notificationRecipients: endpoint({
    method: 'GET',
    path: '/api/notification/:id/recipients',
    summary:
      'Who a sent notification reached: each recipient’s name, whether they read it in the app and how many of their devices it was pushed to. Empty before it is sent.',
    tag,
    access: needs('notification'),
    params: z.strictObject({ id: idParam }),
    response: ok(z.object({ items: z.array(recipient) })),
  }),
  sendNotification: endpoint({
    method: 'POST',
    path: '/sendNotification',
    summary:
      'Send a draft, scheduled or failed notification now ({ id }): an in-app entry for every recipient and a web push to each of their subscribed devices, in the recipient’s language. Answers the notification with its delivery counts. A sent one answers 409; a replay with the same Idempotency-Key answers the first result.',
    tag,
    access: needs('notification'),
    body: z.strictObject({ id }),
    response: ok(notificationResource.record),
    idempotent: true,
  }),
  pushKey: endpoint({
    method: 'GET',
    path: '/get-token',
    summary:
      'The VAPID public key to subscribe with (null when push is not configured) and whether this session has a device registered.',
    tag,
    access: signedIn,
    response: ok(z.object({ publicKey: z.string().nullable(), subscribed: z.boolean() })),
  }),
  pushSubscribe: endpoint({
    method: 'POST',
    path: '/get-token',
    summary:
      'Register this device’s push subscription (the PushSubscription JSON) for the signed-in user. The same endpoint again updates it. Signing out removes it.',
    tag,
    access: signedIn,
    body: pushSubscription,
    response: ok(z.object({ subscribed: z.literal(true) })),
    successStatus: 201,
    idempotent: true,
  }),
  pushUnsubscribe: endpoint({
    method: 'DELETE',
    path: '/get-token',
    summary: 'Remove a push subscription of the signed-in user (?endpoint=…). Unknown ones: no change.',
    tag,
    access: signedIn,
    query: z.strictObject({ endpoint: z.string().max(1000) }),
    response: ok(z.object({ subscribed: z.literal(false) })),
    idempotent: true,
  }),
  notificationInbox: endpoint({
    method: 'GET',
    path: '/api/notification/inbox',
    summary:
      'The signed-in user’s in-app notifications, newest first, the unread count and the number of approvals waiting that the user may act on (the app icon’s badge shows their sum).',
    tag,
    access: signedIn,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: ok(
      z.object({ unread: z.number().int(), approvals: z.number().int(), items: z.array(inboxEntry) }),
    ),
  }),
  notificationRead: endpoint({
    method: 'POST',
    path: '/api/notification/inbox/read',
    summary: 'Mark entries read ({ ids }) or all of them ({ all: true }). Answers the unread count.',
    tag,
    access: signedIn,
    body: z.strictObject({ ids: z.array(id).max(100).optional(), all: z.boolean().optional() }),
    response: ok(z.object({ unread: z.number().int() })),
    idempotent: true,
  }),
  notificationSettings: endpoint({
    method: 'GET',
    path: '/api/notification/settings',
    summary: 'The kinds of automatic notifications the signed-in user has muted.',
    tag,
    access: signedIn,
    response: ok(z.object({ muted: z.array(notificationKind) })),
  }),
  notificationSettingsUpdate: endpoint({
    method: 'PUT',
    path: '/api/notification/settings',
    summary: 'Mute kinds of automatic notifications ({ muted }); written notifications cannot be muted.',
    tag,
    access: signedIn,
    body: z.strictObject({
      muted: z
        .array(
          z.enum(
            MUTABLE_KINDS as [
              Exclude<NotificationKind, 'message'>,
              ...Exclude<NotificationKind, 'message'>[],
            ],
          ),
        )
        .max(NOTIFICATION_KINDS.length),
    }),
    response: ok(z.object({ muted: z.array(notificationKind) })),
    idempotent: true,
  }),
} as const;
