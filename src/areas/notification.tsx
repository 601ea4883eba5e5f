/**
 * The Notification Manager (docs/product.md §2 /notification, /notification/add/, /notification/update/{id?};
 * docs/decisions/0007-notifications-and-push.md). Staff write to everyone, to roles or to chosen users; a provider writes to its own
 * supervisors. A notification is sent now (Send now) or at its time (the server's scheduler); the
 * list shows how many devices it reached.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Send } from 'lucide-react';
import {
  NOTIFICATION_STATUSES,
  notificationResource,
  ROLES,
  type NotificationStatus,
  type RecordOf,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { dateTime, LocalizedCell, localizedText, Ltr, statusBadge, type Tone } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig, FieldContext, RenderContext } from '@/resources/types';
import { ROLE_LABELS, roleLabel } from '@/app/roles';
import {
  AudienceConfirmDetail,
  AudienceFormNote,
  NotificationAudienceSection,
} from './notification-audience';
import { RECORD_SCREENS } from '@/lib/record-screens';

export type Notification = RecordOf<typeof notificationResource>;

const STATUS_TEXT: Record<NotificationStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  scheduled: msg`Scheduled`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  failed: msg`Failed`,
};
const STATUS_TONE: Record<NotificationStatus, Tone> = {
  draft: 'grey',
  scheduled: 'amber',
  sending: 'amber',
  sent: 'green',
  failed: 'red',
};
const NotificationStatusBadge = statusBadge(STATUS_TEXT, STATUS_TONE, 'notification-status');

const isProvider = (ctx: Pick<FieldContext, 'role'>) => ctx.role === 'serviceprovider';
const editable = (row: Notification) => row.status === 'draft' || row.status === 'scheduled';

function audience(row: Notification, ctx: RenderContext): string {
  const { i18n } = ctx;
  if (row.audienceType === 'roles')
    return row.audienceRoles.map((role) => roleLabel(i18n, role)).join(i18n._(msg`, `));
  if (row.audienceType === 'users')
    return i18n._(msg`${i18n.number(row.audienceUserIds.length)} chosen users`);
  return row.providerId === null ? i18n._(msg`Everyone`) : i18n._(msg`All my supervisors`);
}

const delivery = (row: Notification, ctx: RenderContext) =>
  row.status === 'sent' || row.status === 'failed'
    ? ctx.i18n._(
        msg`${ctx.i18n.number(row.recipients)} people · ${ctx.i18n.number(row.delivered)} devices reached · ${ctx.i18n.number(row.failed)} failed · ${ctx.i18n.number(row.removed)} removed`,
      )
    : '—';

export const notificationArea: AreaConfig<Notification> = {
  resource: notificationResource,
  title: msg`Notifications`,
  createTitle: msg`Add notification`,
  editTitle: msg`Edit notification`,
  recordName: (row, { language }) => localizedText(row.title, language),
  paths: {
    list: '/notification',
    create: '/notification/add',
    edit: (id) => `/notification/update/${id}`,
    details: RECORD_SCREENS.notification,
  },
  canEdit: editable,
  card: { status: 'status', fields: ['audience', 'sendAt'] },
  columns: [
    {
      id: 'title',
      header: msg`Title`,
      sort: 'title',
      cell: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} />,
    },
    { id: 'audience', header: msg`Audience`, cell: audience },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <NotificationStatusBadge status={row.status} ctx={ctx} />,
    },
    {
      id: 'sendAt',
      header: msg`Scheduled for`,
      sort: 'sendAt',
      cell: (row, ctx) => dateTime(row.sendAt, ctx),
    },
    {
      id: 'sentAt',
      header: msg`Sent`,
      sort: 'sentAt',
      cell: (row, ctx) => dateTime(row.sentAt, ctx),
      priority: 'medium',
    },
    { id: 'delivery', header: msg`Delivery`, cell: delivery, priority: 'low' },
    {
      id: 'link',
      header: msg`Opens`,
      cell: (row) => (row.link ? <Ltr>{row.link}</Ltr> : '—'),
      hiddenByDefault: true,
    },
    {
      id: 'author',
      header: msg`Written by`,
      cell: (row, ctx) => localizedText(row.authorName, ctx.language) || '—',
      hiddenByDefault: true,
    },
  ],
  fields: [
    { name: 'title', kind: 'localized', label: msg`Title` },
    { name: 'body', kind: 'localized', label: msg`Message`, multiline: true },
    {
      name: 'audienceType',
      kind: 'select',
      label: msg`Send to`,
      options: [
        { value: 'all', label: msg`Everyone` },
        { value: 'roles', label: msg`Roles` },
        { value: 'users', label: msg`Chosen users` },
      ],
      visible: (ctx) => !isProvider(ctx),
    },
    {
      name: 'audienceType',
      kind: 'select',
      label: msg`Send to`,
      options: [
        { value: 'all', label: msg`All my supervisors` },
        { value: 'users', label: msg`Chosen supervisors` },
      ],
      visible: isProvider,
    },
    {
      name: 'audienceRoles',
      kind: 'multiselect',
      label: msg`Roles`,
      options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
      when: (values) => values.audienceType === 'roles',
    },
    {
      name: 'audienceUserIds',
      kind: 'multireference',
      source: 'user',
      label: msg`Users`,
      when: (values) => values.audienceType === 'users',
      visible: (ctx) => !isProvider(ctx),
    },
    {
      name: 'audienceUserIds',
      kind: 'multireference',
      source: 'supervisor',
      label: msg`Supervisors`,
      when: (values) => values.audienceType === 'users',
      visible: isProvider,
    },
    {
      name: 'link',
      kind: 'text',
      label: msg`Opens (optional)`,
      hint: msg`A screen of this app, e.g. /booking or /event/details/12.`,
      placeholder: '/booking',
      ltr: true,
      nullable: true,
    },
    {
      name: 'sendAt',
      kind: 'datetime',
      optional: true,
      label: msg`Send at (optional)`,
      hint: msg`Empty: kept as a draft until you press Send now.`,
    },
  ],
  filters: [
    {
      key: 'status',
      kind: 'select',
      label: msg`Status`,
      options: NOTIFICATION_STATUSES.map((value) => ({ value, label: STATUS_TEXT[value] })),
    },
  ],
  actions: [
    {
      id: 'send',
      label: msg`Send now`,
      icon: Send,
      primary: true,
      confirm: msg`Every recipient gets it in the app, and on each device where they turned notifications on.`,
      ConfirmDetail: AudienceConfirmDetail,
      visible: (row) => row.status === 'draft' || row.status === 'scheduled' || row.status === 'failed',
      run: (row, { idempotencyKey }) =>
        call(routes.sendNotification, { body: { id: row.id }, idempotencyKey }),
    },
  ],
  canRemove: editable,
  FormNote: AudienceFormNote,
  DetailsSections: NotificationAudienceSection,
};

const pages = areaPages(notificationArea);
export const List = pages.List;
export const Add = pages.formPage({ mode: 'create' });
export const Update = pages.formPage({ mode: 'edit' });
export const Details = pages.detailsPage();
