/**
 * The dashboard at / (docs/product.md §2): admins and managers see the platform's figures (bookings
 * and revenue, items waiting for approval, bookings per day, revenue by category, latest bookings),
 * a service provider its own (upcoming events, bookings, revenue, its items waiting for approval).
 * Both end with the user's own summary: who they are and what they can manage.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import type { z } from 'zod';
import type { adminDashboard, providerDashboard } from '@/contract';
import { formatMoney, MINOR_PER_MAJOR, type Language, type Permission } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { visibleNavigation } from '@/app/navigation';
import { roleLabel, usesAdminDashboard } from '@/app/roles';
import { displayName, useSession } from '@/app/session';
import { BookingStatusBadge } from '@/areas/booking-status';
import { DataAge } from '@/components/DataAge';
import { Avatar } from '@/components/Avatar';
import { Alert, Button, FullPageSpinner } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { dateTime, localizedText, Ltr } from '@/resources/cells';
import { AppLink } from '@/components/AppLink';
import { BarChart } from './BarChart';

export function DashboardPage() {
  const { role, permissions } = useSession();
  if (!role || !permissions) return <FullPageSpinner inline />;
  return usesAdminDashboard(role) ? <AdminDashboard /> : <ProviderDashboard />;
}

/**
 * False in the first render, true in a second one that React starts once the first is committed and
 * may interrupt: the charts, tables and links under the figures do not hold up the first screen
 * (docs/decisions/0010-signed-in-first-load.md). They come last on the page, so nothing on screen moves when they arrive.
 */
const useRest = () => useDeferredValue(true, false);

export function AdminDashboard() {
  const { i18n } = useLingui();
  const query = useQuery(adminDashboardQuery);
  const rest = useRest();
  return (
    <div data-testid="admin-dashboard" className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{i18n._(msg`Admin dashboard`)}</h1>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <Figures query={query}>{(data) => <AdminFigures data={data} rest={rest} />}</Figures>
      {rest && <UserSummary />}
    </div>
  );
}

export function ProviderDashboard() {
  const { i18n } = useLingui();
  const query = useQuery(providerDashboardQuery);
  const rest = useRest();
  return (
    <div data-testid="provider-dashboard" className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{i18n._(msg`Service provider dashboard`)}</h1>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <Figures query={query}>{(data) => <ProviderFigures data={data} rest={rest} />}</Figures>
      {rest && <UserSummary />}
      <section aria-labelledby="business-title" className="space-y-3">
        <h2 id="business-title" className="text-lg font-semibold">
          {i18n._(msg`My business`)}
        </h2>
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link
              to="/serviceprovider"
              className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {i18n._(msg`Business profile and documents`)}
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          </li>
          <li>
            <Link
              to="/supervisor"
              className="inline-flex min-h-10 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {i18n._(msg`My supervisors`)}
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

/* ------------------------------------------------------------------ figures */

const adminDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'admin'] as const,
  queryFn: async ({ signal }) => (await call(routes.dashboard, { signal })).data,
  staleTime: 60_000,
});
const providerDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'provider'] as const,
  queryFn: async ({ signal }) => (await call(routes.serviceProviderDashboard, { signal })).data,
  staleTime: 60_000,
});

type AdminData = z.infer<typeof adminDashboard>;
type ProviderData = z.infer<typeof providerDashboard>;
type Waiting = AdminData['waiting']['events'];

const card = 'rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
/**
 * The parts under the figures are laid out and painted once they come near the screen (they are
 * still in the page and its accessibility tree): the first screen is drawn sooner (docs/decisions/0010-signed-in-first-load.md).
 */
const belowFold = '[content-visibility:auto] [contain-intrinsic-size:auto_24rem]';

