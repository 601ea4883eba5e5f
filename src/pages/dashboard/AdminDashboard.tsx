import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MINOR_PER_MAJOR, type Permission } from '@/contract/plain';
import { useSession } from '@/app/session';
import { DataAge } from '@/components/DataAge';
import { localizedText } from '@/resources/cells';
import { BarChart } from '@/components/charts/BarChart';
import {
  adminDashboardQuery,
  belowFold,
  card,
  useFormat,
  usePeriodSearch,
  useRest,
  type AdminData,
  type Waiting,
} from './dashboard-data';
import {
  BookingsPerDay,
  Figures,
  LatestBookings,
  Stats,
  usePeriodNames,
  WaitingCard,
  WorkToday,
} from './DashboardParts';
import { PeriodBar } from './PeriodBar';
import { PeriodStats } from './PeriodStats';

export function AdminDashboard() {
  const { i18n } = useLingui();
  const asked = usePeriodSearch();
  const query = useQuery(adminDashboardQuery(asked));
  const rest = useRest();
  const { role } = useSession();
  return (
    <div data-testid="admin-dashboard" className="print-charts mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">
          {role === 'manager' ? i18n._(msg`Manager dashboard`) : i18n._(msg`Admin dashboard`)}
        </h1>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <PeriodBar asked={asked} data={query.data} />
      <Figures query={query}>{(data) => <AdminFigures data={data} rest={rest} />}</Figures>
    </div>
  );
}

function AdminFigures({ data, rest }: { data: AdminData; rest: boolean }) {
  const f = useFormat();
  const { permissions, role } = useSession();
  // Approvals are the admins' (docs/product.md §6): a manager sees no queue it cannot act on.
  const may = (p: Permission) => role === 'admin' && (permissions?.includes(p) ?? false);
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
      <PeriodStats figures={data.figures} />
      <Stats data={data} />
      <WorkToday today={data.today} />
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
              <BookingsPerDay data={data.bookingsPerDay} period={data.period} />
            </section>
            <section className={card}>
              <RevenueByCategory data={data} />
            </section>
          </div>
          <LatestBookings rows={data.latestBookings} />
        </>
      )}
    </>
  );
}

/** Revenue per category over the period, the highest first, with its CSV. */
function RevenueByCategory({ data }: { data: AdminData }) {
  const f = useFormat();
  const names = usePeriodNames(data.period);
  const categories = useMemo(
    () => data.revenueByCategory.filter((c) => c.revenue > 0 || c.bookings > 0),
    [data],
  );
  const labels = useMemo(() => categories.map((c) => localizedText(c.name, f.language)), [categories, f]);
  const values = useMemo(() => categories.map((c) => c.revenue), [categories]);
  if (categories.length === 0)
    return <p className="text-slate-700 dark:text-slate-300">{f.i18n._(msg`No revenue in this period.`)}</p>;
  const categoryHeader = f.i18n._(msg`Category`);
  const revenueHeader = f.i18n._(msg`Revenue (SAR)`);
  return (
    <BarChart
      testId="chart-revenue-by-category"
      title={f.i18n._(msg`Revenue by category, ${names.range}`)}
      labels={labels}
      values={values}
      labelHeader={categoryHeader}
      valueLabel={revenueHeader}
      format={f.money}
      tickFormat={f.compactMoney}
      language={f.language}
      horizontal
      download={{
        fileName: names.file('revenue-by-category'),
        rows: () => [
          [categoryHeader, revenueHeader],
          ...categories.map((c, i) => [labels[i]!, c.revenue / MINOR_PER_MAJOR]),
        ],
      }}
    />
  );
}
