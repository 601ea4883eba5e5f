/**
 * Dashboard figures, each a part of the one statement a dashboard reads (server/db/together.ts).
 * Platform-wide booking counts and revenue sum the hourly totals that triggers keep (`booking_hours`),
 * and revenue by category their daily totals per category (`category_days`), a few hundred rows for
 * a month whatever the table's size; a provider's figures
 * are indexed range queries over the period (bookings by created_at, revenue by paid_at of paid
 * bookings, with the provider first), so their cost follows the provider's rows of the period. A
 * dashboard's period (a named one or a range of days, with the previous period of the same length)
 * reads the same aggregates: 365 days are 8,760 hourly rows and a few thousand daily ones.
 * Period boundaries come from the injected clock in the platform's time zone (server/core/time.ts).
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, PaymentStatus } from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import { CURRENCY } from '../../src/contract/areas/values';
import type { Executor } from '../db/client';
import { figure, instant, rowsOf } from '../db/together';
import { bookingHours, bookings, categories, categoryDays, events, locations, type Loc } from '../db/schema';
import { soldTicketsOf } from './event.checks';
import { PROVIDERS_LINK, waitingAds, waitingEvents, waitingProviders } from './dashboard.waiting';
import { addDays, startOfDay, type periods } from '../core/time';

const LATEST = 10;
const DAY_S = 86_400;

export type Scope = number | null;
export const n = sql<number>`count(*)`.mapWith(Number);
export const sumTotal = sql<number>`coalesce(sum(${bookings.total}), 0)`.mapWith(Number);

export const bookingScope = (scope: Scope) => (scope === null ? undefined : eq(bookings.providerId, scope));

const HOUR_MS = 3_600_000;
/**
 * Platform-wide figures of a period that begins and ends on UTC hours (every period of a whole-hour
 * time zone such as Riyadh's) come from the hourly totals kept by triggers, not from the bookings.
 */
export const byHours = (scope: Scope, from: Date, to: Date) =>
  scope === null && from.getTime() % HOUR_MS === 0 && to.getTime() % HOUR_MS === 0;

const hourTotal = (db: Executor, column: 'made' | 'revenue', from: Date, to: Date) =>
  figure(
    db
      .select({ n: sql<number>`coalesce(sum(${bookingHours[column]}), 0)` })
      .from(bookingHours)
      .where(and(gte(bookingHours.hour, from), lt(bookingHours.hour, to))),
  );

export const countBookings = (db: Executor, scope: Scope, from: Date, to: Date) =>
  byHours(scope, from, to)
    ? hourTotal(db, 'made', from, to)
    : figure(
        db
          .select({ n })
          .from(bookings)
          .where(and(bookingScope(scope), gte(bookings.createdAt, from), lt(bookings.createdAt, to))),
      );

export const paidIn = (scope: Scope, from: Date, to: Date): SQL =>
  and(
    bookingScope(scope),
    eq(bookings.paymentStatus, 'paid'),
    gte(bookings.paidAt, from),
    lt(bookings.paidAt, to),
  )!;

export const revenue = (db: Executor, scope: Scope, from: Date, to: Date) =>
  byHours(scope, from, to)
    ? hourTotal(db, 'revenue', from, to)
    : figure(
        db
          .select({ n: sumTotal })
          .from(bookings)
          .where(paidIn(scope, from, to)),
      );

export const dayIndex = (
  column: typeof bookings.createdAt | typeof bookings.paidAt | typeof bookingHours.hour,
  start: Date,
) =>
  sql<number>`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / ${DAY_S})::int`;

export const dayFigures = (rows: Record<string, unknown>) => ({ d: Number(rows.d), n: Number(rows.n) });

/** A period's platform days (both included) and the instants they begin and end. */
export interface Span {
  from: string;
  to: string;
  start: Date;
  end: Date;
}
export const spanOf = (from: string, to: string): Span => ({
  from,
  to,
  start: startOfDay(from),
  end: startOfDay(addDays(to, 1)),
});

