/**
 * Bookings: the resource implementation (the list is the hot path: see the indexes in schema.ts)
 * and the status / payment changes with their capacity check and history.
 */
import { seatsTaken } from '../db/seats';
import { and, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import {
  BOOKING_STATUS_LABEL,
  BOOKING_TRANSITIONS,
  PAYMENT_STATUS_LABEL,
  paymentMoves,
  bookingResource,
  type BookingStatus,
  type PaymentStatus,
} from '../../src/contract/areas/booking';
import { CURRENCY, MINOR_PER_MAJOR } from '../../src/contract/areas/values';
import type { AuthInfo } from '../auth/sessions';
import type { Executor, Tx } from '../db/client';
import { bookingCounts, bookingHistory, bookings, events, locations, serviceProviders } from '../db/schema';
import { conflict, HttpError, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { addDays, startOfDay } from '../core/time';
import { dyn, implement } from '../resources/impl';
import { ticketOf } from '../tickets/keys';
import { bookableEvent, insertBookings } from './booking-new';

/** The searched texts (code and customer), stored lower-cased under a trigram index (schema.ts). */
export const bookingSearchText = { lowered: bookings.searchText };

/** A booking's columns but its search text (the database's, never sent). */
const { searchText: _searchText, ...bookingColumns } = getTableColumns(bookings);

/** Left joins: the list's count query leaves them out (every booking has its event and provider). */
const selectBookings = (db: Executor, extra: Record<string, ReturnType<typeof sql>> = {}) =>
  dyn(
    db
      .select({
        b: bookingColumns,
        eventTitle: events.title,
        eventStartsAt: events.startsAt,
        eventTimeZone: locations.timeZone,
        providerName: serviceProviders.businessName,
        ...extra,
      })
      .from(bookings)
      .leftJoin(events, eq(events.id, bookings.eventId))
      .leftJoin(locations, eq(locations.id, events.locationId))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, bookings.providerId))
      .$dynamic(),
  );

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

const toBooking = (r: BookingRow) => ({
  id: r.b.id,
  version: r.b.version,
  createdAt: r.b.createdAt.toISOString(),
  updatedAt: r.b.updatedAt.toISOString(),
  code: r.b.code,
  eventId: r.b.eventId,
  eventTitle: r.eventTitle!,
  eventStartsAt: r.eventStartsAt!.toISOString(),
  eventTimeZone: r.eventTimeZone!,
  providerId: r.b.providerId,
  providerName: r.providerName!,
  customerName: r.b.customerName,
  customerEmail: r.b.customerEmail,
  customerPhone: r.b.customerPhone,
  tickets: r.b.tickets,
  unitPrice: r.b.unitPrice,
  total: r.b.total,
  currency: CURRENCY,
  paymentStatus: r.b.paymentStatus as PaymentStatus,
  status: r.b.status as BookingStatus,
  notes: r.b.notes,
  language: (r.b.language === 'ar' ? 'ar' : 'en') as 'en' | 'ar',
});

export const loadBooking = async (db: Executor, id: number, ownerId: number | null) => {
  const [row] = await selectBookings(db)
    .where(and(eq(bookings.id, id), ownerId === null ? undefined : eq(bookings.providerId, ownerId)))
    .limit(1);
  return row ? toBooking(row) : null;
};

