/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): the events whose time overlaps
 * a window of venue days, with the list's filters, search and owner scope (derived from the event
 * resource, never restated), earliest first. The window's instants around the venue days, which
 * every venue's days lie within, find the events through the index on their time range
 * (`events_span_idx`, migration 0032); the venue's own clock then decides exactly.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CALENDAR_MAX_EVENTS,
  eventCalendarApi,
  type CalendarEvent,
} from '../../src/contract/areas/event-calendar';
import { eventResource } from '../../src/contract/areas/event';
import type { Resource } from '../../src/contract/resource';
import { addDays, EARLIEST_ZONE, LATEST_ZONE, startOfDay } from '../core/time';
import { smsg } from '../core/messages';
import { events, locations } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { ctxOf, whereOf } from '../resources/query';
import { eventImpl } from './event';

const resource = eventResource as unknown as Resource;

/** An instant as JavaScript's `toISOString` writes it (milliseconds, Z). */
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const registerEventCalendar = (app: App) =>
  route(app, eventCalendarApi.eventCalendar, async (h) => {
    const { from, to, ...filters } = h.query;
    const ctx = ctxOf(h as never, resource);
    const after = startOfDay(from, EARLIEST_ZONE).toISOString();
    const before = startOfDay(addDays(to, 1), LATEST_ZONE).toISOString();
    // The window's events, then their answer built by the database as one JSON text: one row to
    // carry back from PGlite's thread instead of a thousand (docs/decisions/0070-the-events-calendar.md).
    const found = h.deps.db
      .select({
        id: events.id,
        version: events.version,
        title: events.title,
        status: events.status,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: locations.timeZone,
      })
      .from(events)
      .innerJoin(locations, eq(locations.id, events.locationId))
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
      .limit(CALENDAR_MAX_EVENTS + 1)
      .as('found');
    const [answer] = await h.deps.db
      .select({
        items: sql<string>`coalesce(json_agg(json_build_object('id', ${found.id}, 'version', ${found.version},
          'title', ${found.title}, 'status', ${found.status}, 'startsAt', ${iso(found.startsAt)},
          'endsAt', ${iso(found.endsAt)}, 'timeZone', ${found.timeZone}) order by ${found.startsAt}, ${found.id}), '[]')::text`,
      })
      .from(found);
    const items = JSON.parse(answer!.items) as CalendarEvent[];
    return {
      message: smsg('loaded'),
      data: { items: items.slice(0, CALENDAR_MAX_EVENTS), capped: items.length > CALENDAR_MAX_EVENTS },
    };
  });
