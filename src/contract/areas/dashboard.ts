import { z } from 'zod';
import { SEARCH_MAX, localizedText } from '../resource';
import { endpoint, needs, ok, signedIn } from '../http';
import { msg } from '../messages';
import { SEARCH_MIN } from '../plain';
import { bookingStatus, paymentStatus } from './booking';
import { eventStatus } from './event';

/**
 * Dashboards (permission `dashboard`) and the header search.
 *
 * Figures use the platform's time zone (PLATFORM_TIME_ZONE, weeks from Sunday): "bookings today /
 * this week / this month" count bookings made in that period (any status); revenue is the total
 * of paid bookings by the day they were paid; the charts cover the last 30 days including today.
 * A supervisor (a manager of a provider) sees its provider's figures; admins and platform managers
 * see the whole platform.
 */
const tag = 'Dashboards';

const waitingItem = z.object({ id: z.number().int(), title: localizedText, link: z.string() });
const waiting = z.object({
  count: z.number().int(),
  /** The oldest few, each with the app path to open it. */
  items: z.array(waitingItem),
  /** The app path of the filtered list. */
  link: z.string(),
});
const perDay = z.array(z.object({ day: z.string(), bookings: z.number().int(), revenue: z.number().int() }));
const latest = z.array(
  z.object({
    id: z.number().int(),
    code: z.string(),
    customerName: z.string(),
    eventTitle: localizedText,
    tickets: z.number().int(),
    total: z.number().int(),
    status: bookingStatus,
    paymentStatus,
    createdAt: z.string(),
  }),
);

const adminStats = z.object({
  /** The instant the figures were computed for (ISO) and the platform day (YYYY-MM-DD). */
  asOf: z.string(),
  today: z.string(),
  waiting: z.object({ providers: waiting, events: waiting, advertisements: waiting }),
  bookingsToday: z.number().int(),
  bookingsThisWeek: z.number().int(),
  bookingsThisMonth: z.number().int(),
  /** Halalas. */
  revenueThisMonth: z.number().int(),
  currency: z.literal('SAR'),
});

export const adminDashboard = adminStats.extend({
  bookingsPerDay: perDay,
  revenueByCategory: z.array(
    z.object({
      categoryId: z.number().int(),
      name: localizedText,
      revenue: z.number().int(),
      bookings: z.number().int(),
    }),
  ),
  latestBookings: latest,
});

export const providerDashboard = z.object({
  asOf: z.string(),
  today: z.string(),
  upcomingEvents: z.array(
    z.object({
      id: z.number().int(),
      title: localizedText,
      startsAt: z.string(),
      /** The venue's IANA time zone. */
      timeZone: z.string(),
      status: eventStatus,
      capacity: z.number().int(),
      soldTickets: z.number().int(),
    }),
  ),
  bookingsToday: z.number().int(),
  bookingsThisWeek: z.number().int(),
  bookingsThisMonth: z.number().int(),
  revenueThisMonth: z.number().int(),
  currency: z.literal('SAR'),
  /** Its events and advertisements waiting for an admin's approval. */
  waiting: z.object({ events: waiting, advertisements: waiting }),
  bookingsPerDay: perDay,
  latestBookings: latest,
});

const staff = needs('dashboard', { roles: ['admin', 'manager'] });

export const dashboardApi = {
  adminDashboardStats: endpoint({
    method: 'GET',
    path: '/api/admin-dashboard-stats',
    summary:
      'Admins and managers: the number cards only (waiting for approval with links, bookings today / this week / this month, revenue this month). Cheap enough to poll.',
    tag,
    access: staff,
    response: ok(adminStats),
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/dashboard/',
    summary:
      'Admins and managers: the whole dashboard — the number cards, bookings and revenue per day over 30 days, revenue by category over 30 days and the latest bookings.',
    tag,
    access: staff,
    response: ok(adminDashboard),
  }),
  serviceProviderDashboard: endpoint({
    method: 'GET',
    path: '/api/serviceproviderDashboard',
    summary:
      'Service providers: its upcoming events with seats sold, its bookings and revenue, its items waiting for approval, bookings per day over 30 days and its latest bookings.',
    tag,
    access: needs('dashboard', { roles: ['serviceprovider'] }),
    response: ok(providerDashboard),
  }),
} as const;

/* ------------------------------------------------------------- header search */

const SEARCH_PER_KIND = 5;

const searchResults = z.object({
  /** Kinds the caller may not see are absent. */
  bookings: z
    .array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        customerName: z.string(),
        eventTitle: localizedText,
        status: bookingStatus,
      }),
    )
    .optional(),
  events: z
    .array(
      z.object({ id: z.number().int(), title: localizedText, startsAt: z.string(), status: eventStatus }),
    )
    .optional(),
  providers: z
    .array(
      z.object({ id: z.number().int(), businessName: localizedText, email: z.string(), status: z.string() }),
    )
    .optional(),
  users: z
    .array(z.object({ id: z.number().int(), name: localizedText, email: z.string(), role: z.string() }))
    .optional(),
});
export type SearchResults = z.infer<typeof searchResults>;

export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    summary: `Header search (?q=, ${SEARCH_MIN}–${SEARCH_MAX} characters; limit 1–10, default ${SEARCH_PER_KIND} per kind): bookings by code or customer, events by title, service providers by name or e-mail, users by name or e-mail — only the kinds the caller's permissions allow and only the records it may see (a provider: its own events and their bookings).`,
    tag: 'Search',
    access: signedIn,
    query: z.strictObject({
      q: z
        .string()
        .trim()
        .min(SEARCH_MIN, msg('searchTooShort', { n: SEARCH_MIN }))
        .max(SEARCH_MAX, msg('maxChars', { n: SEARCH_MAX })),
      limit: z.coerce.number().int().min(1).max(10).default(SEARCH_PER_KIND),
    }),
    response: ok(searchResults),
  }),
} as const;
