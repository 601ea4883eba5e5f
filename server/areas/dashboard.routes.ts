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
import { resolvePeriod, type PeriodAsked } from '../../src/contract/periods';
import {
  adminStatParts,
  adminStatsOf,
  latestBookings,
  revenueByCategory,
  spanOf,
  upcomingEvents,
} from './dashboard.figures';
import { periodFiguresOf, periodParts } from './dashboard.period';
import { fixedFigureParts, fixedFiguresOf } from './dashboard.fixed';
import { waitingAds, waitingEvents } from './dashboard.waiting';
import { eventDashboardOf } from './dashboard.event';
import { loadEvent } from './event';
import { notFound } from '../core/errors';

/** A provider's own dashboard: its coming events, figures, waiting items, chart and latest bookings. */
const providerDashboardOf = async (db: Executor, scope: number, now: Date, asked: PeriodAsked) => {
  const p = periods(now);
  const period = resolvePeriod(asked, p.today);
  const evs = waitingEvents(db, scope);
  const ads = waitingAds(db, scope, p.today);
  const read = await readTogether(db, {
    ...periodParts(db, scope, period),
    upcoming: upcomingEvents(db, scope, now),
    ...fixedFigureParts(db, scope, p),
    eventsCount: evs.count,
    events: evs.items,
    adsCount: ads.count,
    ads: ads.items,
    latest: latestBookings(db, scope),
  });
  return {
    asOf: now.toISOString(),
    today: p.today,
    upcomingEvents: read.upcoming,
    ...fixedFiguresOf(read),
    currency: CURRENCY,
    waiting: {
      events: { count: read.eventsCount, items: read.events, link: '/event?status=pending' },
      advertisements: { count: read.adsCount, items: read.ads, link: '/advertisement?status=pending' },
    },
    ...periodFiguresOf(read, period),
    latestBookings: read.latest,
  };
};

export const registerDashboardRoutes = (app: App) => {
  route(app, dashboardApi.adminDashboardStats, async ({ deps, requireAuth }) => {
    const scope = providerScopeOf(requireAuth(), 'dashboard', true);
    const now = deps.config.now();
    const p = periods(now);
    const read = await readTogether(deps.db, {
      ...adminStatParts(deps.db, scope, p),
      ...fixedFigureParts(deps.db, scope, p),
    });
    return {
      message: smsg('loaded'),
      data: { ...adminStatsOf(read, now, p.today), ...fixedFiguresOf(read) },
    };
  });

  route(app, dashboardApi.dashboard, async ({ deps, query, requireAuth }) => {
    const scope = providerScopeOf(requireAuth(), 'dashboard', true);
    const { db, config } = deps;
    const now = config.now();
    const p = periods(now);
    const period = resolvePeriod(query, p.today);
    const read = await readTogether(db, {
      ...adminStatParts(db, scope, p),
      ...fixedFigureParts(db, scope, p),
      ...periodParts(db, scope, period),
      latest: latestBookings(db, scope),
      byCategory: revenueByCategory(db, scope, spanOf(period.from, period.to)),
    });
    return {
      message: smsg('loaded'),
      data: {
        ...adminStatsOf(read, now, p.today),
        ...fixedFiguresOf(read),
        ...periodFiguresOf(read, period),
        revenueByCategory: read.byCategory,
        latestBookings: read.latest,
      },
    };
  });

  route(app, dashboardApi.serviceProviderDashboard, async ({ deps, query, requireAuth }) => {
    const { db, config } = deps;
    return {
      message: smsg('loaded'),
      data: await providerDashboardOf(db, requireAuth().user.id, config.now(), query),
    };
  });

  // The event's dashboard: whoever may open the event's details (a provider its own: another's is 404).
  route(app, dashboardApi.eventDashboard, async ({ deps, params, requireAuth }) => {
    const event = await loadEvent(deps.db, params.id, providerScopeOf(requireAuth(), 'event', true));
    if (!event) throw notFound();
    return { message: smsg('loaded'), data: await eventDashboardOf(deps.db, event, deps.config.now()) };
  });
};
