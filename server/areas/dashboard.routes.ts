/**
 * Dashboards. Platform-wide booking counts and revenue sum the hourly totals that triggers keep
 * (`booking_hours`), a few hundred rows for a month whatever the table's size; a provider's figures
 * are indexed range queries over the period (bookings by created_at, revenue by paid_at of paid
 * bookings, with the provider first), so their cost follows the provider's rows of the period.
 * Period boundaries come from the injected clock in the platform's time zone (server/time.ts).
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { dashboardApi } from '../../src/contract/areas/dashboard';
import type { BookingStatus, PaymentStatus } from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import { CURRENCY } from '../../src/contract/areas/values';
import { USER_STATUS } from '../../src/contract/roles';
import type { Executor } from '../db/client';
import {
  advertisements,
  bookingHours,
  bookings,
  categories,
  events,
  locations,
  serviceProviders,
  users,
} from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { soldTicketsOf } from './event';
import { providerScopeOf } from '../http/resource-router';
import { addDays, periods, startOfDay } from '../time';

const WAITING_ITEMS = 5;
const LATEST = 10;
const CHART_DAYS = 30;
const DAY_S = 86_400;

type Scope = number | null;
const n = sql<number>`count(*)`.mapWith(Number);
const sumTotal = sql<number>`coalesce(sum(${bookings.total}), 0)`.mapWith(Number);

const bookingScope = (scope: Scope) => (scope === null ? undefined : eq(bookings.providerId, scope));

const HOUR_MS = 3_600_000;
/**
 * Platform-wide figures of a period that begins and ends on UTC hours (every period of a whole-hour
 * time zone such as Riyadh's) come from the hourly totals kept by triggers, not from the bookings.
 */
const byHours = (scope: Scope, from: Date, to: Date) =>
  scope === null && from.getTime() % HOUR_MS === 0 && to.getTime() % HOUR_MS === 0;

const hourTotal = async (db: Executor, column: 'made' | 'revenue', from: Date, to: Date) =>
  (
    await db
      .select({ n: sql<number>`coalesce(sum(${bookingHours[column]}), 0)`.mapWith(Number) })
      .from(bookingHours)
      .where(and(gte(bookingHours.hour, from), lt(bookingHours.hour, to)))
  )[0]!.n;

const countBookings = async (db: Executor, scope: Scope, from: Date, to: Date) => {
  if (byHours(scope, from, to)) return hourTotal(db, 'made', from, to);
  return (
    await db
      .select({ n })
      .from(bookings)
      .where(and(bookingScope(scope), gte(bookings.createdAt, from), lt(bookings.createdAt, to)))
  )[0]!.n;
};

const paidIn = (scope: Scope, from: Date, to: Date): SQL =>
  and(
    bookingScope(scope),
    eq(bookings.paymentStatus, 'paid'),
    gte(bookings.paidAt, from),
    lt(bookings.paidAt, to),
  )!;

const revenue = async (db: Executor, scope: Scope, from: Date, to: Date) => {
  if (byHours(scope, from, to)) return hourTotal(db, 'revenue', from, to);
  return (
    await db
      .select({ n: sumTotal })
      .from(bookings)
      .where(paidIn(scope, from, to))
  )[0]!.n;
};

const dayIndex = (
  column: typeof bookings.createdAt | typeof bookings.paidAt | typeof bookingHours.hour,
  start: Date,
) =>
  sql<number>`floor(extract(epoch from (${column} - ${start.toISOString()}::timestamptz)) / ${DAY_S})::int`.mapWith(
    Number,
  );

