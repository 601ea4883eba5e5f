/**
 * Advertisements (docs/product.md §2 /advertisement, /advertisement/add/{id?}, /advertisement/update/{id?},
 * /advertisement/details/{id}; docs/product.md §2). An ad shows an image at a placement between two dates and
 * leads to an event or an https address. New and edited ads wait for an admin, who approves or
 * rejects them (with a reason); an ad whose end date has passed is expired.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CheckCircle2, XCircle } from 'lucide-react';
import {
  AD_PLACEMENTS,
  AD_STATUSES,
  AD_TRANSITIONS,
  advertisementResource,
  api,
  type AdPlacement,
  type AdStatus,
  type RecordOf,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { profileImageUrl } from '@/app/session';
import { AppLink } from '@/components/AppLink';
import { call } from '@/lib/api';
import {
  dateOnly,
  dateTime,
  LocalizedCell,
  localizedText,
  Ltr,
  statusBadge,
  type Tone,
} from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaAction, AreaConfig, RenderContext } from '@/resources/types';
import { choosesProvider } from './access';
import { RECORD_SCREENS } from '@/lib/record-screens';

export type Advertisement = RecordOf<typeof advertisementResource>;

export const AD_STATUS_TEXT: Record<AdStatus, MessageDescriptor> = {
  pending: msg`Pending approval`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  expired: msg`Expired`,
};
const AD_TONE: Record<AdStatus, Tone> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  expired: 'grey',
};
export const AdStatusBadge = statusBadge(AD_STATUS_TEXT, AD_TONE, 'ad-status');

export const AD_PLACEMENT_TEXT: Record<AdPlacement, MessageDescriptor> = {
  home_banner: msg`Home banner`,
  home_carousel: msg`Home carousel`,
  event_list: msg`Event list`,
  event_details: msg`Event details`,
  search_results: msg`Search results`,
};

/**
 * An ad's decision has no version and a rejected ad may be approved (and back): replayed later it
 * could overwrite another admin's, so it needs the server (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md).
 */
const needsServer = msg`Needs the connection: another admin's decision made meanwhile must not be overwritten.`;

const decide = (to: 'approved' | 'rejected'): AreaAction<Advertisement> => ({
  needsServer,
  id: to === 'approved' ? 'approve' : 'reject',
  label: to === 'approved' ? msg`Approve` : msg`Reject`,
  icon: to === 'approved' ? CheckCircle2 : XCircle,
  danger: to === 'rejected',
  ...(to === 'approved'
    ? { primary: true, confirm: msg`The ad is shown at its placement between its dates once approved.` }
    : { reason: { title: msg`Reject advertisement`, required: true } }),
  visible: (row, ctx) => ctx.role === 'admin' && AD_TRANSITIONS[to].includes(row.status),
  bulk: { action: 'status', params: (reason) => ({ status: to, reason }) },
  run: (row, { reason, idempotencyKey }) =>
    call(routes.adsApprove, { body: { id: row.id, status: to, reason }, idempotencyKey }),
});

