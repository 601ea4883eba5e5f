/**
 * Users (docs/product.md §2 /users, /user-details?id=, /user/add, /user/update/{id?}): every account; approve,
 * reject, block and unblock. Only admins see and change the role.
 */
import { msg } from '@lingui/core/macro';
import { KeyRound } from 'lucide-react';
import { ROLES, userResource, type RecordOf } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { ROLE_LABELS, roleLabel } from '@/app/roles';
import { AppLink } from '@/components/AppLink';
import { call } from '@/lib/api';
import { dateTime, EmailText, localizedText, LocalizedCell, Ltr, statusOptions } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaAction, AreaConfig } from '@/resources/types';
import { accountMoves } from './account-moves';
import { AccountStatus, InvitationNotice, invitationActions, invitationDetail } from './invitation';
import { RECORD_SCREENS } from '@/lib/record-screens';

type User = RecordOf<typeof userResource>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const setStatus =
  (status: '1' | '2' | '3'): AreaAction<User>['run'] =>
  async (row: User, { reason, idempotencyKey }: { reason: string | null; idempotencyKey: string }) =>
    call(routes.usersApprove, { body: { id: row.id, status, reason }, idempotencyKey });

const actions: AreaAction<User>[] = [
  ...accountMoves<User>({
    run: setStatus,
    reject: { title: msg`Reject account` },
    block: { reason: { title: msg`Block account`, required: false } },
  }),
  {
    // Admins only (docs/security.md, "Two-factor sign-in"); one's own is turned off in My Profile.
    id: 'reset-two-factor',
    label: msg`Reset two-factor sign-in`,
    icon: KeyRound,
    danger: true,
    confirm: msg`Remove this account's second factor and recovery codes? It signs in with its password alone until it sets up a new one, and it is told by e-mail.`,
    visible: (_row, ctx) => ctx.role === 'admin',
    run: (row) => call(routes.userTwoFactorReset, { params: { id: row.id } }),
  },
  ...invitationActions<User>('user'),
];

export const userArea: AreaConfig<User> = {
  resource: userResource,
  title: msg`Users`,
  createTitle: msg`Add user`,
  editTitle: msg`Edit user`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: {
    list: '/users',
    create: '/user/add',
    edit: (id) => `/user/update/${id}`,
    details: RECORD_SCREENS.user,
  },
  columns: [
    {
      id: 'name',
      header: msg`Name`,
      sort: 'name',
      cell: (row, ctx) => <LocalizedCell value={row.name} ctx={ctx} />,
    },
    { id: 'email', header: msg`Email`, sort: 'email', cell: (row) => <EmailText value={row.email} /> },
    {
      id: 'phone',
      header: msg`Phone`,
      cell: (row) => (row.phone ? <Ltr>{row.phone}</Ltr> : '—'),
      hiddenByDefault: true,
    },
    { id: 'role', header: msg`Role`, sort: 'role', cell: (row, ctx) => roleLabel(ctx.i18n, row.role) },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <AccountStatus row={row} ctx={ctx} />,
    },
    {
      id: 'createdAt',
      priority: 'low',
      header: msg`Added`,
      sort: 'createdAt',
      cell: (row, ctx) => dateTime(row.createdAt, ctx),
    },
  ],
  details: [
    { label: msg`Name (English)`, value: (row) => row.name.en },
    {
      label: msg`Name (Arabic)`,
      value: (row) => (
        <span lang="ar" dir="rtl">
          {row.name.ar}
        </span>
      ),
    },
    { label: msg`Email`, value: (row) => <Ltr>{row.email}</Ltr> },
    { label: msg`Phone`, value: (row) => (row.phone ? <Ltr>{row.phone}</Ltr> : '—') },
    { label: msg`Role`, value: (row, ctx) => roleLabel(ctx.i18n, row.role) },
    { label: msg`Status`, value: (row, ctx) => <AccountStatus row={row} ctx={ctx} /> },
    invitationDetail,
    { label: msg`Language`, value: (row) => (row.language === 'ar' ? 'العربية' : 'English') },
    { label: msg`Added`, value: (row, ctx) => dateTime(row.createdAt, ctx) },
    { label: msg`Updated`, value: (row, ctx) => dateTime(row.updatedAt, ctx) },
    {
      label: msg`Activity`,
      value: (row, ctx) => (
        <AppLink
          to={`/activity?actorId=${row.id}`}
          className="text-indigo-700 underline dark:text-indigo-300"
        >
          {ctx.i18n._(msg`What this person did`)}
        </AppLink>
      ),
    },
  ],
  fields: [
    { name: 'name', kind: 'localized', label: msg`Name` },
    { name: 'email', kind: 'email', label: msg`Email`, autoComplete: 'off' },
    { name: 'phone', kind: 'tel', label: msg`Phone`, nullable: true },
    {
      name: 'role',
      kind: 'select',
      label: msg`Role`,
      options: ROLE_OPTIONS,
      visible: (ctx) => ctx.role === 'admin',
    },
  ],
  filters: [
    { key: 'role', kind: 'select', label: msg`Role`, options: ROLE_OPTIONS },
    { key: 'status', kind: 'select', label: msg`Status`, options: statusOptions },
  ],
  actions,
  EditNotice: InvitationNotice,
};

export const { List, formPage, detailsPage } = areaPages(userArea);
export const Add = formPage({ mode: 'create' });
export const Update = formPage({ mode: 'edit' });
export const Details = detailsPage({ search: 'id' });