/** Skeleton while loading, the error with a retry, else the figures (cached figures stay on screen). */
function Figures<T>({
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

function useFormat() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  return useMemo(
    () => ({
      i18n,
      language,
      count: (n: number) => i18n.number(n),
      money: (minor: number) => formatMoney(minor, language),
      /** Amounts on a chart axis: whole riyals, compact (1.2M). */
      compactMoney: (minor: number) =>
        i18n.number(minor / MINOR_PER_MAJOR, { notation: 'compact', maximumFractionDigits: 1 }),
      day: (day: string) =>
        i18n.date(new Date(`${day}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      ctx: { i18n, language },
    }),
    [i18n, language],
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={card} data-testid={testId}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

function Stats({
  data,
}: {
  data: Pick<AdminData, 'bookingsToday' | 'bookingsThisWeek' | 'bookingsThisMonth' | 'revenueThisMonth'>;
}) {
  const f = useFormat();
  return (
    <section
      aria-label={f.i18n._(msg`Bookings and revenue`)}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Stat testId="stat-today" label={f.i18n._(msg`Bookings today`)} value={f.count(data.bookingsToday)} />
      <Stat
        testId="stat-week"
        label={f.i18n._(msg`Bookings this week`)}
        value={f.count(data.bookingsThisWeek)}
      />
      <Stat
        testId="stat-month"
        label={f.i18n._(msg`Bookings this month`)}
        value={f.count(data.bookingsThisMonth)}
      />
      <Stat
        testId="stat-revenue"
        label={f.i18n._(msg`Revenue this month`)}
        value={f.money(data.revenueThisMonth)}
      />
    </section>
  );
}

function WaitingCard({ title, waiting, testId }: { title: string; waiting: Waiting; testId: string }) {
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

function BookingsPerDay({ data }: { data: AdminData['bookingsPerDay'] }) {
  const f = useFormat();
  const labels = useMemo(() => data.map((d) => f.day(d.day)), [data, f]);
  const values = useMemo(() => data.map((d) => d.bookings), [data]);
  return (
    <BarChart
      testId="chart-bookings-per-day"
      title={f.i18n._(msg`Bookings per day, last 30 days`)}
      labels={labels}
      values={values}
      labelHeader={f.i18n._(msg`Day`)}
      valueLabel={f.i18n._(msg`Bookings`)}
      format={f.count}
      language={f.language}
    />
  );
}

const LATEST_COLUMNS = [msg`Code`, msg`Event`, msg`Customer`, msg`Total`, msg`Status`, msg`Booked`];

function LatestBookings({ rows }: { rows: AdminData['latestBookings'] }) {
  const f = useFormat();
  const { permissions } = useSession();
  const canOpen = permissions?.includes('booking') ?? false;
  return (
    <section className={`${card} ${belowFold}`} aria-labelledby="latest-title">
      <h2 id="latest-title" className="mb-3 text-lg font-semibold">
        {f.i18n._(msg`Latest bookings`)}
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{f.i18n._(msg`No bookings yet.`)}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="latest-bookings">
            <thead>
              <tr className="text-start text-slate-700 dark:text-slate-300">
                {LATEST_COLUMNS.map((header) => (
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

function AdminFigures({ data, rest }: { data: AdminData; rest: boolean }) {
  const f = useFormat();
  const { permissions } = useSession();
  const may = (p: Permission) => permissions?.includes(p) ?? false;
  const categories = useMemo(
    () => data.revenueByCategory.filter((c) => c.revenue > 0 || c.bookings > 0),
    [data],
  );
  const categoryLabels = useMemo(
    () => categories.map((c) => localizedText(c.name, f.language)),
    [categories, f],
  );
  const categoryValues = useMemo(() => categories.map((c) => c.revenue), [categories]);
  const waiting = [
    may('serviceprovider') && {
      key: 'providers',
      title: f.i18n._(msg`Service providers`),
      waiting: data.waiting.providers,
    },
    may('event') && { key: 'events', title: f.i18n._(msg`Events`), waiting: data.waiting.events },
    may('advertisement') && {
      key: 'advertisements',
      title: f.i18n._(msg`Advertisements`),
      waiting: data.waiting.advertisements,
    },
  ].filter((w): w is { key: string; title: string; waiting: Waiting } => Boolean(w));
  return (
    <>
      <Stats data={data} />
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-title" className="space-y-3">
          <h2 id="waiting-title" className="text-lg font-semibold">
            {f.i18n._(msg`Waiting for approval`)}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {waiting.map((w) => (
              <WaitingCard key={w.key} testId={`waiting-${w.key}`} title={w.title} waiting={w.waiting} />
            ))}
          </div>
        </section>
      )}
      {rest && (
        <>
          <div className={`grid gap-4 lg:grid-cols-2 ${belowFold}`}>
            <section className={card}>
              <BookingsPerDay data={data.bookingsPerDay} />
            </section>
            <section className={card}>
              {categories.length === 0 ? (
                <p className="text-slate-700 dark:text-slate-300">
                  {f.i18n._(msg`No revenue in the last 30 days.`)}
                </p>
              ) : (
                <BarChart
                  testId="chart-revenue-by-category"
                  title={f.i18n._(msg`Revenue by category, last 30 days`)}
                  labels={categoryLabels}
                  values={categoryValues}
                  labelHeader={f.i18n._(msg`Category`)}
                  valueLabel={f.i18n._(msg`Revenue`)}
                  format={f.money}
                  tickFormat={f.compactMoney}
                  language={f.language}
                  horizontal
                />
              )}
            </section>
          </div>
          <LatestBookings rows={data.latestBookings} />
        </>
      )}
    </>
  );
}

function ProviderFigures({ data, rest }: { data: ProviderData; rest: boolean }) {
  const f = useFormat();
  return (
    <>
      <Stats data={data} />
      <div className={`grid gap-4 lg:grid-cols-2 ${belowFold}`}>
        <section className={card} aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className="mb-3 text-lg font-semibold">
            {f.i18n._(msg`My upcoming events`)}
          </h2>
          {data.upcomingEvents.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">{f.i18n._(msg`No upcoming events.`)}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="upcoming-events">
              {data.upcomingEvents.map((event) => (
                <li key={event.id} className="py-2">
                  <AppLink
                    to={`/event/details/${event.id}`}
                    className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                  >
                    {localizedText(event.title, f.language)}
                  </AppLink>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {dateTime(event.startsAt, f.ctx)} ·{' '}
                    {f.i18n._(msg`${f.count(event.soldTickets)} of ${f.count(event.capacity)} seats sold`)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="provider-waiting-title" className="space-y-3">
          <h2 id="provider-waiting-title" className="text-lg font-semibold">
            {f.i18n._(msg`Waiting for approval`)}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <WaitingCard
              testId="waiting-events"
              title={f.i18n._(msg`Events`)}
              waiting={data.waiting.events}
            />
            <WaitingCard
              testId="waiting-advertisements"
              title={f.i18n._(msg`Advertisements`)}
              waiting={data.waiting.advertisements}
            />
          </div>
        </section>
      </div>
      {rest && (
        <>
          <section className={`${card} ${belowFold}`}>
            <BookingsPerDay data={data.bookingsPerDay} />
          </section>
          <LatestBookings rows={data.latestBookings} />
        </>
      )}
    </>
  );
}

/** Name, e-mail, role and the sections the user can manage, with links. */
export function UserSummary() {
  const { i18n } = useLingui();
  const session = useSession();
  const areas = visibleNavigation(session.permissions ?? []).filter((entry) => entry.kind === 'group');
  const name = displayName(session);

  return (
    <>
      <section
        aria-labelledby="summary-title"
        className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <Avatar path={session.profileImage} size={64} />
        <div className="min-w-0 flex-1 basis-40">
          <h2 id="summary-title" className="text-xl font-semibold break-words">
            {i18n._(msg`Welcome, ${name}`)}
          </h2>
          <p className="break-all text-slate-700 dark:text-slate-300">{session.email}</p>
          <p className="mt-1">
            <span className="rounded bg-indigo-100 px-2 py-0.5 text-sm font-medium text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
              {roleLabel(i18n, session.role)}
            </span>
          </p>
        </div>
        <Link
          to="/profile"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {i18n._(msg`My Profile`)}
        </Link>
      </section>

      <section aria-labelledby="areas-title" className="space-y-3">
        <h2 id="areas-title" className="text-lg font-semibold">
          {i18n._(msg`What you can manage`)}
        </h2>
        {areas.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">
            {i18n._(msg`Your account has no management areas yet. Ask an administrator for access.`)}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((area) => {
              if (area.kind !== 'group') return null;
              const Icon = area.icon;
              return (
                <li
                  key={area.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <h3 className="flex items-center gap-2 font-semibold">
                    <Icon aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
                    {i18n._(area.label)}
                  </h3>
                  <ul className="mt-2 space-y-1">
                    {area.children.map((child) => (
                      <li key={child.id}>
                        <Link
                          to={child.to}
                          className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                        >
                          {i18n._(child.label)}
                          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
