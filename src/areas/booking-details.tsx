/**
 * /booking-details?id={id} (docs/product.md §2): one booking with its customer, its event (seats sold of the
 * capacity) and its status history (who, when, from, to), with the status and payment moves the
 * booking allows now.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  BOOKING_STATUSES,
  EVENT_STATUS_LABEL,
  PAYMENT_STATUSES,
  type BookingStatus,
  type Language,
  type PaymentStatus,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { dateTime, localizedText, Ltr, venueTime } from '@/resources/cells';
import { DefinitionList, RecordView } from '@/resources/DetailsPage';
import { AppLink } from '@/components/AppLink';
import { parseId } from '@/resources/screens';
import { HistorySection } from '@/resources/History';
import type { DetailItem, RenderContext } from '@/resources/types';
import { bookingArea, type Booking } from './booking';
import { BookingStatusBadge, money, PaymentBadge } from './booking-status';
import { BookingMails } from './booking-mails';
import { Ticket } from './booking-ticket';
import { TicketCard } from './booking-ticket-card';
import { DetailsCard, LoadedDetails, type DetailsData } from './details-frame';

/** Under the resource's key, so that every booking write refreshes it. */
export const bookingDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['booking', 'details', id] as const,
    queryFn: async ({ signal }) => (await call(routes.bookingDetails, { params: { id }, signal })).data,
  });

const BOOKING: DetailItem<Booking>[] = [
  { label: msg`Code`, value: (row) => <Ltr>{row.code}</Ltr> },
  { label: msg`Status`, value: (row, ctx) => <BookingStatusBadge status={row.status} ctx={ctx} /> },
  { label: msg`Payment`, value: (row, ctx) => <PaymentBadge status={row.paymentStatus} ctx={ctx} /> },
  { label: msg`Tickets`, value: (row, ctx) => ctx.i18n.number(row.tickets) },
  { label: msg`Unit price`, value: (row, ctx) => money(row.unitPrice, ctx) },
  { label: msg`Total`, value: (row, ctx) => <strong>{money(row.total, ctx)}</strong> },
  { label: msg`Booked`, value: (row, ctx) => dateTime(row.createdAt, ctx) },
  { label: msg`Last change`, value: (row, ctx) => dateTime(row.updatedAt, ctx) },
  {
    label: msg`Notes`,
    value: (row) => <p className="whitespace-pre-line">{row.notes || '—'}</p>,
  },
];

const CUSTOMER: DetailItem<Booking>[] = [
  { label: msg`Name`, value: (row) => row.customerName },
  {
    label: msg`Email`,
    // A door sale may have none (docs/decisions/0056-door-sales-without-an-e-mail.md).
    value: (row) =>
      row.customerEmail ? (
        <a className="text-indigo-700 underline dark:text-indigo-300" href={`mailto:${row.customerEmail}`}>
          <Ltr>{row.customerEmail}</Ltr>
        </a>
      ) : (
        '—'
      ),
  },
  {
    label: msg`Phone`,
    value: (row) => (
      <a className="text-indigo-700 underline dark:text-indigo-300" href={`tel:${row.customerPhone}`}>
        <Ltr>{row.customerPhone}</Ltr>
      </a>
    ),
  },
  {
    label: msg`Language of mails`,
    value: (row, ctx) => ctx.i18n._(row.language === 'ar' ? msg`Arabic` : msg`English`),
  },
];

const isBookingStatus = (v: string | null): v is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(v ?? '');
const isPaymentStatus = (v: string | null): v is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(v ?? '');

function HistoryValue({
  field,
  value,
  ctx,
}: {
  field: 'status' | 'payment';
  value: string;
  ctx: RenderContext;
}) {
  if (field === 'status' && isBookingStatus(value)) return <BookingStatusBadge status={value} ctx={ctx} />;
  if (field === 'payment' && isPaymentStatus(value)) return <PaymentBadge status={value} ctx={ctx} />;
  return <span>{value}</span>;
}

export function Details() {
  const search = useSearch({ strict: false }) as { id?: unknown; view?: unknown };
  const id = parseId(search.id);
  const details = useQuery({ ...bookingDetailsQuery(id ?? 0), enabled: id !== null });
  return (
    <LoadedDetails id={id} details={details} area={bookingArea}>
      {(data) =>
        search.view === 'ticket' ? (
          <Ticket data={data} />
        ) : (
          <BookingDetails data={data} updatedAt={details.dataUpdatedAt} />
        )
      }
    </LoadedDetails>
  );
}

type BookingDetailsData = DetailsData<typeof bookingDetailsQuery>;

function BookingDetails({ data, updatedAt }: { data: BookingDetailsData; updatedAt: number }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const { booking, event, history } = data;
  const ctx: RenderContext = { i18n, language };
  return (
    <RecordView area={bookingArea} row={booking} updatedAt={updatedAt}>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <DetailsCard titleId="booking-title" title={i18n._(msg`Booking`)}>
            <DefinitionList items={BOOKING} row={booking} ctx={ctx} />
          </DetailsCard>
          <TicketCard bookingId={booking.id} code={booking.code} ticket={data.ticket} />
        </div>
        <div className="space-y-4">
          <DetailsCard titleId="customer-title" title={i18n._(msg`Customer`)}>
            <DefinitionList items={CUSTOMER} row={booking} ctx={ctx} />
          </DetailsCard>
          <BookingEvent event={event} ctx={ctx} />
          <BookingMails bookingId={booking.id} ctx={ctx} />
        </div>
      </div>
      <HistorySection
        title={i18n._(msg`Status history`)}
        empty={i18n._(msg`No changes yet.`)}
        testId="booking-history"
        ctx={ctx}
        entries={history.map((entry) => ({
          id: entry.id,
          label: entry.field === 'status' ? i18n._(msg`Status`) : i18n._(msg`Payment`),
          from: entry.from && <HistoryValue field={entry.field} value={entry.from} ctx={ctx} />,
          to: <HistoryValue field={entry.field} value={entry.to} ctx={ctx} />,
          by: entry.by,
          at: entry.at,
          remark: entry.note && i18n._(msg`Note: ${entry.note}`),
        }))}
      />
    </RecordView>
  );
}

/** The booked event: its title (a link to it), when and where, seats sold and its status. */
function BookingEvent({ event, ctx }: { event: BookingDetailsData['event']; ctx: RenderContext }) {
  const { i18n, language } = ctx;
  const seatsLeft = Math.max(0, event.capacity - event.soldTickets);
  return (
    <DetailsCard titleId="event-title" title={i18n._(msg`Event`)} testId="booking-event">
      <p className="font-medium">
        <AppLink to={`/event/details/${event.id}`} className="text-indigo-700 underline dark:text-indigo-300">
          {localizedText(event.title, language)}
        </AppLink>
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(
          msg`${venueTime(event.startsAt, event.timeZone, ctx)} to ${venueTime(event.endsAt, event.timeZone, ctx)}`,
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {[localizedText(event.locationName, language), localizedText(event.cityName, language)]
          .filter(Boolean)
          .join(i18n._(msg`, `))}
      </p>
      <p className="mt-1 text-sm">
        {i18n._(
          msg`${i18n.number(event.soldTickets)} of ${i18n.number(event.capacity)} seats sold, ${i18n.number(seatsLeft)} left`,
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {i18n._(msg`Event status: ${localizedText(EVENT_STATUS_LABEL[event.status], language)}`)}
      </p>
    </DetailsCard>
  );
}
