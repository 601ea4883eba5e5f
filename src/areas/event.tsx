/**
 * Events (docs/product.md §2 /event, /event/details/{id}, /event/add/{id?}, /event/list/{id?}; docs/product.md §2).
 * A provider adds its events as drafts and submits them; an admin approves or rejects them (with a
 * reason) and features approved ones. Status moves follow EVENT_TRANSITIONS; the buttons offered
 * are the moves the contract allows now (the server checks them again).
 */
import { msg } from '@lingui/core/macro';
import { CalendarDays, Star } from 'lucide-react';
import { lazy } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import {
  api,
  EVENT_STATUSES,
  eventResource,
  serviceProviderResource,
  MAX_EVENT_IMAGES,
  type Language,
  type RecordOf,
} from '@/contract';
import { NotFoundPage } from '@/components/error-pages/NotFoundPage';
import { dateTime, Lines, LocalizedCell, localizedText, venueTime } from '@/resources/cells';
import { EVENT_STATUS_TEXT, EventStatusBadge } from './event-status';
import { ListPage } from '@/resources/ListPage';
import { eventActions } from './event-actions';
import { areaPages, parseId } from '@/resources/screens';
import { detailQueryOptions, type BaseRecord } from '@/resources/queries';
import type { AreaConfig, RenderContext } from '@/resources/types';
import { choosesProvider } from './access';
import { eventSaveQuestion } from './event-save';
import { money } from './booking-status';
import { RECORD_SCREENS } from '@/lib/record-screens';

export type Event = RecordOf<typeof eventResource>;

/** An event's ticket price: "Free" for a free event, wherever it is shown. */
export const ticketPrice = (minor: number, ctx: RenderContext) =>
  minor === 0 ? ctx.i18n._(msg`Free`) : money(minor, ctx);

const EVENT_STATUS_OPTIONS = EVENT_STATUSES.map((value) => ({ value, label: EVENT_STATUS_TEXT[value] }));

