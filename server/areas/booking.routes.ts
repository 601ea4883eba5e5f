/** Booking details (with history and allowed moves) and status / payment changes. */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BOOKING_TRANSITIONS,
  paymentMoves,
  bookingApi,
  type BookingMail,
  type BookingStatus,
  type PaymentStatus,
} from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import { bookingHistory, bookings, cities, events, locations, mails, users, type Loc } from '../db/schema';
import type { Executor } from '../db/client';
import { seatsTakenQuery } from '../db/seats';
import { figure, instant, readTogether, rowsOf } from '../db/together';
import { notFound } from '../core/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { notices } from '../notifications/notices';
import { notifyUser } from '../notifications/notify';
import { changeBookingStatus, loadBooking } from './booking';
import { providerScopeOf } from '../resources/impl';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';
import { ticketOf } from '../tickets/keys';

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

/** What a booking's details show besides the booking, read in one statement (server/db/together.ts). */
const detailsOf = (db: Executor, booking: { id: number; eventId: number }) =>
  readTogether(db, {
    event: rowsOf(
      db
        .select({
          id: events.id,
          title: events.title,
          startsAt: events.startsAt,
          endsAt: events.endsAt,
          status: events.status,
          capacity: events.capacity,
          locationName: sql`${locations.name}`.as('location_name'),
          timeZone: locations.timeZone,
          cityName: sql`${cities.name}`.as('city_name'),
        })
        .from(events)
        .innerJoin(locations, eq(locations.id, events.locationId))
        .innerJoin(cities, eq(cities.id, events.cityId))
        .where(eq(events.id, booking.eventId)),
      undefined,
      (e) => ({
        id: Number(e.id),
        title: e.title as Loc,
        startsAt: instant(e.starts_at),
        endsAt: instant(e.ends_at),
        status: e.status as EventStatus,
        capacity: Number(e.capacity),
        locationName: e.location_name as Loc,
        timeZone: e.time_zone as string,
        cityName: e.city_name as Loc,
      }),
    ),
    sold: figure(seatsTakenQuery(db, booking.eventId)),
    history: rowsOf(
      db
        .select({
          id: bookingHistory.id,
          field: bookingHistory.field,
          from: bookingHistory.fromValue,
          to: bookingHistory.toValue,
          note: bookingHistory.note,
          byUserId: bookingHistory.byUserId,
          byName: sql`${users.name}`.as('by_name'),
          at: bookingHistory.at,
        })
        .from(bookingHistory)
        .leftJoin(users, eq(users.id, bookingHistory.byUserId))
        .where(eq(bookingHistory.bookingId, booking.id)),
      sql`r.at desc, r.id desc`,
      (h) => ({
        id: Number(h.id),
        field: h.field as 'status' | 'payment',
        from: h.from_value as string | null,
        to: h.to_value as string,
        note: h.note as string | null,
        by: h.by_user_id !== null && h.by_name ? { id: Number(h.by_user_id), name: h.by_name as Loc } : null,
        at: instant(h.at),
      }),
    ),
  });

/** The newest mails a booking's delivery log shows. */
const MAIL_LOG_SIZE = 100;

export const registerBookingRoutes = (app: App) => {
  route(app, bookingApi.bookingDetails, async ({ deps, params, requireAuth }) => {
    const auth = requireAuth();
    const { db } = deps;
    const booking = await loadBooking(db, params.id, providerScopeOf(auth, 'booking', true));
    if (!booking) throw notFound();
    const status = booking.status as BookingStatus;
    const [read, ticket] = await Promise.all([
      detailsOf(db, booking),
      ticketOf(db, deps.config.now(), booking),
    ]);
    const [event] = read.event;
    return {
      message: smsg('loaded'),
      data: {
        booking,
        event: { ...event!, soldTickets: read.sold },
        history: read.history,
        ticket,
        allowed: {
          status: [...BOOKING_TRANSITIONS[status]],
          paymentStatus: [...paymentMoves(status, booking.paymentStatus as PaymentStatus)],
        },
      },
    };
  });

  // The delivery log: reached as the booking's details are (a provider: its own bookings only).
  route(app, bookingApi.bookingMails, async ({ deps, params, requireAuth }) => {
    const ownerId = providerScopeOf(requireAuth(), 'booking', true);
    const { db } = deps;
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(eq(bookings.id, params.id), ownerId === null ? undefined : eq(bookings.providerId, ownerId)),
      );
    if (!booking) throw notFound();
    const rows = await db
      .select()
      .from(mails)
      .where(eq(mails.bookingId, booking.id))
      .orderBy(desc(mails.id))
      .limit(MAIL_LOG_SIZE);
    return {
      message: smsg('loaded'),
      data: rows.map((m): BookingMail => ({
        id: m.id,
        kind: m.kind as BookingMail['kind'],
        subject: m.subject,
        to: m.toAddress,
        language: m.language === 'ar' ? 'ar' : 'en',
        state: m.state as BookingMail['state'],
        attempts: m.attempts,
        response: m.response,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        nextAttemptAt: m.state === 'queued' ? m.nextAttemptAt.toISOString() : null,
      })),
    };
  });

  route(app, bookingApi.bookingUpdateStatus, async ({ deps, body, requireAuth, lang }) => {
    const auth = requireAuth();
    const changed = await runRowAction(moveBooking, rowCtx(deps, auth, lang), body);
    const booking = (await loadBooking(deps.db, body.id, providerScopeOf(auth, 'booking', true)))!;
    return { message: smsg(changed ? 'statusSaved' : 'noChange'), data: booking };
  });
};