export const latestBookings = (db: Executor, scope: Scope) =>
  rowsOf(
    db
      .select({
        id: bookings.id,
        code: bookings.code,
        customerName: bookings.customerName,
        eventTitle: events.title,
        tickets: bookings.tickets,
        total: bookings.total,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(bookingScope(scope))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(LATEST),
    sql`r.created_at desc, r.id desc`,
    (b) => ({
      id: Number(b.id),
      code: b.code as string,
      customerName: b.customer_name as string,
      eventTitle: b.title as Loc,
      tickets: Number(b.tickets),
      total: Number(b.total),
      status: b.status as BookingStatus,
      paymentStatus: b.payment_status as PaymentStatus,
      createdAt: instant(b.created_at),
    }),
  );

/** The parts of the number cards of the admin / manager dashboard (read with others, in one statement). */
export const adminStatParts = (db: Executor, scope: Scope, p: ReturnType<typeof periods>) => {
  const providers = scope === null ? waitingProviders(db) : undefined;
  const evs = waitingEvents(db, scope);
  const ads = waitingAds(db, scope, p.today);
  return {
    ...(providers ? { providersCount: providers.count, providers: providers.items } : {}),
    eventsCount: evs.count,
    events: evs.items,
    adsCount: ads.count,
    ads: ads.items,
  };
};

type Item = { id: number; title: Loc; link: string };
/** The admin / manager figures from what `adminStatParts` read. */
export const adminStatsOf = (
  r: {
    providersCount?: number;
    providers?: Item[];
    eventsCount: number;
    events: Item[];
    adsCount: number;
    ads: Item[];
  },
  now: Date,
  today: string,
) => ({
  asOf: now.toISOString(),
  today,
  waiting: {
    providers: { count: r.providersCount ?? 0, items: r.providers ?? [], link: PROVIDERS_LINK },
    events: { count: r.eventsCount, items: r.events, link: '/event?status=pending' },
    advertisements: { count: r.adsCount, items: r.ads, link: '/advertisement?status=pending' },
  },
  currency: CURRENCY,
});

/**
 * Revenue and bookings paid per category over the period's days, the highest first. Platform-wide,
 * the period's rows of `category_days` (kept by triggers: at most one per day and category), which
 * took this part from 14.7 to 0.24 ms on PostgreSQL 1M (one connection), where it summed the 59,000
 * paid bookings of the 30 days at every call.
 * A provider's come from its paid bookings of the period (an index-only range scan), summed per
 * event before the join, so the join meets one row per event, not one per booking
 * (docs/decisions/0020-every-list-on-an-index.md).
 */
export const revenueByCategory = (db: Executor, scope: Scope, span: Span) => {
  const toCategory = (c: Record<string, unknown>) => ({
    categoryId: Number(c.id),
    name: c.name as Loc,
    revenue: Number(c.revenue),
    bookings: Number(c.bookings),
  });
  const order = sql`r.revenue desc, r.id`;
  if (scope === null) {
    const paid = sql<number>`sum(${categoryDays.paid})`;
    return rowsOf(
      db
        .select({
          id: categories.id,
          name: categories.name,
          revenue: sql<number>`sum(${categoryDays.revenue})`.as('revenue'),
          bookings: paid.as('bookings'),
        })
        .from(categoryDays)
        .innerJoin(categories, eq(categories.id, categoryDays.categoryId))
        .where(and(gte(categoryDays.day, span.from), lte(categoryDays.day, span.to)))
        .groupBy(categories.id, categories.name)
        .having(sql`${paid} > 0`),
      order,
      toCategory,
    );
  }
  const perEvent = db
    .select({
      eventId: sql<number>`${bookings.eventId}`.as('event_id'),
      revenue: sumTotal.as('revenue'),
      paid: n.as('paid'),
    })
    .from(bookings)
    .where(paidIn(scope, span.start, span.end))
    .groupBy(bookings.eventId)
    .as('per_event');
  return rowsOf(
    db
      .select({
        id: categories.id,
        name: categories.name,
        revenue: sql<number>`sum(${perEvent.revenue})`.as('revenue'),
        bookings: sql<number>`sum(${perEvent.paid})`.as('bookings'),
      })
      .from(perEvent)
      .innerJoin(events, eq(events.id, perEvent.eventId))
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .groupBy(categories.id, categories.name),
    order,
    toCategory,
  );
};

/** A provider's next five events (approved or pending, not ended), with their venue's zone and seats sold. */
export const upcomingEvents = (db: Executor, scope: number, now: Date) =>
  rowsOf(
    db
      .select({
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        timeZone: locations.timeZone,
        status: events.status,
        capacity: events.capacity,
        soldTickets: soldTicketsOf().as('sold_tickets'),
      })
      .from(events)
      .innerJoin(locations, eq(locations.id, events.locationId))
      .where(
        and(
          eq(events.providerId, scope),
          inArray(events.status, ['approved', 'pending']),
          gte(events.endsAt, now),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(5),
    sql`r.starts_at, r.id`,
    (e) => ({
      id: Number(e.id),
      title: e.title as Loc,
      startsAt: instant(e.starts_at),
      timeZone: e.time_zone as string,
      status: e.status as EventStatus,
      capacity: Number(e.capacity),
      soldTickets: Number(e.sold_tickets),
    }),
  );