export const bookingImpl = implement(bookingResource, {
  table: bookings,
  columns: { id: bookings.id, version: bookings.version, updatedAt: bookings.updatedAt, code: bookings.code },
  select: (db, extra) => selectBookings(db, extra),
  toRecord: toBooking,
  detail: async (record, ctx) => ({ ticket: await ticketOf(ctx.deps.db, ctx.now, record) }),
  scope: (ownerId) => eq(bookings.providerId, ownerId),
  sort: {
    createdAt: () => bookings.createdAt,
    code: () => bookings.code,
    customerName: () => sql`lower(${bookings.customerName})`,
    tickets: () => bookings.tickets,
    total: () => bookings.total,
    status: () => bookings.status,
    paymentStatus: () => bookings.paymentStatus,
    updatedAt: () => bookings.updatedAt,
  },
  search: [bookingSearchText],
  pageByIds: true,
  preparedGet: true,
  // The counters answer the list's usual filters (status, payment status, provider, scope).
  count(db, f, ctx, q) {
    if (q !== undefined || f.eventId !== undefined || f.from !== undefined || f.to !== undefined) return null;
    return db
      .select({ n: sql<number>`coalesce(sum(${bookingCounts.n}), 0)` })
      .from(bookingCounts)
      .where(
        and(
          ctx.ownerId === null ? undefined : eq(bookingCounts.providerId, ctx.ownerId),
          f.providerId === undefined ? undefined : eq(bookingCounts.providerId, f.providerId),
          f.status === undefined ? undefined : eq(bookingCounts.status, f.status),
          f.paymentStatus === undefined ? undefined : eq(bookingCounts.paymentStatus, f.paymentStatus),
        ),
      )
      .getSQL();
  },
  filters: (f) => [
    f.status === undefined ? undefined : eq(bookings.status, f.status),
    f.paymentStatus === undefined ? undefined : eq(bookings.paymentStatus, f.paymentStatus),
    f.eventId === undefined ? undefined : eq(bookings.eventId, f.eventId),
    f.providerId === undefined ? undefined : eq(bookings.providerId, f.providerId),
    // Days on the viewer's clock when the app names it (`tz`), else the platform's (ADR 0031).
    f.from === undefined ? undefined : gte(bookings.createdAt, startOfDay(f.from, f.tz)),
    f.to === undefined ? undefined : lt(bookings.createdAt, startOfDay(addDays(f.to, 1), f.tz)),
  ],
  async check(tx, input, ctx, existing) {
    // A new booking's event is checked by its insert (it copies the event's price and provider).
    if (!existing) return;
    if (input.eventId !== existing.eventId || input.tickets !== existing.tickets) {
      if (existing.status !== 'pending') throw conflict(smsg('bookingLocked'));
    }
    if (input.eventId !== existing.eventId) await bookableEvent(tx, input.eventId, ctx);
  },
  async insert(tx, input, ctx) {
    const [made] = await insertBookings(tx, [input], ctx);
    if (made instanceof HttpError) throw made;
    return made!;
  },
  insertMany: (tx, inputs, ctx) => insertBookings(tx, inputs, ctx),
  async updateValues(tx, input, ctx, existing) {
    const moved = input.eventId !== existing.eventId;
    const e = moved ? await bookableEvent(tx, input.eventId, ctx) : null;
    const unitPrice = e ? e.price : existing.unitPrice;
    return {
      eventId: input.eventId,
      ...(e ? { providerId: e.providerId } : {}),
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerPhone: input.customerPhone,
      tickets: input.tickets,
      unitPrice,
      total: unitPrice * input.tickets,
      notes: input.notes,
      language: input.language,
    };
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Code', ar: 'الرمز' }, value: (r) => r.code },
    { header: { en: 'Event', ar: 'الفعالية' }, value: (r, lang) => r.eventTitle[lang] },
    { header: { en: 'Customer', ar: 'العميل' }, value: (r) => r.customerName },
    { header: { en: 'Email', ar: 'البريد الإلكتروني' }, value: (r) => r.customerEmail },
    { header: { en: 'Phone', ar: 'الهاتف' }, value: (r) => r.customerPhone },
    { header: { en: 'Tickets', ar: 'التذاكر' }, value: (r) => r.tickets },
    {
      header: { en: `Total (${CURRENCY})`, ar: 'الإجمالي (ر.س)' },
      value: (r) => (r.total / MINOR_PER_MAJOR).toFixed(2),
    },
    {
      header: { en: 'Payment', ar: 'الدفع' },
      value: (r, lang) => PAYMENT_STATUS_LABEL[r.paymentStatus][lang],
    },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => BOOKING_STATUS_LABEL[r.status][lang] },
    { header: { en: 'Booked', ar: 'تاريخ الحجز' }, value: (r) => r.createdAt },
  ],
});