export const eventArea: AreaConfig<Event> = {
  resource: eventResource,
  title: msg`Events`,
  createTitle: msg`Add event`,
  editTitle: msg`Edit event`,
  recordName: (row, { language }) => localizedText(row.title, language),
  paths: {
    list: '/event',
    create: '/event/add',
    edit: (id) => `/event/add/${id}`,
    details: RECORD_SCREENS.event,
  },
  card: { status: 'status', fields: ['startsAt', 'city', 'capacity'] },
  columns: [
    {
      id: 'title',
      header: msg`Title`,
      sort: 'title',
      cell: (row, ctx) => <LocalizedCell value={row.title} ctx={ctx} />,
    },
    {
      id: 'startsAt',
      header: msg`Starts`,
      sort: 'startsAt',
      cell: (row, ctx) => venueTime(row.startsAt, row.timeZone, ctx),
    },
    {
      id: 'endsAt',
      header: msg`Ends`,
      cell: (row, ctx) => venueTime(row.endsAt, row.timeZone, ctx),
      hiddenByDefault: true,
    },
    {
      id: 'category',
      priority: 'low',
      header: msg`Category`,
      sort: 'category',
      cell: (row, ctx) => localizedText(row.categoryName, ctx.language),
    },
    {
      id: 'city',
      // Low: with the zone named in the times (docs/product.md §2), Status and Actions fit at 1440 px.
      priority: 'low',
      header: msg`City`,
      sort: 'city',
      cell: (row, ctx) => (
        <Lines
          main={localizedText(row.cityName, ctx.language)}
          second={localizedText(row.locationName, ctx.language)}
        />
      ),
    },
    {
      id: 'provider',
      priority: 'low',
      header: msg`Service provider`,
      sort: 'provider',
      cell: (row, ctx) => localizedText(row.providerName, ctx.language),
    },
    {
      id: 'price',
      header: msg`Price`,
      sort: 'price',
      cell: (row, ctx) => ticketPrice(row.price, ctx),
      priority: 'medium',
    },
    {
      id: 'capacity',
      header: msg`Sold / capacity`,
      sort: 'capacity',
      cell: (row, ctx) => `${ctx.i18n.number(row.soldTickets)} / ${ctx.i18n.number(row.capacity)}`,
    },
    {
      id: 'status',
      header: msg`Status`,
      sort: 'status',
      cell: (row, ctx) => (
        <span className="inline-flex items-center gap-1">
          <EventStatusBadge status={row.status} ctx={ctx} />
          {row.featured && (
            <Star
              aria-label={ctx.i18n._(msg`Featured`)}
              role="img"
              className="size-4 fill-amber-400 text-amber-500"
            />
          )}
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: msg`Added`,
      sort: 'createdAt',
      cell: (row, ctx) => dateTime(row.createdAt, ctx),
      hiddenByDefault: true,
    },
  ],
  fields: [
    { name: 'title', kind: 'localized', label: msg`Title`, section: msg`The event` },
    { name: 'description', kind: 'localized', label: msg`Description`, multiline: true },
    { name: 'categoryId', kind: 'reference', source: 'category', label: msg`Category` },
    {
      name: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      visible: choosesProvider,
    },
    {
      name: 'countryId',
      kind: 'reference',
      source: 'country',
      label: msg`Country`,
      section: msg`Where and when`,
    },
    { name: 'cityId', kind: 'reference', source: 'city', label: msg`City`, dependsOn: 'countryId' },
    {
      name: 'locationId',
      kind: 'reference',
      source: 'location',
      label: msg`Location`,
      dependsOn: 'cityId',
    },
    { name: 'startsAt', kind: 'datetime', venue: 'locationId', label: msg`Starts` },
    { name: 'endsAt', kind: 'datetime', venue: 'locationId', label: msg`Ends`, hint: msg`After the start.` },
    {
      name: 'price',
      kind: 'money',
      label: msg`Ticket price`,
      hint: msg`0 for a free event.`,
      section: msg`Tickets`,
    },
    { name: 'capacity', kind: 'number', label: msg`Capacity`, hint: msg`Seats on sale.` },
    {
      name: 'images',
      kind: 'gallery',
      label: msg`Images`,
      section: msg`Images and team`,
      upload: api.eventImage,
      cover: 'coverImage',
      max: MAX_EVENT_IMAGES,
    },
    {
      name: 'supervisorIds',
      kind: 'multireference',
      source: 'supervisor',
      label: msg`Supervisors`,
      hint: msg`Supervisors of the event’s provider who run it on the day.`,
      dependsOn: 'providerId',
    },
  ],
  filters: [
    { key: 'status', kind: 'select', label: msg`Status`, options: EVENT_STATUS_OPTIONS },
    { key: 'categoryId', kind: 'reference', source: 'category', label: msg`Category` },
    { key: 'cityId', kind: 'reference', source: 'city', label: msg`City` },
    {
      key: 'providerId',
      kind: 'reference',
      source: 'provider',
      label: msg`Service provider`,
      visible: choosesProvider,
    },
    { key: 'featured', kind: 'boolean', label: msg`Featured`, yes: msg`Featured`, no: msg`Not featured` },
    { key: 'from', kind: 'date', label: msg`Starts from` },
    { key: 'to', kind: 'date', label: msg`Starts until` },
  ],
  actions: eventActions,
  saveQuestion: eventSaveQuestion,
  // Beside the table (`view=calendar`), loaded when first shown (docs/decisions/0070-the-events-calendar.md).
  layouts: {
    calendar: {
      label: msg`Calendar`,
      icon: CalendarDays,
      hides: ['from', 'to'],
      Page: lazy(() => import('./event-calendar')),
    },
  },
  // An event belongs to a provider: added by the provider, or by staff who can choose one.
  canCreate: (ctx) => ctx.role === 'serviceprovider' || choosesProvider(ctx),
  canRemove: (row) => row.soldTickets === 0 && (row.status === 'draft' || row.status === 'rejected'),
};

const pages = areaPages(eventArea);
export const List = pages.List;
export const Form = pages.formPage();
export { Details } from './event-details';

/** /event/list/{id?}: the events of one provider (a provider without an id: its own). */
export function ProviderEvents() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id === undefined || params.id === '' ? null : parseId(params.id);
  const provider = useQuery({
    ...detailQueryOptions<BaseRecord & { businessName: { en: string; ar: string } }>(
      serviceProviderResource,
      id ?? 0,
    ),
    enabled: id !== null,
  });
  if (params.id !== undefined && params.id !== '' && id === null) return <NotFoundPage />;
  if (id === null) return <ListPage area={eventArea} />;
  const name = provider.data ? localizedText(provider.data.businessName, language) : `#${id}`;
  return (
    <ListPage area={eventArea} fixed={{ providerId: String(id) }} heading={i18n._(msg`Events of ${name}`)} />
  );
}
