/** The parts both dashboards show: figures, work to do, waiting items, bookings per day, latest bookings. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useMemo } from 'react';
import { FORMAT_LOCALES } from '@/app/i18n';
import { useSession } from '@/app/session';
import { BookingStatusBadge } from '@/areas/booking-status';
import { AppLink } from '@/components/AppLink';
import { Alert, Button } from '@/components/ui';
import { PLATFORM_TIME_ZONE } from '@/contract/plain';
import { errorMessage } from '@/lib/api';
import { PHONE_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { zoneLabel } from '@/lib/zone-label';
import { dateTime, localizedText, Ltr } from '@/resources/cells';
import { BarChart } from '@/components/charts/BarChart';
import LatestCards from './LatestCards';
import { BookingsToConfirm } from './BookingsToConfirm';
import { TodayEvents } from './TodayEvents';
import { belowFold, card, useFormat, type AdminData, type Waiting } from './dashboard-data';
import { FigureCard } from './PeriodStats';

/** Skeleton while loading, the error with a retry, else the figures (cached figures stay on screen). */
export function Figures<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => React.ReactNode;
}) {
  const { i18n } = useLingui();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <Alert kind="error">
        <p>{errorMessage(query.error)}</p>
        <Button className="mt-3" onClick={() => void query.refetch()}>
          {i18n._(msg`Retry`)}
        </Button>
      </Alert>
    );
  return (
    <div
      aria-busy="true"
      data-testid="dashboard-loading"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <span className="sr-only">{i18n._(msg`Loading…`)}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={`${card} h-24 animate-pulse`} />
      ))}
    </div>
  );
}

export function Stats({
  data,
}: {
  data: Pick<
    AdminData,
    'bookingsToday' | 'bookingsThisWeek' | 'bookingsThisMonth' | 'revenueThisMonth' | 'previous'
  >;
}) {
  const f = useFormat();
  const clockId = useId();
  // One business day for all staff: the platform's clock, named once below the figures
  // (docs/decisions/0031-venue-days-and-viewer-moments.md).
  const clock = zoneLabel(new Date(), PLATFORM_TIME_ZONE, f.language, FORMAT_LOCALES[f.language]);
  // An answer kept on the device before the figures had their previous days has none: no change is
  // shown until the answer is fetched again (the cache keeps its shape's buster, docs/architecture.md §5).
  const before: Partial<AdminData['previous']> = (data.previous as AdminData['previous'] | undefined) ?? {};
  return (
    <section
      aria-label={f.i18n._(msg`Bookings and revenue`)}
      aria-describedby={clockId}
      className="space-y-2"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard
          testId="stat-today"
          label={f.i18n._(msg`Bookings today`)}
          value={data.bookingsToday}
          previous={before.bookingsToday}
          kind="bookings"
        />
        <FigureCard
          testId="stat-week"
          label={f.i18n._(msg`Bookings this week`)}
          value={data.bookingsThisWeek}
          previous={before.bookingsThisWeek}
          kind="bookings"
        />
        <FigureCard
          testId="stat-month"
          label={f.i18n._(msg`Bookings this month`)}
          value={data.bookingsThisMonth}
          previous={before.bookingsThisMonth}
          kind="bookings"
        />
        <FigureCard
          testId="stat-revenue"
          label={f.i18n._(msg`Revenue this month`)}
          value={data.revenueThisMonth}
          previous={before.revenueThisMonth}
          kind="money"
        />
      </div>
      <p id={clockId} data-testid="figures-clock" className="text-sm text-slate-700 dark:text-slate-300">
        {f.i18n._(msg`Days are counted on the platform’s clock: ${clock}.`)}
      </p>
    </section>
  );
}

/**
 * The widgets that lead to work (docs/decisions/0083-a-dashboard-that-leads-to-work.md), each for a
 * reader who may open its list: today's events and the bookings to confirm, within the reader's reach.
 */
export function WorkToday({ today }: { today: string }) {
  const { permissions } = useSession();
  const may = (p: 'event' | 'booking') => permissions?.includes(p) ?? false;
  if (!may('event') && !may('booking')) return null;
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2" data-testid="work-today">
      {may('event') && <TodayEvents today={today} />}
      {may('booking') && <BookingsToConfirm />}
    </div>
  );
}

