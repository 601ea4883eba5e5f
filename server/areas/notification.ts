/**
 * Written notifications: drafts and scheduled ones are edited here; sending is /sendNotification or
 * the scheduler (server/notifications/notify.ts). A provider writes to its own active supervisors only.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { notificationResource, type AudienceType } from '../../src/contract/areas/notification';
import { msg } from '../../src/contract/messages';
import { USER_STATUS, type Role } from '../../src/contract/roles';
import { SUPERVISOR_ROLES } from '../../src/contract/areas/supervisor';
import type { Executor } from '../db/client';
import { notifications, users } from '../db/schema';
import { conflict, fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

type Row = { n: typeof notifications.$inferSelect; authorName: { en: string; ar: string } | null };

export const toNotification = ({ n, authorName }: Row) => ({
  id: n.id,
  version: n.version,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
  title: n.title,
  body: n.body,
  audienceType: n.audienceType as AudienceType,
  audienceRoles: n.audienceRoles as Role[],
  audienceUserIds: n.audienceUserIds,
  link: n.link,
  sendAt: n.sendAt?.toISOString() ?? null,
  status: n.status as 'draft' | 'scheduled' | 'sending' | 'sent' | 'failed',
  sentAt: n.sentAt?.toISOString() ?? null,
  recipients: n.recipients,
  delivered: n.delivered,
  failed: n.failed,
  removed: n.removed,
  providerId: n.providerId,
  authorName,
});

interface NotificationInput {
  title: { en: string; ar: string };
  body: { en: string; ar: string };
  audienceType: AudienceType;
  audienceRoles: Role[];
  audienceUserIds: number[];
  link: string | null;
  sendAt: string | null;
}

type AudienceInput = Pick<NotificationInput, 'audienceType' | 'audienceRoles' | 'audienceUserIds'>;

/** The audience must be reachable by the writer: a provider its supervisors, staff active accounts. */
async function checkAudience(tx: Executor, input: AudienceInput, ownerId: number | null) {
  if (ownerId !== null && input.audienceType === 'roles')
    throw fieldError('audienceType', msg('invalidValue'));
  if (input.audienceType !== 'users') return;
  const ids = [...new Set(input.audienceUserIds)];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.status, USER_STATUS.active),
        ownerId === null
          ? undefined
          : and(inArray(users.role, [...SUPERVISOR_ROLES]), eq(users.providerId, ownerId)),
      ),
    );
  if (found.length !== ids.length) throw fieldError('audienceUserIds', msg('invalidValue'));
}

const values = (input: NotificationInput) => ({
  title: input.title,
  body: input.body,
  audienceType: input.audienceType,
  audienceRoles: input.audienceType === 'roles' ? [...new Set(input.audienceRoles)] : [],
  audienceUserIds: input.audienceType === 'users' ? [...new Set(input.audienceUserIds)] : [],
  link: input.link,
  sendAt: input.sendAt ? new Date(input.sendAt) : null,
  status: input.sendAt ? 'scheduled' : 'draft',
});

export const notificationImpl = implement(notificationResource, {
  table: notifications,
  columns: {
    id: notifications.id,
    version: notifications.version,
    updatedAt: notifications.updatedAt,
    name: notifications.title,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({ n: notifications, authorName: users.name, ...extra })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.createdBy))
        .$dynamic(),
    ),
  toRecord: (row) => toNotification(row as Row),
  scope: (ownerId) => eq(notifications.providerId, ownerId),
  sort: {
    title: (lang) => textOf(notifications.title, lang),
    status: () => notifications.status,
    sendAt: () => notifications.sendAt,
    sentAt: () => notifications.sentAt,
    createdAt: () => notifications.createdAt,
    updatedAt: () => notifications.updatedAt,
  },
  search: [
    enText(notifications.title),
    arText(notifications.title),
    enText(notifications.body),
    arText(notifications.body),
  ],
  filters: (f) => [
    f.status === undefined ? undefined : eq(notifications.status, f.status),
    f.providerId === undefined ? undefined : eq(notifications.providerId, f.providerId),
  ],
  async check(tx, input, ctx, existing) {
    if (existing && existing.status !== 'draft' && existing.status !== 'scheduled')
      throw conflict(smsg('notificationSent'));
    if (input.sendAt && new Date(input.sendAt).getTime() <= ctx.now.getTime())
      throw fieldError('sendAt', msg('sendAtPast'));
    await checkAudience(tx, input, ctx.ownerId);
  },
  async insert(tx, input, ctx) {
    const [row] = await tx
      .insert(notifications)
      .values({
        ...values(input),
        providerId: ctx.ownerId,
        createdBy: ctx.auth.user.id,
        version: 0,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: notifications.id });
    return row!.id;
  },
  values: (input) => values(input),
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Title (English)', ar: 'العنوان (بالإنجليزية)' }, value: (r) => r.title.en },
    { header: { en: 'Title (Arabic)', ar: 'العنوان (بالعربية)' }, value: (r) => r.title.ar },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r) => r.status },
    { header: { en: 'Send at', ar: 'وقت الإرسال' }, value: (r) => r.sendAt },
    { header: { en: 'Sent at', ar: 'أُرسل في' }, value: (r) => r.sentAt },
    { header: { en: 'Recipients', ar: 'المستلمون' }, value: (r) => r.recipients },
    { header: { en: 'Devices reached', ar: 'الأجهزة التي وصلها' }, value: (r) => r.delivered },
    { header: { en: 'Failed', ar: 'فشل' }, value: (r) => r.failed },
    { header: { en: 'Removed', ar: 'أزيلت' }, value: (r) => r.removed },
  ],
});
