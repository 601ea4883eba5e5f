import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/AppLink';
import { DataAge } from '@/components/DataAge';
import { localizedText, venueTime } from '@/resources/cells';
import {
  belowFold,
  card,
  providerDashboardQuery,
  useFormat,
  usePeriodSearch,
  useRest,
  type ProviderData,
} from './dashboard-data';
import { BookingsPerDay, Figures, LatestBookings, Stats, WaitingCard, WorkToday } from './DashboardParts';
import { PeriodBar } from './PeriodBar';
import { PeriodStats } from './PeriodStats';

export function ProviderDashboard() {
  const { i18n } = useLingui();
  const asked = usePeriodSearch();
  const query = useQuery(providerDashboardQuery(asked));
  const rest = useRest();
  return (
    <div data-testid="provider-dashboard" className="print-charts mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{i18n._(msg`Service provider dashboard`)}</h1>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <PeriodBar asked={asked} data={query.data} />
      <Figures query={query}>{(data) => <ProviderFigures data={data} rest={rest} />}</Figures>
    </div>
  );
}

function ProviderFigures({ data, rest }: { data: ProviderData; rest: boolean }) {
  const f = useFormat();
  return (
    <>
      <PeriodStats figures={data.figures} />
      <Stats data={data} />
      <WorkToday today={data.today} />
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
                    {venueTime(event.startsAt, event.timeZone, f.ctx)} ·{' '}
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
            <BookingsPerDay data={data.bookingsPerDay} period={data.period} />
          </section>
          <LatestBookings rows={data.latestBookings} />
        </>
      )}
    </>
  );
}