export function WaitingCard({ title, waiting, testId }: { title: string; waiting: Waiting; testId: string }) {
  const f = useFormat();
  return (
    <div className={card} data-testid={testId}>
      <h3 className="flex items-baseline justify-between gap-2 font-semibold">
        <span>{title}</span>
        <span className="text-2xl tabular-nums" data-testid={`${testId}-count`}>
          {f.count(waiting.count)}
        </span>
      </h3>
      {waiting.items.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {waiting.items.map((item) => (
            <li key={item.id} className="truncate">
              <AppLink
                to={item.link}
                className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
              >
                {localizedText(item.title, f.language)}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <AppLink
        to={waiting.link}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
      >
        {waiting.count > 0 ? f.i18n._(msg`Review all`) : f.i18n._(msg`Open the list`)}
        <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
      </AppLink>
    </div>
  );
}

/** The period's days as the charts name them ("1 Nov 2026 – 22 Nov 2026"), and as their files do. */
export function usePeriodNames(period: AdminData['period']) {
  const f = useFormat();
  return {
    range: f.i18n._(msg`${f.fullDay(period.from)} – ${f.fullDay(period.to)}`),
    file: (name: string) => `${name}-${period.from}-${period.to}.csv`,
  };
}

export function BookingsPerDay({
  data,
  period,
}: {
  data: AdminData['bookingsPerDay'];
  period: AdminData['period'];
}) {
  const f = useFormat();
  const names = usePeriodNames(period);
  const labels = useMemo(() => data.map((d) => f.day(d.day)), [data, f]);
  const values = useMemo(() => data.map((d) => d.bookings), [data]);
  const title = f.i18n._(msg`Bookings per day, ${names.range}`);
  // No bookings at all: say so, rather than draw an empty chart.
  if (values.every((v) => v === 0))
    return (
      <div data-testid="no-bookings-per-day">
        <h2 className="mb-2 text-lg font-semibold">{title}</h2>
        <p className="text-slate-700 dark:text-slate-300">
          {f.i18n._(msg`No bookings in this period. They will show here day by day.`)}
        </p>
      </div>
    );
  const labelHeader = f.i18n._(msg`Day`);
  const valueLabel = f.i18n._(msg`Bookings`);
  return (
    <BarChart
      testId="chart-bookings-per-day"
      title={title}
      labels={labels}
      values={values}
      labelHeader={labelHeader}
      valueLabel={valueLabel}
      format={f.count}
      language={f.language}
      download={{
        fileName: names.file('bookings-per-day'),
        rows: () => [[labelHeader, valueLabel], ...data.map((d) => [d.day, d.bookings])],
      }}
    />
  );
}

/** The latest bookings' columns (the table), the same words as the fields of their cards (a phone). */
const LATEST = {
  code: msg`Code`,
  event: msg`Event`,
  customer: msg`Customer`,
  total: msg`Total`,
  status: msg`Status`,
  booked: msg`Booked`,
};

export function LatestBookings({ rows }: { rows: AdminData['latestBookings'] }) {
  const f = useFormat();
  const { permissions } = useSession();
  const canOpen = permissions?.includes('booking') ?? false;
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <section className={`${card} ${belowFold}`} aria-labelledby="latest-title">
      <h2 id="latest-title" className="mb-3 text-lg font-semibold">
        {f.i18n._(msg`Latest bookings`)}
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{f.i18n._(msg`No bookings yet.`)}</p>
      ) : phone ? (
        <LatestCards rows={rows} canOpen={canOpen} latest={LATEST} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="latest-bookings">
            <thead>
              <tr className="text-start text-slate-700 dark:text-slate-300">
                {Object.values(LATEST).map((header) => (
                  <th key={header.id} scope="col" className="py-2 pe-3 text-start font-medium">
                    {f.i18n._(header)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="py-2 pe-3 whitespace-nowrap">
                    {canOpen ? (
                      <AppLink
                        to={`/booking-details?id=${row.id}`}
                        className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                      >
                        <Ltr>{row.code}</Ltr>
                      </AppLink>
                    ) : (
                      <Ltr>{row.code}</Ltr>
                    )}
                  </td>
                  <td className="py-2 pe-3">{localizedText(row.eventTitle, f.language)}</td>
                  <td className="py-2 pe-3">{row.customerName}</td>
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{f.money(row.total)}</td>
                  <td className="py-2 pe-3">
                    <BookingStatusBadge status={row.status} ctx={f.ctx} />
                  </td>
                  <td className="py-2 whitespace-nowrap">{dateTime(row.createdAt, f.ctx)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
