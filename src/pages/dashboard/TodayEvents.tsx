/**
 * "Today's events" (docs/decisions/0083-a-dashboard-that-leads-to-work.md): the events that start
 * today, on their venues' clocks, that the reader may see (the events list's scope: a provider's
 * own, a supervisor's provider's, staff all), each at its venue's time with its seats sold, its
 * status, and its door for a role that stands at it.
 */
import { msg, plural } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { DoorOpen } from 'lucide-react';
import { useSession } from '@/app/session';
import { EventStatusBadge } from '@/areas/event-status';
import { AppLink } from '@/components/AppLink';
import { RecordCard } from '@/components/RecordCard';
import { localizedText, venueTime } from '@/resources/cells';
import { useFormat } from './dashboard-data';
import { eventsFrom, eventsOn, listLink, todaysEventsQuery } from './work-lists';
import { WorkWidget } from './WorkWidget';

export function TodayEvents({ today }: { today: string }) {
  const f = useFormat();
  const query = useQuery(todaysEventsQuery(today));
  const atTheDoor = useSession().permissions?.includes('checkin') ?? false;
  return (
    <WorkWidget
      testId="today-events"
      title={f.i18n._(msg`Today’s events`)}
      unit={(n) => f.i18n._(msg`${plural(n, { one: '# event', other: '# events' })}`)}
      query={query}
      empty={{
        text: f.i18n._(msg`No events start today.`),
        link: { to: listLink('/event', eventsFrom(today)), label: f.i18n._(msg`See the coming events`) },
      }}
      link={{
        to: listLink('/event', eventsOn(today)),
        label: (n) => f.i18n._(msg`All of today’s events (${f.count(n)})`),
      }}
      rows={(events) =>
        events.map((event) => (
          <RecordCard
            key={event.id}
            data-testid="today-event"
            title={localizedText(event.title, f.language)}
            to={`/event/details/${event.id}`}
            status={<EventStatusBadge status={event.status} ctx={f.ctx} />}
            fields={[
              {
                id: 'starts',
                label: f.i18n._(msg`Starts`),
                value: venueTime(event.startsAt, event.timeZone, f.ctx),
              },
              {
                id: 'sold',
                label: f.i18n._(msg`Seats`),
                value: (
                  <span className="tabular-nums">
                    {f.i18n._(msg`${f.count(event.soldTickets)} of ${f.count(event.capacity)} seats sold`)}
                  </span>
                ),
              },
            ]}
            after={
              atTheDoor && (
                <AppLink
                  to={`/event/door/${event.id}`}
                  data-testid="today-event-door"
                  className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  <DoorOpen aria-hidden="true" className="size-4" />
                  {f.i18n._(msg`Door`)}
                  <span className="sr-only">
                    {f.i18n._(msg`: ${localizedText(event.title, f.language)}`)}
                  </span>
                </AppLink>
              )
            }
          />
        ))
      }
    />
  );
}
