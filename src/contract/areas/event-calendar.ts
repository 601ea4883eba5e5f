/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): the events whose time overlaps a
 * window of venue days, with the list's filters and search, in the caller's scope (a provider its
 * own events, a supervisor its provider's, staff all).
 */
import { z } from 'zod';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { daysOf } from '../periods';
import { SEARCH_MAX, localizedText } from '../resource';
import { dateOnly } from './values';
import { eventResource, eventStatus } from './event';

/** The widest window: the six weeks a month's grid shows. */
export const CALENDAR_MAX_DAYS = 42;
/** The most events one window answers (`capped` when there were more). */
export const CALENDAR_MAX_EVENTS = 2000;

const { from: _from, to: _to, ...listFilters } = eventResource.filters.shape;

/**
 * The window (`from` and `to`, venue days, both included, at most CALENDAR_MAX_DAYS) and the list's
 * filters but its own start days, which the window replaces.
 */
export const calendarQuery = z
  .strictObject({
    from: dateOnly,
    to: dateOnly,
    q: z.string().trim().max(SEARCH_MAX).optional(),
    ...listFilters,
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: msg('endNotBeforeStart') })
  .refine((q) => q.from > q.to || daysOf(q.from, q.to) <= CALENDAR_MAX_DAYS, {
    path: ['to'],
    error: msg('rangeTooLong', { n: CALENDAR_MAX_DAYS }),
  });

const calendarEvent = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: localizedText,
  status: eventStatus,
  startsAt: z.string(),
  endsAt: z.string(),
  /** The venue's IANA zone: the clock the event is shown on. */
  timeZone: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const eventCalendarApi = {
  eventCalendar: endpoint({
    method: 'GET',
    path: '/api/event/calendar',
    summary: `The events whose time overlaps the venue days from \`from\` to \`to\` (both included, at most ${CALENDAR_MAX_DAYS} days; a longer window answers 422), with the list's filters and search, earliest first, at most ${CALENDAR_MAX_EVENTS} (\`capped\` when there were more). A service provider gets its own events.`,
    tag: 'Events',
    access: needs('event'),
    query: calendarQuery,
    response: ok(z.object({ items: z.array(calendarEvent), capped: z.boolean() })),
  }),
} as const;
