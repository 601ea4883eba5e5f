/**
 * /event/details/{id} (docs/product.md §2, `/api/event/get-details/{id}`): the event's information, gallery
 * (cover first), specialists (added, edited and removed here through /api/event/specialist),
 * supervisors, bookings summary and status history, with the moves the event allows now. The sections
 * are in event-sections.tsx, event-specialists.tsx and event-specialist-dialog.tsx.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { DoorOpen, Star, Ticket } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { EventStatus, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { useSession } from '@/app/session';
import { AppLink } from '@/components/AppLink';
import { Alert, buttonClass } from '@/components/ui';
import { call } from '@/lib/api';
import { localizedText, venueTime } from '@/resources/cells';
import { DefinitionList, RecordView } from '@/resources/DetailsPage';
import { HistorySection } from '@/resources/History';
import { parseId } from '@/resources/screens';
import type { DetailItem, RenderContext } from '@/resources/types';
import { DetailsCard, LoadedDetails, type DetailsData } from './details-frame';
import { eventArea, ticketPrice, type Event } from './event';
import { EventStatusBadge } from './event-status';
import { EventBookings, EventGallery, EventSupervisors } from './event-sections';
import { Specialists } from './event-specialists';
import { EventMessages } from './event-messages';

/** The event's dashboard, with its charts, loads with the section (docs/decisions/0068-dashboards-over-a-period.md). */
const EventDashboard = lazy(() => import('./event-dashboard'));

/** Under the resource's key, so that every event write refreshes it. */
export const eventDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['event', 'details', id] as const,
    queryFn: async ({ signal }) => (await call(routes.eventDetails, { params: { id }, signal })).data,
  });

const INFO: DetailItem<Event>[] = [
  {
    label: msg`Status`,
    value: (row, ctx) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <EventStatusBadge status={row.status} ctx={ctx} />
        {row.featured && (
          <span className="inline-flex items-center gap-1 text-sm">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {ctx.i18n._(msg`Featured`)}
          </span>
        )}
      </span>
    ),
  },
  {
    label: msg`Service provider`,
    value: (row, ctx) => (
      <AppLink
        to={`/serviceprovider-details/${row.providerId}`}
        className="text-indigo-700 underline dark:text-indigo-300"
      >
        {localizedText(row.providerName, ctx.language)}
      </AppLink>
    ),
  },
  { label: msg`Category`, value: (row, ctx) => localizedText(row.categoryName, ctx.language) },
  {
    label: msg`Location`,
    value: (row, ctx) =>
      [row.locationName, row.cityName, row.countryName]
        .map((name) => localizedText(name, ctx.language))
        .filter(Boolean)
        .join(ctx.i18n._(msg`, `)),
  },
  { label: msg`Starts`, value: (row, ctx) => venueTime(row.startsAt, row.timeZone, ctx) },
  { label: msg`Ends`, value: (row, ctx) => venueTime(row.endsAt, row.timeZone, ctx) },
  {
    label: msg`Ticket price`,
    value: (row, ctx) => ticketPrice(row.price, ctx),
  },
  { label: msg`Capacity`, value: (row, ctx) => ctx.i18n.number(row.capacity) },
  {
    label: msg`Description`,
    value: (row, ctx) => (
      <p className="whitespace-pre-line">{localizedText(row.description, ctx.language)}</p>
    ),
  },
];

export function Details() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = parseId(params.id);
  const details = useQuery({ ...eventDetailsQuery(id ?? 0), enabled: id !== null });
  return (
    <LoadedDetails id={id} details={details} area={eventArea}>
      {(data) => <EventDetails data={data} updatedAt={details.dataUpdatedAt} />}
    </LoadedDetails>
  );
}

/** The door's links sit in the details, beside the header's one primary button: secondary. */
const DOOR_LINK = buttonClass('secondary');

function EventDetails({
  data,
  updatedAt,
}: {
  data: DetailsData<typeof eventDetailsQuery>;
  updatedAt: number;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { event, gallery, specialists, supervisors, bookings, history, allowedTransitions } = data;
  const ctx: RenderContext = { i18n, language };
  const editable = allowedTransitions.length > 0 || !['cancelled', 'completed'].includes(event.status);
  const atTheDoor = useSession().permissions?.includes('checkin') ?? false;
  return (
    <RecordView area={eventArea} row={event} updatedAt={updatedAt}>
      {atTheDoor && (
        // The event's door (docs/decisions/0055-the-door.md): admitting guests at the entrance, and
        // selling there while the event is open.
        <div className="flex flex-wrap gap-2">
          <AppLink to={`/event/door/${event.id}`} className={DOOR_LINK} data-testid="event-door">
            <DoorOpen aria-hidden="true" className="size-4" />
            {i18n._(msg`Door`)}
          </AppLink>
          {event.status === 'approved' && (
            <AppLink
              to={`/event/door-sales/${event.id}`}
              className={DOOR_LINK}
              data-testid="event-door-sales"
            >
              <Ticket aria-hidden="true" className="size-4" />
              {i18n._(msg`Door sales`)}
            </AppLink>
          )}
        </div>
      )}
      {event.statusReason && (event.status === 'rejected' || event.status === 'cancelled') && (
        <Alert kind="error">
          <p data-testid="event-reason">
            {event.status === 'rejected'
              ? i18n._(msg`Rejected: ${event.statusReason}`)
              : i18n._(msg`Cancelled: ${event.statusReason}`)}
          </p>
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <DetailsCard titleId="event-info-title" title={i18n._(msg`Event`)}>
          <DefinitionList items={INFO} row={event} ctx={ctx} />
        </DetailsCard>
        <EventBookings eventId={event.id} bookings={bookings} ctx={ctx} />
      </div>

      <Suspense fallback={null}>
        <EventDashboard eventId={event.id} timeZone={event.timeZone} />
      </Suspense>

      <EventGallery title={event.title} gallery={gallery} ctx={ctx} />

      <Specialists eventId={event.id} specialists={specialists} editable={editable} ctx={ctx} />

      <EventSupervisors supervisors={supervisors} ctx={ctx} />

      <EventMessages eventId={event.id} timeZone={event.timeZone} ctx={ctx} />

      <HistorySection
        title={i18n._(msg`Status history`)}
        empty={i18n._(msg`No changes yet.`)}
        testId="event-history"
        ctx={ctx}
        entries={history.map((entry) => ({
          id: entry.id,
          from: entry.fromStatus && <EventStatusBadge status={entry.fromStatus as EventStatus} ctx={ctx} />,
          to: <EventStatusBadge status={entry.toStatus} ctx={ctx} />,
          by: entry.by,
          at: entry.at,
          remark: entry.reason && i18n._(msg`Reason: ${entry.reason}`),
        }))}
      />
    </RecordView>
  );
}
