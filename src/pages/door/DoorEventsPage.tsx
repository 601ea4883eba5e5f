/**
 * /door (docs/decisions/0055-the-door.md): the events whose door the user reaches, soonest first:
 * where a door-only account lands after sign-in, and a page for everyone with `checkin`. Each event
 * opens its door screen (/event/door/{id}) and its printable door list (/event/door-list/{id}).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, DoorOpen, Ticket, type LucideIcon } from 'lucide-react';
import type { DoorEventRow, Language } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { AppLink } from '@/components/AppLink';
import { Alert, Button, cx } from '@/components/ui';
import { call, errorMessage } from '@/lib/api';
import { localizedText, venueTime } from '@/resources/cells';
import { cardClass, DetailsSkeleton } from '@/resources/DetailsPage';
import type { RenderContext } from '@/resources/types';

/** Under the door's key: an admission anywhere marks it stale (src/app/live.ts). */
const doorEventsQuery = {
  queryKey: ['door', 'list', 'events'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await call(routes.doorEvents, { signal })).data,
};

/** An event's links, drawn as buttons: the door itself filled, its list and its sales outlined. */
const LINK_LOOK = {
  filled: 'bg-indigo-600 text-white hover:bg-indigo-700',
  outlined:
    'border border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
};

function DoorLink(props: {
  to: string;
  label: string;
  icon: LucideIcon;
  look: keyof typeof LINK_LOOK;
  children: string;
}) {
  const { icon: Icon } = props;
  return (
    <AppLink
      to={props.to}
      className={cx(
        'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        LINK_LOOK[props.look],
      )}
      aria-label={props.label}
    >
      <Icon aria-hidden className="size-4" />
      {props.children}
    </AppLink>
  );
}

function DoorEventCard({ event, ctx }: { event: DoorEventRow; ctx: RenderContext }) {
  const { i18n, language } = ctx;
  const title = localizedText(event.title, language);
  const admitted = i18n.number(event.admitted);
  const expected = i18n.number(event.expected);
  return (
    <li className={cardClass} data-testid="door-event">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-slate-700 dark:text-slate-300">{localizedText(event.locationName, language)}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {venueTime(event.startsAt, event.timeZone, ctx)} – {venueTime(event.endsAt, event.timeZone, ctx)}
      </p>
      <p className="mt-1 text-sm">{i18n._(msg`Admitted ${admitted} of ${expected}`)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <DoorLink
          to={`/event/door/${event.id}`}
          icon={DoorOpen}
          look="filled"
          label={i18n._(msg`Open the door of ${title}`)}
        >
          {i18n._(msg`Open the door`)}
        </DoorLink>
        <DoorLink
          to={`/event/door-list/${event.id}`}
          icon={ClipboardList}
          look="outlined"
          label={i18n._(msg`Door list of ${title}`)}
        >
          {i18n._(msg`Door list`)}
        </DoorLink>
        <DoorLink
          to={`/event/door-sales/${event.id}`}
          icon={Ticket}
          look="outlined"
          label={i18n._(msg`Door sales of ${title}`)}
        >
          {i18n._(msg`Door sales`)}
        </DoorLink>
      </div>
    </li>
  );
}

export function DoorEventsPage() {
  const { i18n } = useLingui();
  const ctx: RenderContext = { i18n, language: i18n.locale as Language };
  const doors = useQuery(doorEventsQuery);
  return (
    <section className="mx-auto max-w-4xl space-y-4" aria-labelledby="door-title" data-testid="door-events">
      <header>
        <h1 id="door-title" className="text-2xl font-semibold">
          {i18n._(msg`Door`)}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          {i18n._(msg`The events whose door you open, today and coming.`)}
        </p>
      </header>
      {doors.isPending ? (
        <DetailsSkeleton rows={3} />
      ) : doors.isError ? (
        <Alert kind="error">
          <p>{errorMessage(doors.error)}</p>
          <Button className="mt-3" onClick={() => void doors.refetch()}>
            {i18n._(msg`Retry`)}
          </Button>
        </Alert>
      ) : doors.data.items.length === 0 ? (
        <p className={cardClass}>{i18n._(msg`No events to open the door of today or coming.`)}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {doors.data.items.map((event) => (
              <DoorEventCard key={event.id} event={event} ctx={ctx} />
            ))}
          </ul>
          {doors.data.total > doors.data.items.length && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {i18n._(
                msg`The ${i18n.number(doors.data.items.length)} soonest of ${i18n.number(doors.data.total)} events.`,
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}
