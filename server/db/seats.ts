/** The seats an event has sold: the one count the booking area and restore hold a booking to. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import type { Executor } from './client';
import { bookings } from './schema';

/** Seats of the event's confirmed, checked-in and completed bookings. */
export const seatsTaken = async (tx: Executor, eventId: number) =>
  (
    await tx
      .select({ n: sql<number>`coalesce(sum(${bookings.tickets}), 0)`.mapWith(Number) })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, [...SEAT_HOLDING])))
  )[0]!.n;
