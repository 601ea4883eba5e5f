/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): the events whose time overlaps
 * a window of venue days, with the list's filters, search and owner scope (derived from the event
 * resource, never restated), earliest first. The window's instants around the venue days, which
 * every venue's days lie within, find the events through the index on their time range
 * (`events_span_idx`, migration 0032); the venue's own clock then decides exactly.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CALENDAR_MAX_EVENTS, eventCalendarApi } from '../../src/contract/areas/event-calendar';
import { eventResource, type EventStatus } from '../../src/contract/areas/event';
import type { Resource } from '../../src/contract/resource';
import { addDays, EARLIEST_ZONE, LATEST_ZONE, startOfDay } from '../core/time';
import { smsg } from '../core/messages';
import { cities, events, locations } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { ctxOf, whereOf } from '../resources/query';
import { eventImpl } from './event';

const resource = eventResource as unknown as Resource;

export const registerEventCalendar = (app: App) =>
  route(app, eventCalendarApi.eventCalendar, async (h) => {
    const { from, to, ...filters } = h.query;
    const ctx = ctxOf(h as never, resource);
    const after = startOfDay(from, EARLIEST_ZONE).toISOString();
    const before = startOfDay(addDays(to, 1), LATEST_ZONE).toISOString();
    const rows = await h.deps.db
      .select({
        id: events.id,
        version: events.version,
        title: events.title,
        status: events.status,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: locations.timeZone,
        cityName: cities.name,
      })
      .from(events)
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(cities, eq(cities.id, events.cityId))
      .where(
        and(
          sql`tstzrange(${events.startsAt}, ${events.endsAt}) && tstzrange(${after}::timestamptz, ${before}::timestamptz)`,
          sql`${events.startsAt} < (${addDays(to, 1)}::timestamp at time zone ${locations.timeZone})`,
          sql`${events.endsAt} > (${from}::timestamp at time zone ${locations.timeZone})`,
          // The list's filters, search and scope; its own start days are the window's here.
          whereOf(resource, eventImpl, ctx, filters),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(CALENDAR_MAX_EVENTS + 1);
    return {
      message: smsg('loaded'),
      data: {
        items: rows.slice(0, CALENDAR_MAX_EVENTS).map((r) => ({
          ...r,
          status: r.status as EventStatus,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
        })),
        capped: rows.length > CALENDAR_MAX_EVENTS,
      },
    };
  });
