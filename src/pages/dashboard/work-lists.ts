/**
 * What the dashboard's work widgets read (docs/decisions/0083-a-dashboard-that-leads-to-work.md): the
 * events and bookings lists, with their filters, through the lists' own endpoints. Each widget's
 * filter is written once: the query asks for it and the link opens the list filtered by it (a list's
 * address is its query, src/resources/search.ts). The keys are the lists' (src/resources/list-query.ts),
 * so a write to a booking or an event, and the live stream, refresh the widgets as they refresh the lists.
 */
import type { bookingResource, eventResource, RecordOf } from '@/contract';
import type { RouteRef } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { listQueryOptions } from '@/resources/list-query';

type ListFilter = Record<string, string>;

/** How many rows a widget reads: the lists' smallest page (PAGE_SIZES). */
const WIDGET_PAGE = 10;

/** The events that start on `day` (a platform day), on their venues' clocks (docs/decisions/0031-venue-days-and-viewer-moments.md). */
export const eventsOn = (day: string): ListFilter => ({ from: day, to: day, sort: 'startsAt', order: 'asc' });
/** The events from `day` on, the soonest first. */
export const eventsFrom = (day: string): ListFilter => ({ from: day, sort: 'startsAt', order: 'asc' });
/** The bookings waiting to be confirmed, the oldest first. */
export const TO_CONFIRM: ListFilter = { status: 'pending', sort: 'createdAt', order: 'asc' };

/** The list's address, filtered: the same values the widget asked the server for. */
export const listLink = (path: string, filter: ListFilter) => `${path}?${new URLSearchParams(filter)}`;

// The resources' routes are generated untyped (src/contract/routes.gen.ts); the rows are typed by their resources.
const resourceRoutes: Readonly<Record<string, RouteRef>> = routes;
/** A list as the lists' queries know it: its resource's key and list route (`<key>List`), not the whole resource. */
const listOf = (key: string) => ({ key, endpoints: { list: resourceRoutes[`${key}List`]! } });
const events = listOf('event');
const bookings = listOf('booking');

const widgetQuery = (filter: ListFilter) => ({ ...filter, pageSize: WIDGET_PAGE });

export const todaysEventsQuery = (day: string) => ({
  ...listQueryOptions<EventRow>(events, widgetQuery(eventsOn(day))),
  staleTime: 30_000,
});

export const toConfirmQuery = () => ({
  ...listQueryOptions<BookingRow>(bookings, widgetQuery(TO_CONFIRM)),
  staleTime: 30_000,
});

/** An event as the events list answers it. */
type EventRow = RecordOf<typeof eventResource>;
/** A booking as the bookings list answers it. */
export type BookingRow = RecordOf<typeof bookingResource>;