/** Bookings made and revenue paid per platform day over the last 30 days (today included). */
const perDay = async (db: Executor, scope: Scope, today: string, end: Date) => {
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  const start = startOfDay(firstDay);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => ({
    day: addDays(firstDay, i),
    bookings: 0,
    revenue: 0,
  }));
  if (byHours(scope, start, end)) {
    const d = dayIndex(bookingHours.hour, start);
    const rows = await db
      .select({
        d,
        made: sql<number>`sum(${bookingHours.made})`.mapWith(Number),
        revenue: sql<number>`sum(${bookingHours.revenue})`.mapWith(Number),
      })
      .from(bookingHours)
      .where(and(gte(bookingHours.hour, start), lt(bookingHours.hour, end)))
      .groupBy(sql`1`);
    for (const r of rows) if (days[r.d]) Object.assign(days[r.d]!, { bookings: r.made, revenue: r.revenue });
    return { days, start };
  }
  const made = dayIndex(bookings.createdAt, start);
  const paid = dayIndex(bookings.paidAt, start);
  const [counts, sums] = await Promise.all([
    db
      .select({ d: made, n })
      .from(bookings)
      .where(and(bookingScope(scope), gte(bookings.createdAt, start), lt(bookings.createdAt, end)))
      .groupBy(sql`1`),
    db
      .select({ d: paid, n: sumTotal })
      .from(bookings)
      .where(paidIn(scope, start, end))
      .groupBy(sql`1`),
  ]);
  for (const c of counts) if (days[c.d]) days[c.d]!.bookings = c.n;
  for (const s of sums) if (days[s.d]) days[s.d]!.revenue = s.n;
  return { days, start };
};

const latestBookings = async (db: Executor, scope: Scope) => {
  const rows = await db
    .select({ b: bookings, eventTitle: events.title })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(bookingScope(scope))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(LATEST);
  return rows.map(({ b, eventTitle }) => ({
    id: b.id,
    code: b.code,
    customerName: b.customerName,
    eventTitle,
    tickets: b.tickets,
    total: b.total,
    status: b.status as BookingStatus,
    paymentStatus: b.paymentStatus as PaymentStatus,
    createdAt: b.createdAt.toISOString(),
  }));
};

const waitingEvents = async (db: Executor, scope: Scope) => {
  const where = and(eq(events.status, 'pending'), scope === null ? undefined : eq(events.providerId, scope));
  const [[count], items] = await Promise.all([
    db.select({ n }).from(events).where(where),
    db
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(where)
      .orderBy(asc(events.updatedAt), asc(events.id))
      .limit(WAITING_ITEMS),
  ]);
  return {
    count: count!.n,
    items: items.map((e) => ({ ...e, link: `/event/details/${e.id}` })),
    link: '/event?status=pending',
  };
};

const waitingAds = async (db: Executor, scope: Scope, today: string) => {
  const where = and(
    eq(advertisements.status, 'pending'),
    gte(advertisements.endsOn, today),
    scope === null ? undefined : eq(advertisements.providerId, scope),
  );
  const [[count], items] = await Promise.all([
    db.select({ n }).from(advertisements).where(where),
    db
      .select({ id: advertisements.id, title: advertisements.title })
      .from(advertisements)
      .where(where)
      .orderBy(asc(advertisements.updatedAt), asc(advertisements.id))
      .limit(WAITING_ITEMS),
  ]);
  return {
    count: count!.n,
    items: items.map((a) => ({ ...a, link: `/advertisement/details/${a.id}` })),
    link: '/advertisement?status=pending',
  };
};

const waitingProviders = async (db: Executor, scope: Scope) => {
  const link = `/serviceprovider?status=${USER_STATUS.pending}`;
  if (scope !== null) return { count: 0, items: [], link };
  const where = and(eq(users.role, 'serviceprovider'), eq(users.status, USER_STATUS.pending));
  const [[count], items] = await Promise.all([
    db.select({ n }).from(users).where(where),
    db
      .select({ id: users.id, title: serviceProviders.businessName })
      .from(users)
      .innerJoin(serviceProviders, eq(serviceProviders.userId, users.id))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(WAITING_ITEMS),
  ]);
  return {
    count: count!.n,
    items: items.map((p) => ({ ...p, link: `/serviceprovider-details/${p.id}` })),
    link,
  };
};

