/**
 * A dashboard's period (docs/decisions/0068-dashboards-over-a-period.md): its bookings, paid bookings
 * and revenue beside the previous period's, and its days, as parts of the dashboard's one statement.
 * Platform-wide they sum the aggregate tables (server/areas/dashboard.figures.ts): 365 days are 8,760
 * hourly rows and a few thousand daily ones whatever the bookings' count; a provider's are indexed
 * range queries over its bookings of the period.
 */
import { and, gte, lt, lte, sql } from 'drizzle-orm';
import { PLATFORM_TIME_ZONE } from '../../src/contract/areas/values';
import { addDays, daysOf, type ResolvedPeriod } from '../../src/contract/periods';
import type { Executor } from '../db/client';
import { figure, rowsOf } from '../db/together';
import { bookingHours, bookings, categoryDays } from '../db/schema';
import {
  bookingScope,
  byHours,
  countBookings,
  dayFigures,
  dayIndex,
  n,
  paidIn,
  revenue,
  spanOf,
  sumTotal,
  type Scope,
  type Span,
} from './dashboard.figures';

/** Bookings made and revenue paid per platform day of the span: two parts. */
const perDay = (db: Executor, scope: Scope, { start, end }: Span) => {
  if (byHours(scope, start, end)) {
    const d = dayIndex(bookingHours.hour, start).as('d');
    const inChart = and(gte(bookingHours.hour, start), lt(bookingHours.hour, end));
    const sumOf = (column: 'made' | 'revenue') =>
      db
        .select({ d, n: sql`sum(${bookingHours[column]})`.as('n') })
        .from(bookingHours)
        .where(inChart)
        .groupBy(sql`1`);
    return {
      made: rowsOf(sumOf('made'), undefined, dayFigures),
      paid: rowsOf(sumOf('revenue'), undefined, dayFigures),
    };
  }
  return {
    made: rowsOf(
      db
        .select({ d: dayIndex(bookings.createdAt, start).as('d'), n: n.as('n') })
        .from(bookings)
        .where(and(bookingScope(scope), gte(bookings.createdAt, start), lt(bookings.createdAt, end)))
        .groupBy(sql`1`),
      undefined,
      dayFigures,
    ),
    paid: rowsOf(
      db
        .select({ d: dayIndex(bookings.paidAt, start).as('d'), n: sumTotal.as('n') })
        .from(bookings)
        .where(paidIn(scope, start, end))
        .groupBy(sql`1`),
      undefined,
      dayFigures,
    ),
  };
};

/** Every day of the span from the two lists of `perDay` (a day without figures: zeros). */
const chartDays = (
  { from, to }: Pick<Span, 'from' | 'to'>,
  made: { d: number; n: number }[],
  paid: { d: number; n: number }[],
) => {
  const days = Array.from({ length: daysOf(from, to) }, (_, i) => ({
    day: addDays(from, i),
    bookings: 0,
    revenue: 0,
  }));
  for (const c of made) if (days[c.d]) days[c.d]!.bookings = c.n;
  for (const s of paid) if (days[s.d]) days[s.d]!.revenue = s.n;
  return days;
};

/**
 * Bookings paid in the span: platform-wide the span's rows of `category_days` (at most one per day and
 * category), a provider's its paid bookings of the span (an indexed range).
 */
const paidBookings = (db: Executor, scope: Scope, span: Span) =>
  scope === null
    ? figure(
        db
          .select({ n: sql<number>`coalesce(sum(${categoryDays.paid}), 0)` })
          .from(categoryDays)
          .where(and(gte(categoryDays.day, span.from), lte(categoryDays.day, span.to))),
      )
    : figure(
        db
          .select({ n })
          .from(bookings)
          .where(paidIn(scope, span.start, span.end)),
      );

/**
 * The parts of a period's figures and of the previous period's, and its chart: read with the
 * dashboard's others, in one statement (docs/decisions/0068-dashboards-over-a-period.md).
 */
export const periodParts = (db: Executor, scope: Scope, p: ResolvedPeriod) => {
  const now = spanOf(p.from, p.to);
  const before = spanOf(p.previous.from, p.previous.to);
  const chart = perDay(db, scope, now);
  return {
    bookingsNow: countBookings(db, scope, now.start, now.end),
    bookingsBefore: countBookings(db, scope, before.start, before.end),
    paidNow: paidBookings(db, scope, now),
    paidBefore: paidBookings(db, scope, before),
    revenueNow: revenue(db, scope, now.start, now.end),
    revenueBefore: revenue(db, scope, before.start, before.end),
    made: chart.made,
    paid: chart.paid,
  };
};

/** The period, its figures beside the previous period's, and its days, from what `periodParts` read. */
export const periodFiguresOf = (
  r: {
    bookingsNow: number;
    bookingsBefore: number;
    paidNow: number;
    paidBefore: number;
    revenueNow: number;
    revenueBefore: number;
    made: { d: number; n: number }[];
    paid: { d: number; n: number }[];
  },
  p: ResolvedPeriod,
) => ({
  period: { ...p, timeZone: PLATFORM_TIME_ZONE },
  figures: {
    bookings: { current: r.bookingsNow, previous: r.bookingsBefore },
    paidBookings: { current: r.paidNow, previous: r.paidBefore },
    revenue: { current: r.revenueNow, previous: r.revenueBefore },
  },
  bookingsPerDay: chartDays(p, r.made, r.paid),
});
