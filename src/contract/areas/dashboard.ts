import { z } from 'zod';
import { id } from '../common';
import { SEARCH_MAX, localizedText } from '../resource';
import { endpoint, needs, ok, signedIn } from '../http';
import { msg } from '../messages';
import { SEARCH_MIN } from '../plain';
import { DASHBOARD_PERIODS, MAX_PERIOD_DAYS, daysOf } from '../periods';
import { bookingStatus, paymentStatus } from './booking';
import { eventStatus } from './event';
import { dateOnly } from './values';

/**
 * Dashboards (permission `dashboard`) and the header search.
 *
 * Figures use the platform's time zone (PLATFORM_TIME_ZONE, weeks from Sunday): "bookings today /
 * this week / this month" count bookings made in that period (any status); revenue is the total
 * of paid bookings by the day they were paid. The period's figures and the charts cover the period
 * asked for (`period`, or `from` and `to`; the last 30 days including today unless asked), each figure
 * beside the previous period of the same length (src/contract/periods.ts).
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

/**
 * The period of a dashboard: a named one, or a range of platform days (both or neither, `from` ≤ `to`,
 * at most MAX_PERIOD_DAYS days).
 */
const periodQuery = z
  .strictObject({
    period: z.enum(DASHBOARD_PERIODS).optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .refine((q) => !(q.period && (q.from || q.to)), { path: ['period'], error: msg('periodOrRange') })
  .refine((q) => q.to === undefined || q.from !== undefined, { path: ['from'], error: msg('required') })
  .refine((q) => q.from === undefined || q.to !== undefined, { path: ['to'], error: msg('required') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: msg('endNotBeforeStart') })
  .refine((q) => !q.from || !q.to || q.from > q.to || daysOf(q.from, q.to) <= MAX_PERIOD_DAYS, {
    path: ['from'],
    error: msg('rangeTooLong', { n: MAX_PERIOD_DAYS }),
  });

const compared = z.object({ current: z.number().int(), previous: z.number().int() });
const period = z.object({
  name: z.enum([...DASHBOARD_PERIODS, 'custom']),
  /** Platform days (YYYY-MM-DD), both included. */
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** The days of the same length just before. */
  previous: z.object({ from: z.string(), to: z.string() }),
  /** The platform's clock the days are counted on (PLATFORM_TIME_ZONE). */
  timeZone: z.string(),
});
/** The period's figures beside the previous period's. */
const periodFigures = {
  period,
  figures: z.object({
    /** Bookings made (any status). */
    bookings: compared,
    /** Paid bookings by the day they were paid, and their total (halalas). */
    paidBookings: compared,
    revenue: compared,
  }),
};

/**
 * The fixed figures of the days of the same length just before them: yesterday; as many days before
 * this week as have passed of it; as many days before this month (docs/decisions/0083-a-dashboard-that-leads-to-work.md).
 */
const previousFixed = z.object({
  bookingsToday: z.number().int(),
  bookingsThisWeek: z.number().int(),
  bookingsThisMonth: z.number().int(),
  /** Halalas. */
  revenueThisMonth: z.number().int(),
});

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
  previous: previousFixed,
  currency: z.literal('SAR'),
});

export const adminDashboard = adminStats.extend({
  ...periodFigures,
  /** The period's days. */
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
  previous: previousFixed,
  currency: z.literal('SAR'),
  /** Its events and advertisements waiting for an admin's approval. */
  waiting: z.object({ events: waiting, advertisements: waiting }),
  ...periodFigures,
  bookingsPerDay: perDay,
  latestBookings: latest,
});

/** One event's dashboard (docs/product.md, "The event's dashboard"). */
const eventDashboard = z.object({
  asOf: z.string(),
  /** The platform day the sales are counted on (its clock: PLATFORM_TIME_ZONE). */
  today: z.string(),
  eventId: z.number().int(),
  capacity: z.number().int(),
  /** Seats held by its bookings (as the event's details count them). */
  seatsTaken: z.number().int(),
  /** Per platform day from its first sale to its last: bookings made, their tickets, revenue paid (halalas). */
  salesPerDay: z.array(
    z.object({
      day: z.string(),
      bookings: z.number().int(),
      tickets: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  /** Its bookings by payment state: how many, their tickets and their total (halalas). */
  byPayment: z.array(
    z.object({
      paymentStatus,
      bookings: z.number().int(),
      tickets: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Guests admitted at its door (admissions that count), and per hour (ISO instant of the hour's start). */
  admissions: z.object({
    admitted: z.number().int(),
    lastAt: z.string().nullable(),
    perHour: z.array(z.object({ hour: z.string(), guests: z.number().int() })),
  }),
  /** The event runs today or now: admissions are shown as they happen. */
  onTheDay: z.boolean(),
  currency: z.literal('SAR'),
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
      'Admins and managers: the whole dashboard — the number cards, the period’s bookings, paid bookings and revenue beside the previous period’s, bookings and revenue per day and revenue by category over the period (`period`: today, 7d, 30d, month, lastMonth, year; or `from` and `to`, platform days; default the last 30 days), and the latest bookings.',
    tag,
    access: staff,
    query: periodQuery,
    response: ok(adminDashboard),
  }),
  serviceProviderDashboard: endpoint({
    method: 'GET',
    path: '/api/serviceproviderDashboard',
    summary:
      'Service providers: its upcoming events with seats sold, its bookings and revenue, its items waiting for approval, the period’s figures beside the previous period’s and bookings per day over the period (as /api/dashboard/), and its latest bookings.',
    tag,
    query: periodQuery,
    access: needs('dashboard', { roles: ['serviceprovider'] }),
    response: ok(providerDashboard),
  }),
  eventDashboard: endpoint({
    method: 'GET',
    path: '/api/event/:id/dashboard',
    summary:
      'One event’s dashboard, for whoever may open its details (a provider its own events: another’s is 404): sales per platform day (bookings, tickets, revenue paid), seats taken against capacity, its bookings by payment state, and the guests admitted at its door, per hour.',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    response: ok(eventDashboard),
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
