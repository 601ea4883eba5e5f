/**
 * Service providers (docs/product.md §2 /serviceprovider, /serviceprovider-details/{id}, /serviceprovider/add,
 * /serviceprovider/update/{id}). Staff approve, reject (with a reason) or block; a provider sees and
 * edits only its own profile.
 */
import { msg } from '@lingui/core/macro';
import { serviceProviderResource, type RecordOf } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { dateTime, EmailText, localizedText, LocalizedCell, Ltr, statusOptions } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaAction, AreaConfig } from '@/resources/types';
import { accountMoves } from './account-moves';
import { AccountStatus, InvitationNotice, invitationActions } from './invitation';
import { RECORD_SCREENS } from '@/lib/record-screens';

export type Provider = RecordOf<typeof serviceProviderResource>;

const isStaff = (ctx: { permissions: readonly string[] }) => ctx.permissions.includes('serviceprovider');

const decide =
  (status: '1' | '2' | '3'): AreaAction<Provider>['run'] =>
  async (row: Provider, { reason, idempotencyKey }: { reason: string | null; idempotencyKey: string }) =>
    call(routes.serviceProviderApprove, { body: { id: row.id, status, reason }, idempotencyKey });

/**
 * A provider's status has no version and changes who may sign in at once: a decision kept offline
 * could undo another's made meanwhile, so these need the server (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
 */
const needsServer = msg`Needs the connection: the provider's access changes at once, and a decision made meanwhile must not be overwritten.`;

export const providerActions: AreaAction<Provider>[] = [
  ...accountMoves<Provider>({
    run: decide,
    may: isStaff,
    approve: { confirm: msg`The provider can sign in once approved.` },
    reject: { title: msg`Reject provider` },
    block: { reason: { title: msg`Block provider`, required: true } },
    needsServer,
  }),
  ...invitationActions<Provider>('serviceprovider'),
];

export const serviceProviderArea: AreaConfig<Provider> = {
  resource: serviceProviderResource,
  title: msg`Service providers`,
  createTitle: msg`Add service provider`,
  editTitle: msg`Edit service provider`,
  recordName: (row, { language }) =>
    localizedText(row.businessName, language) || localizedText(row.name, language),
  paths: {
    list: '/serviceprovider',
    create: '/serviceprovider/add',
    edit: (id) => `/serviceprovider/update/${id}`,
    details: RECORD_SCREENS.serviceprovider,
  },
  card: { status: 'status', fields: ['name', 'category', 'city'] },
  columns: [
    {
      id: 'businessName',
      header: msg`Business`,
      sort: 'businessName',
      cell: (row, ctx) => <LocalizedCell value={row.businessName} ctx={ctx} />,
    },
    {
      id: 'name',
      priority: 'medium',
      header: msg`Contact`,
      sort: 'name',
      cell: (row, ctx) => localizedText(row.name, ctx.language),
    },
    {
      id: 'email',
      header: msg`Email`,
      sort: 'email',
      cell: (row) => <EmailText value={row.email} />,
      priority: 'low',
    },
    {
      id: 'phone',
      header: msg`Phone`,
      cell: (row) => (row.phone ? <Ltr>{row.phone}</Ltr> : '—'),
      hiddenByDefault: true,
    },
    {
      id: 'category',
      priority: 'medium',
      header: msg`Category`,
      sort: 'category',
      cell: (row, ctx) => localizedText(row.categoryName, ctx.language) || '—',
    },
    {
      id: 'city',
      priority: 'low',
      header: msg`City`,
      sort: 'city',
      cell: (row, ctx) => localizedText(row.cityName, ctx.language) || '—',
    },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <AccountStatus row={row} ctx={ctx} />,
    },
    {
      id: 'documentCount',
      header: msg`Documents`,
      cell: (row, ctx) => ctx.i18n.number(row.documentCount),
      hiddenByDefault: true,
    },
    {
      id: 'createdAt',
      priority: 'low',
      header: msg`Registered`,
      sort: 'createdAt',
      cell: (row, ctx) => dateTime(row.createdAt, ctx),
    },
  ],
  fields: [
    { name: 'businessName', kind: 'localized', label: msg`Business name` },
    { name: 'description', kind: 'localized', label: msg`Description`, multiline: true },
    { name: 'categoryId', kind: 'reference', source: 'category', label: msg`Category`, nullable: true },
    { name: 'cityId', kind: 'reference', source: 'city', label: msg`City`, nullable: true },
    { name: 'contactPhone', kind: 'tel', label: msg`Business phone`, nullable: true },
    { name: 'name', kind: 'localized', label: msg`Contact person` },
    { name: 'email', kind: 'email', label: msg`Email`, autoComplete: 'off' },
    { name: 'phone', kind: 'tel', label: msg`Phone`, nullable: true },
  ],
  filters: [
    { key: 'status', kind: 'select', label: msg`Status`, options: statusOptions },
    { key: 'categoryId', kind: 'reference', source: 'category', label: msg`Category` },
    { key: 'cityId', kind: 'reference', source: 'city', label: msg`City` },
  ],
  actions: providerActions,
  canCreate: isStaff,
  canRemove: (_row, ctx) => isStaff(ctx),
  EditNotice: InvitationNotice,
};

export const { List, formPage } = areaPages(serviceProviderArea);
export const Add = formPage({ mode: 'create' });
export const Update = formPage({ mode: 'edit' });
