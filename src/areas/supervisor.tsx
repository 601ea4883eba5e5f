/**
 * Supervisors (event managers), docs/product.md §2 /supervisor and /supervisor/add/{userId}: `userId` is the
 * supervisor's user id to edit it, or `new` to add one. Staff choose the provider it belongs to; a
 * service provider manages only its own supervisors. Approve, block and unblock via /api/users/approve/
 * (src/areas/account-moves.ts).
 * Access: a full supervisor, or door only (role `door`, docs/decisions/0055-the-door.md).
 */
import { msg } from '@lingui/core/macro';
import { SUPERVISOR_ROLES, supervisorResource, type RecordOf } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import {
  Badge,
  dateTime,
  EmailText,
  localizedText,
  LocalizedCell,
  Ltr,
  statusOptions,
} from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';
import { accountMoves } from './account-moves';
import { AccountStatus, InvitationNotice, invitationActions } from './invitation';
import { RECORD_SCREENS } from '@/lib/record-screens';

type Supervisor = RecordOf<typeof supervisorResource>;

/** A supervisor's access (docs/decisions/0055-the-door.md): everything a supervisor does, or doors only. */
const ACCESS = { manager: msg`Full supervisor`, door: msg`Door only` } as const;
const ACCESS_OPTIONS = SUPERVISOR_ROLES.map((role) => ({ value: role, label: ACCESS[role] }));
const isStaff = (ctx: { permissions: readonly string[] }) => ctx.permissions.includes('supervisor');

/** A supervisor's access changes at once and has no version: it needs the server (ADR 0076). */
const needsServer = msg`Needs the connection: the supervisor's access changes at once.`;

const setStatus = (status: '1' | '3') => async (row: Supervisor) =>
  call(routes.supervisorStatus, { body: { id: row.id, status } });

export const supervisorArea: AreaConfig<Supervisor> = {
  resource: supervisorResource,
  title: msg`Supervisors`,
  createTitle: msg`Add supervisor`,
  editTitle: msg`Edit supervisor`,
  recordName: (row, { language }) => localizedText(row.name, language),
  useCreateDefaults: () => ({ values: { role: 'manager' }, ready: true }),
  paths: {
    list: '/supervisor',
    create: '/supervisor/add/new',
    edit: (id) => `/supervisor/add/${id}`,
    details: RECORD_SCREENS.supervisor,
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
    {
      id: 'provider',
      header: msg`Service provider`,
      sort: 'provider',
      cell: (row, ctx) => localizedText(row.providerName, ctx.language),
    },
    {
      id: 'role',
      header: msg`Access`,
      sort: 'role',
      cell: (row, ctx) => (
        <Badge tone={row.role === 'door' ? 'amber' : 'grey'}>{ctx.i18n._(ACCESS[row.role])}</Badge>
      ),
    },
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
  fields: [
    { name: 'name', kind: 'localized', label: msg`Name` },
    { name: 'email', kind: 'email', label: msg`Email`, autoComplete: 'off' },
    { name: 'phone', kind: 'tel', label: msg`Phone`, nullable: true },
    {
      name: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      visible: isStaff,
    },
    {
      name: 'role',
      kind: 'select',
      label: msg`Access`,
      options: ACCESS_OPTIONS,
      hint: msg`Door only: opens the doors of the events it is assigned to, and nothing else.`,
    },
  ],
  filters: [
    {
      key: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      visible: isStaff,
    },
    { key: 'role', kind: 'select', label: msg`Access`, options: ACCESS_OPTIONS },
    {
      key: 'status',
      kind: 'select',
      label: msg`Status`,
      options: statusOptions,
    },
  ],
  actions: [
    ...accountMoves<Supervisor, '1' | '3'>({
      run: setStatus,
      block: { confirm: msg`The supervisor is signed out and cannot sign in until unblocked.` },
      needsServer,
    }),
    ...invitationActions<Supervisor>('supervisor'),
  ],
  EditNotice: InvitationNotice,
};

export const { List, formPage, detailsPage } = areaPages(supervisorArea);
export const Form = formPage({ param: 'userId' });
export const Details = detailsPage();
