/**
 * The event's dashboard on its details screen (docs/product.md, "The event's dashboard";
 * docs/decisions/0068-dashboards-over-a-period.md), loaded with its section: seats taken against
 * capacity, bookings and revenue per platform day, its bookings by payment state and, on the event's
 * day, the guests admitted per hour on the venue's clock. Its query is under the dashboards' key, so
 * a change of a booking on the live stream (an admission checks its booking in) refetches it
 * (src/app/live.ts), and on the event's day a half-minute poll catches the admissions that change no
 * booking. Each chart downloads its figures as CSV.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Language } from '@/contract';
import { MINOR_PER_MAJOR } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { BarChart, type BarChartProps } from '@/components/charts/BarChart';
import { Alert } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { dateTime } from '@/resources/cells';
import { money, PAYMENT_STATUS_TEXT } from './booking-status';
import { DetailsCard } from './details-frame';

export const eventDashboardQuery = (id: number) =>
  queryOptions({
    queryKey: ['dashboard', 'event', id] as const,
    queryFn: async ({ signal }) => (await call(routes.eventDashboard, { params: { id }, signal })).data,
    staleTime: 30_000,
  });

const ON_THE_DAY_REFETCH_MS = 30_000;

type Chart = Omit<BarChartProps, 'language' | 'format'> & { format: (n: number) => string };
type Data = NonNullable<ReturnType<typeof useEventDashboard>['data']>;
type Ctx = { i18n: I18n; language: Language };

/**
 * On the event's day it also refetches every half minute: the live stream tells of an admission that
 * checks a booking in, not of one that admits part of a booking (it changes no booking).
 */
const useEventDashboard = (id: number) =>
  useQuery({
    ...eventDashboardQuery(id),
    refetchInterval: (query) => (query.state.data?.onTheDay ? ON_THE_DAY_REFETCH_MS : false),
  });

