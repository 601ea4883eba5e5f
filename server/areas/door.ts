/**
 * The door of an event (docs/decisions/0055-the-door.md): who reaches it, and what a device is
 * given to judge tickets with (the guests, the counters, the log, the public keys).
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SEAT_HOLDING, type BookingStatus, type PaymentStatus } from '../../src/contract/areas/booking';
import { DOOR_LOG_SIZE, type DoorGuest, type DoorLogEntry, type DoorState } from '../../src/contract/door';
import type { AuthInfo } from '../auth/sessions';
import type { Executor } from '../db/client';
import { admissions, bookings, events, eventSupervisors, locations, type Loc } from '../db/schema';
import { notFound } from '../core/errors';
import { providerScopeOf } from '../resources/impl';

/**
 * The events whose door the caller reaches: staff every event, a provider and its supervisors their
 * provider's, anyone else (a door account) the events it is assigned to, and of a door account that
 * belongs to a provider only that provider's (an assignment left from before a move to another
 * provider reaches nothing).
 */
export const doorReach = (auth: AuthInfo): SQL | undefined => {
  if (auth.permissions.includes('event')) {
    const scope = providerScopeOf(auth, 'event', true);
    return scope === null ? undefined : eq(events.providerId, scope);
  }
  return and(
    sql`exists (select 1 from ${eventSupervisors} where ${eventSupervisors.eventId} = ${events.id} and ${eventSupervisors.userId} = ${auth.user.id})`,
    auth.user.providerId === null ? undefined : eq(events.providerId, auth.user.providerId),
  );
};

/** What a door shows of its event (the event joined with its venue). */
export const doorEventColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: locations.timeZone,
  locationName: locations.name,
};

/** What the server knows of the event at a door: what a door shows, and what its rules need. */
const doorEventSelection = {
  ...doorEventColumns,
  price: events.price,
  capacity: events.capacity,
  providerId: events.providerId,
};

/** The booking `bookingId` of event `eventId`, locked; null when the event has no such booking. */
const locked = (eventId: number, bookingId: number) =>
  sql<number | null>`(select ${bookings.id} from ${bookings}
    where ${bookings.id} = ${bookingId} and ${bookings.eventId} = ${eventId} for update)`;

/**
 * The event `eventId` at whose door the caller stands (404 when it is not in reach), and, when
 * `lockBooking` is given, that booking of the event locked in the same statement (`lockedId`, null
 * when the event has no such booking).
 */
export const doorEventOf = async (db: Executor, auth: AuthInfo, eventId: number, lockBooking?: number) => {
  const [row] = await db
    .select({
      ...doorEventSelection,
      lockedId: lockBooking === undefined ? sql<null>`null` : locked(eventId, lockBooking),
    })
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(and(eq(events.id, eventId), doorReach(auth)));
  if (!row) throw notFound();
  const { lockedId, ...event } = row;
  return {
    event: {
      ...event,
      title: event.title as Loc,
      locationName: event.locationName as Loc,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
    },
    lockedId,
  };
};
export type DoorEvent = Awaited<ReturnType<typeof doorEventOf>>['event'];

/**
 * Each booking's guests admitted so far at the event's door, its last admission's device time and
 * device (counting ones only).
 */
const admittedOf = (db: Executor, eventId: number) =>
  db
    .selectDistinctOn([admissions.bookingId], {
      bookingId: admissions.bookingId,
      admitted: sql<number>`sum(${admissions.count}) over (partition by ${admissions.bookingId})`
        .mapWith(Number)
        .as('admitted'),
      lastAt: sql<Date>`${admissions.deviceAt}`.as('last_at'),
      lastDevice: sql<string>`${admissions.deviceName}`.as('last_device'),
    })
    .from(admissions)
    .where(and(eq(admissions.eventId, eventId), isNull(admissions.lostTo)))
    .orderBy(admissions.bookingId, desc(admissions.deviceAt), desc(admissions.id))
    .as('admitted');