/* ---------------------------------------------------------- status changes */

export interface BookingChange {
  id: number;
  status?: BookingStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  note: string | null;
  version?: number | undefined;
  auth: AuthInfo;
  ownerId: number | null;
  now: Date;
}

/**
 * One transaction: when confirming, lock the event row, then the booking row (always in this order,
 * as cancelling an event does, so the two never deadlock; other moves take no seats and lock the
 * booking alone, so that the door's check-ins, which hold the booking already, never wait for the
 * event); check the moves, the version and, when confirming, the seats left; write the new values
 * and one history entry per change. Returns whether anything changed (asking for the current values
 * again is a no-op, so replays are harmless).
 */
export const changeBookingStatus = async (tx: Tx, change: BookingChange): Promise<boolean> => {
  const scope = change.ownerId === null ? undefined : eq(bookings.providerId, change.ownerId);
  // The booking's event, found and locked in one statement.
  const [event] =
    change.status === 'confirmed'
      ? await tx
          .select({ capacity: events.capacity, status: events.status })
          .from(events)
          .where(
            eq(
              events.id,
              tx
                .select({ eventId: bookings.eventId })
                .from(bookings)
                .where(and(eq(bookings.id, change.id), scope)),
            ),
          )
          .for('update')
      : [];
  const [b] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, change.id), scope))
    .for('update');
  if (!b || (change.status === 'confirmed' && !event)) throw notFound();
  if (change.version !== undefined && change.version !== b.version) throw conflict();
  const from = b.status as BookingStatus;
  const payFrom = b.paymentStatus as PaymentStatus;
  const to = change.status !== undefined && change.status !== from ? change.status : null;
  const payTo =
    change.paymentStatus !== undefined && change.paymentStatus !== payFrom ? change.paymentStatus : null;
  if (to === null && payTo === null) return false;
  // Said with the labels staff see (docs/glossary.md), never the stored codes.
  if (to !== null && !BOOKING_TRANSITIONS[from].includes(to))
    throw conflict(
      smsg('bookingMoveRefused', { from: BOOKING_STATUS_LABEL[from].en, to: BOOKING_STATUS_LABEL[to].en }),
    );
  if (payTo !== null && !paymentMoves(to ?? from, payFrom).includes(payTo))
    throw conflict(
      (to ?? from) === 'cancelled'
        ? smsg('cancelledPaymentRefused', { to: PAYMENT_STATUS_LABEL[payTo].en })
        : smsg('paymentMoveRefused', {
            from: PAYMENT_STATUS_LABEL[payFrom].en,
            to: PAYMENT_STATUS_LABEL[payTo].en,
          }),
    );
  if (to === 'confirmed') {
    if (event!.status !== 'approved') throw conflict(smsg('eventNotBookable'));
    const taken = await seatsTaken(tx, b.eventId, change.now);
    if (taken + b.tickets > event!.capacity)
      throw conflict(smsg('soldOut', { n: Math.max(0, event!.capacity - taken) }));
  }
  const { now, auth } = change;
  await tx
    .update(bookings)
    .set({
      ...(to !== null ? { status: to } : {}),
      ...(payTo !== null ? { paymentStatus: payTo, ...(payTo === 'paid' ? { paidAt: now } : {}) } : {}),
      version: sql`${bookings.version} + 1`,
      updatedAt: now,
    })
    .where(eq(bookings.id, b.id));
  const entry = { bookingId: b.id, note: change.note, byUserId: auth.user.id, at: now };
  await tx
    .insert(bookingHistory)
    .values([
      ...(to !== null ? [{ ...entry, field: 'status', fromValue: from, toValue: to }] : []),
      ...(payTo !== null ? [{ ...entry, field: 'payment', fromValue: payFrom, toValue: payTo }] : []),
    ]);
  return true;
};
