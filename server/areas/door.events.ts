/** The doors the caller stands at (docs/decisions/0055-the-door.md): GET /api/door. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import { DOOR_EVENTS_MAX, type DoorEventRow } from '../../src/contract/door-events';
import type { AuthInfo } from '../auth/sessions';
import type { Executor } from '../db/client';
import { admissions, bookings, events, locations, type Loc } from '../db/schema';
import { doorEventColumns, doorReach } from './door';

/**
 * The events whose door the caller reaches (`doorReach`), approved, ending today or later on the
 * venue's clock, soonest first, at most DOOR_EVENTS_MAX, with their guests admitted and expected
 * (as the door state counts them).
 */
export const doorEventsOf = async (
  db: Executor,
  auth: AuthInfo,
  now: Date,
): Promise<{ items: DoorEventRow[]; total: number }> => {
  const where = and(
    eq(events.status, 'approved'),
    sql`(${events.endsAt} at time zone ${locations.timeZone})::date >= (${now.toISOString()}::timestamptz at time zone ${locations.timeZone})::date`,
    doorReach(auth),
  );
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  const rows = await db
    .select({
      ...doorEventColumns,
      admitted:
        sql<number>`(select coalesce(sum(${admissions.count}), 0) from ${admissions} where ${admissions.eventId} = ${events.id} and ${admissions.lostTo} is null)`.mapWith(
          Number,
        ),
      expected:
        sql<number>`(select coalesce(sum(${bookings.tickets}), 0) from ${bookings} where ${bookings.eventId} = ${events.id} and ${inArray(bookings.status, [...SEAT_HOLDING])})`.mapWith(
          Number,
        ),
      total,
    })
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(where)
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(DOOR_EVENTS_MAX);
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      title: row.title as Loc,
      locationName: row.locationName as Loc,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
};