/**
 * Every booking of the event with its status, by name: those that hold seats, and those that do not
 * (cancelled, pending), so that a device offline refuses their tickets and tells a booking newer
 * than its list (none of these) by its absence (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
const doorGuests = async (db: Executor, eventId: number): Promise<DoorGuest[]> => {
  const admitted = admittedOf(db, eventId);
  const rows = await db
    .select({
      bookingId: bookings.id,
      code: bookings.code,
      name: bookings.customerName,
      phone: bookings.customerPhone,
      tickets: bookings.tickets,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      admitted: admitted.admitted,
      lastAt: admitted.lastAt,
      lastDevice: admitted.lastDevice,
    })
    .from(bookings)
    .leftJoin(admitted, eq(admitted.bookingId, bookings.id))
    .where(eq(bookings.eventId, eventId))
    .orderBy(asc(sql`lower(${bookings.customerName})`), asc(bookings.id));
  return rows.map((row) => ({
    ...row,
    status: row.status as BookingStatus,
    paymentStatus: row.paymentStatus as PaymentStatus,
    admitted: row.admitted ?? 0,
    lastAt: row.lastAt ? new Date(row.lastAt).toISOString() : null,
    lastDevice: row.lastDevice ?? null,
  }));
};

/** One guest from its booking and its admissions in order of device time (those that count count). */
export const guestFrom = (
  booking: Pick<
    typeof bookings.$inferSelect,
    'id' | 'code' | 'customerName' | 'customerPhone' | 'tickets' | 'status' | 'paymentStatus'
  >,
  ordered: readonly Pick<typeof admissions.$inferSelect, 'count' | 'deviceAt' | 'deviceName' | 'lostTo'>[],
): DoorGuest => {
  const counting = ordered.filter((admission) => admission.lostTo === null);
  const last = counting.at(-1);
  return {
    bookingId: booking.id,
    code: booking.code,
    name: booking.customerName,
    phone: booking.customerPhone,
    tickets: booking.tickets,
    status: booking.status as BookingStatus,
    paymentStatus: booking.paymentStatus as PaymentStatus,
    admitted: counting.reduce((sum, admission) => sum + admission.count, 0),
    lastAt: last ? last.deviceAt.toISOString() : null,
    lastDevice: last ? last.deviceName : null,
  };
};

/** The latest admissions at the event's door, newest first. */
const doorLog = async (db: Executor, eventId: number): Promise<DoorLogEntry[]> => {
  const first = alias(admissions, 'first');
  const rows = await db
    .select({
      id: admissions.id,
      bookingId: admissions.bookingId,
      code: bookings.code,
      name: bookings.customerName,
      count: admissions.count,
      deviceName: admissions.deviceName,
      deviceAt: admissions.deviceAt,
      at: admissions.at,
      firstDevice: first.deviceName,
      firstAt: first.deviceAt,
    })
    .from(admissions)
    .innerJoin(bookings, eq(bookings.id, admissions.bookingId))
    .leftJoin(first, eq(first.id, admissions.lostTo))
    .where(eq(admissions.eventId, eventId))
    .orderBy(desc(admissions.at), desc(admissions.id))
    .limit(DOOR_LOG_SIZE);
  return rows.map(({ firstDevice, firstAt, ...row }) => ({
    ...row,
    deviceAt: row.deviceAt.toISOString(),
    at: row.at.toISOString(),
    lostTo: firstDevice && firstAt ? { deviceName: firstDevice, deviceAt: firstAt.toISOString() } : null,
  }));
};

/** Everything a door device is given (the keys are the caller's to add). */
export const doorStateOf = async (
  db: Executor,
  event: DoorEvent,
  now: Date,
): Promise<Omit<DoorState, 'keys'>> => {
  const [guests, log] = await Promise.all([doorGuests(db, event.id), doorLog(db, event.id)]);
  const { providerId: _provider, ...shown } = event;
  // The counters are of the guests who hold seats.
  const holding = guests.filter((guest) => SEAT_HOLDING.includes(guest.status));
  return {
    event: shown,
    admitted: holding.reduce((sum, guest) => sum + guest.admitted, 0),
    expected: holding.reduce((sum, guest) => sum + guest.tickets, 0),
    guests,
    log,
    asOf: now.toISOString(),
  };
};
