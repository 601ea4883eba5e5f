/** Booking details (with history and allowed moves) and status / payment changes. */
import { and, desc, eq } from 'drizzle-orm';
import {
  BOOKING_TRANSITIONS,
  paymentMoves,
  bookingApi,
  type BookingStatus,
  type PaymentStatus,
} from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import { bookingHistory, cities, events, locations, users } from '../db/schema';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { notices } from '../notices';
import { notifyUser } from '../notify';
import { changeBookingStatus, loadBooking, seatsTaken } from './booking';
import { providerScopeOf } from '../http/resource-router';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../http/row-actions';

/** Change a booking's status and / or payment status (a row action: the endpoint and bulk jobs). */
export const moveBooking: RowAction<BodyOf<typeof bookingApi.bookingUpdateStatus>> = async (
  tx,
  ctx,
  body,
) => {
  const { auth } = ctx;
  const ownerId = providerScopeOf(auth, 'booking', true);
  const changed = await changeBookingStatus(tx, {
    id: body.id,
    status: body.status,
    paymentStatus: body.paymentStatus,
    note: body.note,
    version: body.version,
    auth,
    ownerId,
    now: ctx.now,
  });
  return {
    changed,
    // The event's provider hears of a cancellation it did not make itself.
    after:
      changed && body.status === 'cancelled'
        ? async (deps) => {
            const booking = (await loadBooking(deps.db, body.id, ownerId))!;
            if (booking.status === 'cancelled' && auth.user.id !== booking.providerId)
              await notifyUser(
                deps,
                booking.providerId,
                notices.bookingCancelled(booking.code, booking.eventTitle, booking.id),
              );
          }
        : undefined,
  };
};

export const registerBookingRoutes = (app: App) => {
  route(
    app,
    bookingApi.bookingDetails,
    async ({ deps, params, requireAuth }) => {
      const auth = requireAuth();
      const { db } = deps;
      const booking = await loadBooking(db, params.id, providerScopeOf(auth, 'booking', true));
      if (!booking) throw notFound();
      const [[event], sold, history] = await Promise.all([
        db
          .select({
            id: events.id,
            title: events.title,
            startsAt: events.startsAt,
            endsAt: events.endsAt,
            status: events.status,
            capacity: events.capacity,
            locationName: locations.name,
            timeZone: locations.timeZone,
            cityName: cities.name,
          })
          .from(events)
          .innerJoin(locations, eq(locations.id, events.locationId))
          .innerJoin(cities, eq(cities.id, events.cityId))
          .where(eq(events.id, booking.eventId)),
        seatsTaken(db, booking.eventId),
        db
          .select({ h: bookingHistory, byName: users.name })
          .from(bookingHistory)
          .leftJoin(users, eq(users.id, bookingHistory.byUserId))
          .where(and(eq(bookingHistory.bookingId, booking.id)))
          .orderBy(desc(bookingHistory.at), desc(bookingHistory.id)),
      ]);
      return {
        message: smsg('loaded'),
        data: {
          booking,
          event: {
            ...event!,
            startsAt: event!.startsAt.toISOString(),
            endsAt: event!.endsAt.toISOString(),
            status: event!.status as EventStatus,
            soldTickets: sold,
          },
          history: history.map(({ h, byName }) => ({
            id: h.id,
            field: h.field as 'status' | 'payment',
            from: h.fromValue,
            to: h.toValue,
            note: h.note,
            by: h.byUserId !== null && byName ? { id: h.byUserId, name: byName } : null,
            at: h.at.toISOString(),
          })),
          allowed: {
            status: [...BOOKING_TRANSITIONS[booking.status as BookingStatus]],
            paymentStatus: [
              ...paymentMoves(booking.status as BookingStatus, booking.paymentStatus as PaymentStatus),
            ],
          },
        },
      };
    },
    { cache: true },
  );

  route(app, bookingApi.bookingUpdateStatus, async ({ deps, body, requireAuth, lang }) => {
    const auth = requireAuth();
    const changed = await runRowAction(moveBooking, rowCtx(deps, auth, lang), body);
    const booking = (await loadBooking(deps.db, body.id, providerScopeOf(auth, 'booking', true)))!;
    return { message: smsg(changed ? 'statusSaved' : 'noChange'), data: booking };
  });
};
