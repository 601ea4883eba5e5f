/** The seats an event has sold: the one count the booking area and restore hold a booking to. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import type { Executor } from './client';
import { bookings } from './schema';

/** The query of the seats of the event's confirmed, checked-in and completed bookings (one row, `n`). */
export const seatsTakenQuery = (tx: Executor, eventId: number) =>
  tx
    .select({ n: sql<number>`coalesce(sum(${bookings.tickets}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, [...SEAT_HOLDING])));

/** Seats of the event's confirmed, checked-in and completed bookings. */
export const seatsTaken = async (tx: Executor, eventId: number) => (await seatsTakenQuery(tx, eventId))[0]!.n;
