/**
 * The dashboards' fixed figures (bookings today, this week and this month, revenue this month), each
 * beside the days of the same length just before (docs/decisions/0083-a-dashboard-that-leads-to-work.md,
 * the rule of a period's comparison in 0068): today beside yesterday, this week so far (Sunday to
 * today) beside as many days before it, this month so far beside as many days before it. Parts of the
 * dashboard's one statement, read from the aggregates as the other figures are.
 */
import { resolvePeriod } from '../../src/contract/periods';
import type { Executor } from '../db/client';
import type { periods } from '../core/time';
import { countBookings, revenue, spanOf, type Scope } from './dashboard.figures';

/** The days of the same length just before `from` … `to`, as instants. */
const before = (from: string, to: string) => {
  const { previous } = resolvePeriod({ from, to }, to);
  return spanOf(previous.from, previous.to);
};

/** Parts named apart from a period's (`revenueBefore`…, ./dashboard.period.ts): they are read together. */
export const fixedFigureParts = (db: Executor, scope: Scope, p: ReturnType<typeof periods>) => {
  const day = before(p.today, p.today);
  const week = before(p.weekFirstDay, p.today);
  const month = before(p.monthFirstDay, p.today);
  return {
    today: countBookings(db, scope, p.dayStart, p.dayEnd),
    week: countBookings(db, scope, p.weekStart, p.weekEnd),
    month: countBookings(db, scope, p.monthStart, p.monthEnd),
    revenue: revenue(db, scope, p.monthStart, p.monthEnd),
    priorToday: countBookings(db, scope, day.start, day.end),
    priorWeek: countBookings(db, scope, week.start, week.end),
    priorMonth: countBookings(db, scope, month.start, month.end),
    priorRevenue: revenue(db, scope, month.start, month.end),
  };
};

type Read = Record<'today' | 'week' | 'month' | 'revenue', number> &
  Record<'priorToday' | 'priorWeek' | 'priorMonth' | 'priorRevenue', number>;

/** The fixed figures of an answer, and the same figures of the days before them (`previous`). */
export const fixedFiguresOf = (r: Read) => ({
  bookingsToday: r.today,
  bookingsThisWeek: r.week,
  bookingsThisMonth: r.month,
  revenueThisMonth: r.revenue,
  previous: {
    bookingsToday: r.priorToday,
    bookingsThisWeek: r.priorWeek,
    bookingsThisMonth: r.priorMonth,
    revenueThisMonth: r.priorRevenue,
  },
});
