/**
 * Dashboards: each reads its figures (server/areas/dashboard.figures.ts) in one statement.
 */
import { dashboardApi } from '../../src/contract/areas/dashboard';
import { CURRENCY } from '../../src/contract/areas/values';
import type { Executor } from '../db/client';
import { readTogether } from '../db/together';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { providerScopeOf } from '../resources/impl';
import { periods } from '../core/time';
import {
  adminStatParts,
  adminStatsOf,
  chartDays,
  countBookings,
  latestBookings,
  perDay,
  revenue,
  revenueByCategory,
  upcomingEvents,
} from './dashboard.figures';
import { waitingAds, waitingEvents } from './dashboard.waiting';

/** A provider's own dashboard: its coming events, figures, waiting items, chart and latest bookings. */
const providerDashboardOf = async (db: Executor, scope: number, now: Date) => {
  const p = periods(now);
  const evs = waitingEvents(db, scope);
  const ads = waitingAds(db, scope, p.today);
  const chart = perDay(db, scope, p.today, p.dayEnd);
  const read = await readTogether(db, {
    upcoming: upcomingEvents(db, scope, now),
    today: countBookings(db, scope, p.dayStart, p.dayEnd),
    week: countBookings(db, scope, p.weekStart, p.weekEnd),
    month: countBookings(db, scope, p.monthStart, p.monthEnd),
    revenue: revenue(db, scope, p.monthStart, p.monthEnd),
    eventsCount: evs.count,
    events: evs.items,
    adsCount: ads.count,
    ads: ads.items,
    made: chart.made,
    paid: chart.paid,
    latest: latestBookings(db, scope),
  });
  return {
    asOf: now.toISOString(),
    today: p.today,
    upcomingEvents: read.upcoming,
    bookingsToday: read.today,
    bookingsThisWeek: read.week,
    bookingsThisMonth: read.month,
    revenueThisMonth: read.revenue,
    currency: CURRENCY,
    waiting: {
      events: { count: read.eventsCount, items: read.events, link: '/event?status=pending' },
      advertisements: { count: read.adsCount, items: read.ads, link: '/advertisement?status=pending' },
    },
    bookingsPerDay: chartDays(p.today, read.made, read.paid),
    latestBookings: read.latest,
  };
};

export const registerDashboardRoutes = (app: App) => {
  route(app, dashboardApi.adminDashboardStats, async ({ deps, requireAuth }) => {
    const scope = providerScopeOf(requireAuth(), 'dashboard', true);
    const now = deps.config.now();
    const p = periods(now);
    const read = await readTogether(deps.db, adminStatParts(deps.db, scope, p));
    return { message: smsg('loaded'), data: adminStatsOf(read, now, p.today) };
  });

  route(app, dashboardApi.dashboard, async ({ deps, requireAuth }) => {
    const scope = providerScopeOf(requireAuth(), 'dashboard', true);
    const { db, config } = deps;
    const now = config.now();
    const p = periods(now);
    const chart = perDay(db, scope, p.today, p.dayEnd);
    const read = await readTogether(db, {
      ...adminStatParts(db, scope, p),
      made: chart.made,
      paid: chart.paid,
      latest: latestBookings(db, scope),
      byCategory: revenueByCategory(db, scope, p),
    });
    return {
      message: smsg('loaded'),
      data: {
        ...adminStatsOf(read, now, p.today),
        bookingsPerDay: chartDays(p.today, read.made, read.paid),
        revenueByCategory: read.byCategory,
        latestBookings: read.latest,
      },
    };
  });

  route(app, dashboardApi.serviceProviderDashboard, async ({ deps, requireAuth }) => {
    const { db, config } = deps;
    return {
      message: smsg('loaded'),
      data: await providerDashboardOf(db, requireAuth().user.id, config.now()),
    };
  });
};
