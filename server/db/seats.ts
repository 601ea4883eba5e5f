/**
 * The seats of an event: those sold (the figure staff see) and those taken (what every capacity
 * check holds a booking, a lease and a restore to).
 */
import { and, eq, gt, inArray, isNull, isNotNull, sql } from 'drizzle-orm';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import type { Executor } from './client';
import { bookings, seatLeases } from './schema';

/** The query of the seats of the event's confirmed, checked-in and completed bookings (one row, `n`). */
export const seatsTakenQuery = (tx: Executor, eventId: number) =>
  tx
    .select({ n: sql<number>`coalesce(sum(${bookings.tickets}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, [...SEAT_HOLDING])));

/**
 * Tickets sold within each lease of the event: every sale that names it, whatever became of the
 * booking since (a cancelled door sale frees its seats for everyone, not for the lease again), so
 * a lease's rest only ever shrinks, on the server as on the device that counts it offline.
 */
export const soldInLeases = (tx: Executor, eventId: number) =>
  tx
    .select({
      leaseId: bookings.leaseId,
      sold: sql<number>`sum(${bookings.tickets})`.mapWith(Number).as('sold'),
    })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), isNotNull(bookings.leaseId)))
    .groupBy(bookings.leaseId)
    .as('sold_in_leases');

/** The unsold rest of the event's active leases (not returned, not expired at `now`). */
const leasedQuery = (tx: Executor, eventId: number, now: Date) => {
  const sold = soldInLeases(tx, eventId);
  return tx
    .select({
      n: sql<number>`coalesce(sum(greatest(0, ${seatLeases.seats} - coalesce(${sold.sold}, 0))), 0)`.mapWith(
        Number,
      ),
    })
    .from(seatLeases)
    .leftJoin(sold, eq(sold.leaseId, seatLeases.id))
    .where(
      and(eq(seatLeases.eventId, eventId), isNull(seatLeases.returnedAt), gt(seatLeases.expiresAt, now)),
    );
};

/**
 * Seats taken: those of the event's confirmed, checked-in and completed bookings, and the unsold
 * rest of its active seat leases (docs/decisions/0055-the-door.md: leased seats count as taken, so
 * no number of door devices can oversell). Callers that judge capacity hold the event's row lock.
 */
export const seatsTaken = async (tx: Executor, eventId: number, now: Date) => {
  const [held] = await seatsTakenQuery(tx, eventId);
  const [leased] = await leasedQuery(tx, eventId, now);
  return held!.n + leased!.n;
};