function Target({ row, ctx }: { row: Advertisement; ctx: RenderContext }) {
  if (row.targetType === 'event' && row.eventId !== null)
    return (
      <AppLink
        to={`/event/details/${row.eventId}`}
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        {localizedText(row.eventTitle, ctx.language) || `#${row.eventId}`}
      </AppLink>
    );
  if (row.url)
    return (
      <a
        href={row.url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        <Ltr>{row.url}</Ltr>
      </a>
    );
  return <>—</>;
}

const thumbnail = (row: Advertisement, ctx: RenderContext, large = false) => (
  <img
    src={profileImageUrl(row.image)}
    alt={ctx.i18n._(msg`Image of ${localizedText(row.title, ctx.language)}`)}
    loading="lazy"
    className={
      large
        ? 'max-h-64 w-full max-w-xl rounded-lg object-contain'
        : // A compact list's row is one line high (docs/decisions/0082-dense-width-aware-tables.md).
          'h-10 w-16 rounded object-cover group-data-[density=compact]/list:h-8 group-data-[density=compact]/list:w-12'
    }
  />
);

export const advertisementArea: AreaConfig<Advertisement> = {
  resource: advertisementResource,
  title: msg`Advertisements`,
  createTitle: msg`Add advertisement`,
  editTitle: msg`Edit advertisement`,
  recordName: (row, { language }) => localizedText(row.title, language),
  paths: {
    list: '/advertisement',
    create: '/advertisement/add',
    edit: (id) => `/advertisement/update/${id}`,
    details: RECORD_SCREENS.advertisement,
  },
  card: { status: 'status', fields: ['placement', 'startsOn', 'endsOn'] },
  columns: [
    {
      id: 'title',
      header: msg`Title`,
      sort: 'title',
      cell: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} />,
    },
    { id: 'image', header: msg`Image`, cell: (row, ctx) => thumbnail(row, ctx), priority: 'low' },
    {
      id: 'placement',
      priority: 'medium',
      header: msg`Placement`,
      sort: 'placement',
      cell: (row, ctx) => ctx.i18n._(AD_PLACEMENT_TEXT[row.placement]),
    },
    { id: 'startsOn', header: msg`From`, sort: 'startsOn', cell: (row, ctx) => dateOnly(row.startsOn, ctx) },
    { id: 'endsOn', header: msg`Until`, sort: 'endsOn', cell: (row, ctx) => dateOnly(row.endsOn, ctx) },
    {
      id: 'target',
      header: msg`Leads to`,
      cell: (row, ctx) => <Target row={row} ctx={ctx} />,
      priority: 'low',
    },
    {
      id: 'provider',
      priority: 'low',
      header: msg`Service provider`,
      cell: (row, ctx) => localizedText(row.providerName, ctx.language) || ctx.i18n._(msg`Platform`),
    },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => <AdStatusBadge status={row.status} ctx={ctx} />,
    },
    {
      id: 'createdAt',
      header: msg`Added`,
      sort: 'createdAt',
      cell: (row, ctx) => dateTime(row.createdAt, ctx),
      hiddenByDefault: true,
    },
  ],
  details: [
    { label: msg`Image`, value: (row, ctx) => thumbnail(row, ctx, true) },
    { label: msg`Title`, value: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} /> },
    {
      label: msg`Status`,
      value: (row, ctx) => (
        <span className="block">
          <AdStatusBadge status={row.status} ctx={ctx} />
          {row.statusReason && row.status === 'rejected' && (
            <span className="mt-1 block text-sm" data-testid="ad-reason">
              {ctx.i18n._(msg`Reason: ${row.statusReason}`)}
            </span>
          )}
        </span>
      ),
    },
    { label: msg`Placement`, value: (row, ctx) => ctx.i18n._(AD_PLACEMENT_TEXT[row.placement]) },
    {
      label: msg`Shown`,
      value: (row, ctx) => ctx.i18n._(msg`${dateOnly(row.startsOn, ctx)} to ${dateOnly(row.endsOn, ctx)}`),
    },
    { label: msg`Leads to`, value: (row, ctx) => <Target row={row} ctx={ctx} /> },
    {
      label: msg`Service provider`,
      value: (row, ctx) => localizedText(row.providerName, ctx.language) || ctx.i18n._(msg`Platform`),
    },
    { label: msg`Added`, value: (row, ctx) => dateTime(row.createdAt, ctx) },
    { label: msg`Last change`, value: (row, ctx) => dateTime(row.updatedAt, ctx) },
  ],
  fields: [
    { name: 'title', kind: 'localized', label: msg`Title` },
    {
      name: 'image',
      kind: 'image',
      label: msg`Image`,
      upload: api.advertisementImage,
      hint: msg`JPEG, PNG or WebP, up to 5 MB. A wide image (about 3:1) suits every placement.`,
    },
    {
      name: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      hint: msg`None: an ad of the platform.`,
      nullable: true,
      visible: choosesProvider,
    },
    {
      name: 'placement',
      kind: 'select',
      label: msg`Placement`,
      options: AD_PLACEMENTS.map((value) => ({ value, label: AD_PLACEMENT_TEXT[value] })),
    },
    { name: 'startsOn', kind: 'date', label: msg`Shown from` },
    { name: 'endsOn', kind: 'date', label: msg`Shown until`, hint: msg`On or after the first day.` },
    {
      name: 'targetType',
      kind: 'select',
      label: msg`Leads to`,
      options: [
        { value: 'event', label: msg`An event` },
        { value: 'url', label: msg`A web address` },
      ],
    },
    {
      name: 'eventId',
      kind: 'reference',
      source: 'event',
      label: msg`Event`,
      when: (values) => values.targetType === 'event',
    },
    {
      name: 'url',
      kind: 'text',
      label: msg`Web address`,
      placeholder: 'https://',
      ltr: true,
      nullable: true,
      when: (values) => values.targetType === 'url',
    },
  ],
  filters: [
    {
      key: 'status',
      kind: 'select',
      label: msg`Status`,
      options: AD_STATUSES.map((value) => ({ value, label: AD_STATUS_TEXT[value] })),
    },
    {
      key: 'placement',
      kind: 'select',
      label: msg`Placement`,
      options: AD_PLACEMENTS.map((value) => ({ value, label: AD_PLACEMENT_TEXT[value] })),
    },
    {
      key: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      visible: choosesProvider,
    },
    { key: 'activeOn', kind: 'date', label: msg`Shown on` },
  ],
  actions: [decide('approved'), decide('rejected')],
  useCreateDefaults: () => ({ values: { targetType: 'event' }, ready: true }),
};

const pages = areaPages(advertisementArea);
export const List = pages.List;
export const Add = pages.formPage();
export const Update = pages.formPage({ mode: 'edit' });
export const Details = pages.detailsPage();