/** Sales per day (bookings, revenue) and totals by payment state, each with its CSV. */
function salesCharts(
  data: Data,
  { i18n }: Ctx,
  amount: (minor: number) => string,
  file: (n: string) => string,
) {
  const day = (d: string) =>
    i18n.date(new Date(`${d}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayHeader = i18n._(msg`Day`);
  const sold = i18n._(msg`Bookings`);
  const revenue = i18n._(msg`Revenue (SAR)`);
  const paymentHeader = i18n._(msg`Payment`);
  const days = data.salesPerDay;
  const payments = data.byPayment;
  const paymentName = (p: Data['byPayment'][number]) => i18n._(PAYMENT_STATUS_TEXT[p.paymentStatus]);
  const charts: Chart[] = [
    {
      testId: 'event-chart-bookings',
      title: i18n._(msg`Bookings per day`),
      labels: days.map((d) => day(d.day)),
      values: days.map((d) => d.bookings),
      labelHeader: dayHeader,
      valueLabel: sold,
      format: (n) => i18n.number(n),
      download: {
        fileName: file('bookings-per-day'),
        rows: () => [[dayHeader, sold], ...days.map((d) => [d.day, d.bookings])],
      },
    },
    {
      testId: 'event-chart-revenue',
      title: i18n._(msg`Revenue per day`),
      labels: days.map((d) => day(d.day)),
      values: days.map((d) => d.revenue),
      labelHeader: dayHeader,
      valueLabel: revenue,
      format: amount,
      tickFormat: (minor) =>
        i18n.number(minor / MINOR_PER_MAJOR, { notation: 'compact', maximumFractionDigits: 1 }),
      download: {
        fileName: file('revenue-per-day'),
        rows: () => [[dayHeader, revenue], ...days.map((d) => [d.day, d.revenue / MINOR_PER_MAJOR])],
      },
    },
    {
      testId: 'event-chart-payment',
      title: i18n._(msg`Bookings’ totals by payment state`),
      labels: payments.map(paymentName),
      values: payments.map((p) => p.total),
      labelHeader: paymentHeader,
      valueLabel: revenue,
      format: amount,
      horizontal: true,
      download: {
        fileName: file('payment-states'),
        rows: () => [
          [paymentHeader, sold, i18n._(msg`Tickets`), revenue],
          ...payments.map((p) => [paymentName(p), p.bookings, p.tickets, p.total / MINOR_PER_MAJOR]),
        ],
      },
    },
  ];
  return charts.filter((c) => c.values.length > 0);
}

/** The guests admitted per hour on the venue's clock, on the event's day (or once it has admissions). */
function admissionsChart(data: Data, { i18n }: Ctx, timeZone: string, file: (n: string) => string) {
  const perHour = data.admissions.perHour;
  if (!data.onTheDay && perHour.length === 0) return [];
  const hourHeader = i18n._(msg`Hour`);
  const guests = i18n._(msg`Guests admitted`);
  const chart: Chart = {
    testId: 'event-chart-admissions',
    title: i18n._(msg`Guests admitted per hour`),
    labels: perHour.map((h) => i18n.date(new Date(h.hour), { hour: 'numeric', minute: '2-digit', timeZone })),
    values: perHour.map((h) => h.guests),
    labelHeader: hourHeader,
    valueLabel: guests,
    format: (n) => i18n.number(n),
    download: {
      fileName: file('admissions-per-hour'),
      rows: () => [[hourHeader, guests], ...perHour.map((h) => [h.hour, h.guests])],
    },
  };
  return [chart];
}

export default function EventDashboard({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const ctx = useMemo(() => ({ i18n, language }), [i18n, language]);
  const query = useEventDashboard(eventId);
  const data = query.data;
  const charts = useMemo(() => {
    if (!data) return [];
    const file = (name: string) => `event-${eventId}-${name}.csv`;
    const amount = (minor: number) => money(minor, ctx);
    return [...salesCharts(data, ctx, amount, file), ...admissionsChart(data, ctx, timeZone, file)];
  }, [data, ctx, eventId, timeZone]);

  const title = i18n._(msg`Sales and admissions`);
  if (!data)
    return (
      <DetailsCard titleId="event-dashboard-title" title={title} testId="event-dashboard">
        {query.isError ? (
          <Alert kind="error">{errorMessage(query.error)}</Alert>
        ) : (
          <p aria-busy="true">{i18n._(msg`Loading…`)}</p>
        )}
      </DetailsCard>
    );
  return (
    <DetailsCard titleId="event-dashboard-title" title={title} testId="event-dashboard">
      <div className="space-y-6">
        <EventFigures data={data} ctx={ctx} />
        {charts.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{i18n._(msg`No sales yet.`)}</p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            {charts.map(({ testId, ...chart }) => (
              <BarChart key={testId} testId={testId} {...chart} language={language} />
            ))}
          </div>
        )}
      </div>
    </DetailsCard>
  );
}

/** Seats taken against capacity, and the guests admitted so far (on the event's day). */
function EventFigures({ data, ctx }: { data: Data; ctx: Ctx }) {
  const { i18n } = ctx;
  const taken = Math.min(1, data.capacity ? data.seatsTaken / data.capacity : 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300" id="event-seats-label">
          {i18n._(msg`Seats taken`)}
        </p>
        <p className="text-xl font-semibold tabular-nums" data-testid="event-seats">
          {i18n._(msg`${i18n.number(data.seatsTaken)} of ${i18n.number(data.capacity)}`)}
        </p>
        <div
          role="meter"
          aria-labelledby="event-seats-label"
          aria-valuemin={0}
          aria-valuemax={data.capacity}
          aria-valuenow={data.seatsTaken}
          aria-valuetext={i18n.number(taken, { style: 'percent', maximumFractionDigits: 0 })}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full rounded-full bg-indigo-600" style={{ width: `${taken * 100}%` }} />
        </div>
      </div>
      {(data.onTheDay || data.admissions.admitted > 0) && (
        <div data-testid="event-admitted">
          <p className="text-sm text-slate-700 dark:text-slate-300">{i18n._(msg`Guests admitted`)}</p>
          <p className="text-xl font-semibold tabular-nums">
            {i18n._(msg`${i18n.number(data.admissions.admitted)} of ${i18n.number(data.seatsTaken)}`)}
          </p>
          {data.admissions.lastAt && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {i18n._(msg`Last at ${dateTime(data.admissions.lastAt, ctx)}`)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