/** The number cards of the admin / manager dashboard. */
const adminStatsOf = async (db: Executor, scope: Scope, now: Date) => {
  const p = periods(now);
  const [providers, evs, ads, today, week, month, rev] = await Promise.all([
    waitingProviders(db, scope),
    waitingEvents(db, scope),
    waitingAds(db, scope, p.today),
    countBookings(db, scope, p.dayStart, p.dayEnd),
    countBookings(db, scope, p.weekStart, p.weekEnd),
    countBookings(db, scope, p.monthStart, p.monthEnd),
    revenue(db, scope, p.monthStart, p.monthEnd),
  ]);
  return {
    asOf: now.toISOString(),
    today: p.today,
    waiting: { providers, events: evs, advertisements: ads },
    bookingsToday: today,
    bookingsThisWeek: week,
    bookingsThisMonth: month,
    revenueThisMonth: rev,
    currency: CURRENCY,
  };
};

export const registerDashboardRoutes = (app: App) => {
  route(
    app,
    dashboardApi.adminDashboardStats,
    async ({ deps, requireAuth }) => {
      const scope = providerScopeOf(requireAuth(), 'dashboard', true);
      return { message: smsg('loaded'), data: await adminStatsOf(deps.db, scope, deps.config.now()) };
    },
    { cache: true },
  );

  route(
    app,
    dashboardApi.dashboard,
    async ({ deps, requireAuth }) => {
      const scope = providerScopeOf(requireAuth(), 'dashboard', true);
      const { db, config } = deps;
      const now = config.now();
      const p = periods(now);
      const [stats, chart, latest] = await Promise.all([
        adminStatsOf(db, scope, now),
        perDay(db, scope, p.today, p.dayEnd),
        latestBookings(db, scope),
      ]);
      const byCategory = await db
        .select({
          categoryId: categories.id,
          name: categories.name,
          revenue: sumTotal,
          bookings: n,
        })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .innerJoin(categories, eq(categories.id, events.categoryId))
        .where(paidIn(scope, chart.start, p.dayEnd))
        .groupBy(categories.id, categories.name)
        .orderBy(desc(sumTotal), asc(categories.id));
      return {
        message: smsg('loaded'),
        data: { ...stats, bookingsPerDay: chart.days, revenueByCategory: byCategory, latestBookings: latest },
      };
    },
    { cache: true },
  );

  route(
    app,
    dashboardApi.serviceProviderDashboard,
    async ({ deps, requireAuth }) => {
      const scope = requireAuth().user.id;
      const { db, config } = deps;
      const now = config.now();
      const p = periods(now);
      const [upcoming, today, week, month, rev, evs, ads, chart, latest] = await Promise.all([
        db
          .select({
            id: events.id,
            title: events.title,
            startsAt: events.startsAt,
            timeZone: locations.timeZone,
            status: events.status,
            capacity: events.capacity,
            soldTickets: soldTicketsOf(),
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
        countBookings(db, scope, p.dayStart, p.dayEnd),
        countBookings(db, scope, p.weekStart, p.weekEnd),
        countBookings(db, scope, p.monthStart, p.monthEnd),
        revenue(db, scope, p.monthStart, p.monthEnd),
        waitingEvents(db, scope),
        waitingAds(db, scope, p.today),
        perDay(db, scope, p.today, p.dayEnd),
        latestBookings(db, scope),
      ]);
      return {
        message: smsg('loaded'),
        data: {
          asOf: now.toISOString(),
          today: p.today,
          upcomingEvents: upcoming.map((e) => ({
            ...e,
            startsAt: e.startsAt.toISOString(),
            status: e.status as EventStatus,
          })),
          bookingsToday: today,
          bookingsThisWeek: week,
          bookingsThisMonth: month,
          revenueThisMonth: rev,
          currency: CURRENCY,
          waiting: { events: evs, advertisements: ads },
          bookingsPerDay: chart.days,
          latestBookings: latest,
        },
      };
    },
    { cache: true },
  );
};
