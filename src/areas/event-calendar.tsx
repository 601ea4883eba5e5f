/**
 * The events calendar beside the list (`/event?view=calendar`, docs/decisions/0070-the-events-calendar.md):
 * month, week and agenda by FullCalendar, under the list's filters and search. Each event shows on
 * its venue's clock: FullCalendar gets the venue's wall time as a time of its own clock, which is
 * UTC, so one grid holds venues of several zones; the zone is named where it differs from the
 * viewer's. Colour by status, with a legend. A drag or a resize is the form's save
 * (./event-calendar-move.tsx). Loaded with the view; offline, it shows the windows kept on the device.
 */
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import arLocale from '@fullcalendar/react/locales/ar';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import {
  calendarQuery,
  CALENDAR_MAX_EVENTS,
  EVENT_EDITABLE,
  WEEK_STARTS_ON,
  type CalendarEvent,
  type Language,
} from '@/contract';
import { routes } from '@/contract/routes.gen';
import { useConnection } from '@/app/connection';
import { FORMAT_LOCALES } from '@/app/i18n';
import { Alert } from '@/components/ui';
import { call } from '@/lib/api';
import { PHONE_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { zoneLabel } from '@/lib/zone-label';
import { toZonedInput, viewerTimeZone, zoneOffsetMinutes } from '@/lib/zoned';
import { localizedText } from '@/resources/cells';
import { ListError } from '@/resources/list/ListStates';
import { LiveListNotice } from '@/resources/LiveNotices';
import { NotSavedHere, useNotSavedHere } from '@/resources/NotSavedHere';
import type { ListLayoutProps } from '@/resources/types';
import { EVENT_STATUS_TEXT } from './event-status';
import { EVENT_STATUS_COLOR, StatusLegend } from './event-calendar-legend';
import { useEventMove } from './event-calendar-move';
import { calendarTexts, VIEWS } from './event-calendar-texts';

/** The list's filters and search the calendar applies (its window replaces the list's start days). */
const FILTER_KEYS = Object.keys(calendarQuery.shape).filter((key) => key !== 'from' && key !== 'to');

/** The venue's wall time of an instant, as FullCalendar's own (UTC) clock reads it. */
const wall = (iso: string, timeZone: string) => `${toZonedInput(iso, timeZone)}:00`;
const day = (d: Date) => d.toISOString().slice(0, 10);
/**
 * Arabic with the app's formats (Arabic-Indic digits, the Gregorian calendar): one object, since a
 * new locale makes FullCalendar lay out its dates again (and call `datesSet`).
 */
const ARABIC = { ...arLocale, code: FORMAT_LOCALES.ar[0]! };

/** The window's events (with the list's filters) and what FullCalendar is given of them. */
function useCalendarEvents(search: ListLayoutProps['search'], language: Language) {
  const online = useConnection() === 'online';
  const viewer = viewerTimeZone();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const filters = Object.fromEntries(
    FILTER_KEYS.filter((k) => search[k] !== undefined).map((k) => [k, search[k]]),
  );
  const query = range && { ...range, ...filters };
  // One of the events' lists: every event write refreshes it, the live stream marks it changed, and
  // it is kept on the device like the lists.
  const events = useQuery({
    queryKey: ['event', 'list', 'calendar', query],
    queryFn: async ({ signal }) => (await call(routes.eventCalendar, { query: query!, signal })).data,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const inputs = useMemo(
    () =>
      (events.data?.items ?? []).map((item) => {
        const instant = new Date(item.startsAt);
        const elsewhere = zoneOffsetMinutes(instant, item.timeZone) !== zoneOffsetMinutes(instant, viewer);
        return {
          id: String(item.id),
          title: localizedText(item.title, language),
          start: wall(item.startsAt, item.timeZone),
          end: wall(item.endsAt, item.timeZone),
          color: EVENT_STATUS_COLOR[item.status],
          editable: online && EVENT_EDITABLE.includes(item.status),
          extendedProps: {
            item,
            zone: elsewhere ? zoneLabel(instant, item.timeZone, language, FORMAT_LOCALES[language]) : null,
          },
        };
      }),
    [events.data, language, online, viewer],
  );
  // The same days again (FullCalendar tells them after any change of its options) change nothing.
  const showDays = useCallback(
    (from: string, to: string) =>
      setRange((shown) => (shown?.from === from && shown.to === to ? shown : { from, to })),
    [],
  );
  return { events, inputs, setRange: showDays, now: wall(new Date().toISOString(), viewer) };
}

export default function EventCalendar({ search }: ListLayoutProps) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  const { events, inputs, setRange, now } = useCalendarEvents(search, language);
  const notSaved = useNotSavedHere(events);
  const { move, dialog } = useEventMove();
  const texts = useMemo(() => calendarTexts(i18n), [i18n]);

  if (notSaved) return <NotSavedHere onRetry={() => void events.refetch()} />;
  if (events.isError && !events.data)
    return <ListError error={events.error} onRetry={() => void events.refetch()} />;
  return (
    <div className="space-y-3 p-3" data-testid="event-calendar" aria-busy={events.isFetching}>
      <LiveListNotice resource="event" since={events.dataUpdatedAt} onShow={() => void events.refetch()} />
      {events.data?.capped && (
        <Alert kind="info">
          {i18n._(
            msg`Only the first ${i18n.number(CALENDAR_MAX_EVENTS)} events of these days are shown: narrow the filters.`,
          )}
        </Alert>
      )}
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
        initialView={phone ? VIEWS.agenda : VIEWS.month}
        timeZone="UTC"
        now={now}
        locale={language === 'ar' ? ARABIC : 'en'}
        direction={language === 'ar' ? 'rtl' : 'ltr'}
        firstDay={WEEK_STARTS_ON}
        height="auto"
        headingLevel={2}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: `${VIEWS.month},${VIEWS.week},${VIEWS.agenda}`,
        }}
        {...texts}
        allDaySlot={false}
        dayMaxEvents={4}
        editable
        eventResizableFromStart
        events={inputs}
        datesSet={(info) => setRange(day(info.start), day(new Date(info.end.getTime() - 1)))}
        eventContent={(arg) => {
          const zone = arg.event.extendedProps.zone as string | null;
          return (
            <span
              className={arg.view.type === VIEWS.agenda ? 'block' : 'block truncate'}
              data-testid="calendar-event"
            >
              {arg.timeText && <span className="me-1 font-medium">{arg.timeText}</span>}
              {zone && <span className="me-1 text-xs">{zone}</span>}
              <span>{arg.event.title}</span>
            </span>
          );
        }}
        eventDidMount={(arg) => {
          const item = arg.event.extendedProps.item as CalendarEvent;
          const zone = (arg.event.extendedProps.zone as string | null) ?? '';
          const when = `${arg.timeText} ${zone}`.trim();
          arg.el.setAttribute(
            'aria-label',
            `${arg.event.title}, ${when}, ${i18n._(EVENT_STATUS_TEXT[item.status])}`,
          );
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          void navigate({ to: '/event/details/$id', params: { id: arg.event.id } });
        }}
        eventDrop={(info) => void move({ ...changeOf(info) })}
        eventResize={(info) => void move({ ...changeOf(info) })}
      />
      <StatusLegend />
      {dialog}
    </div>
  );
}

/** What a drag or a resize changed. */
const changeOf = (info: {
  event: { start: Date | null; end: Date | null; extendedProps: Record<string, unknown> };
  oldEvent: { start: Date | null; end: Date | null };
  revert: () => void;
}) => {
  const start = info.event.start!;
  const end =
    info.event.end ??
    new Date(start.getTime() + (info.oldEvent.end!.getTime() - info.oldEvent.start!.getTime()));
  return { item: info.event.extendedProps.item as CalendarEvent, start, end, revert: info.revert };
};
