/** Bookings, the figures kept exact from them by triggers, and their history. */
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  date,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { time, stamps } from './columns';
import { users } from './accounts';
import { serviceProviders } from './providers';
import { events } from './events';

/**
 * Bookings: the list is the hot path, so its indexes follow its filters and sorts (created_at with
 * id as tie-breaker, alone and after status, payment status, event and provider); `provider_id`
 * is the event's provider, copied so that a provider's list is one index range. `search_text` is
 * the searched texts (code and customer) lower-cased, kept by the database, under a trigram index:
 * the search matches it with LIKE, not ILIKE over an expression that would be lowered row by row
 * (docs/decisions/0020-every-list-on-an-index.md).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.userId, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    tickets: integer('tickets').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** When the payment became paid (revenue figures); null unless paid. */
    paidAt: time('paid_at'),
    status: text('status').notNull().default('pending'),
    notes: text('notes'),
    /** The language the guest is written to in (docs/decisions/0067-the-mail-queue.md). */
    language: text('language').notNull().default('en'),
    /** A door sale: how it was paid (`cash` or `card`, recorded; no gateway); null otherwise. */
    doorPayment: text('door_payment'),
    /** The seat lease a door sale was made within (server/door/leases.ts). */
    leaseId: integer('lease_id').references(() => seatLeases.id, { onDelete: 'restrict' }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${bookings.code} || ' ' || ${bookings.customerName} || ' ' || ${bookings.customerEmail} || ' ' || ${bookings.customerPhone})`,
      ),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('bookings_code_key').on(t.code),
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_status_created_idx').on(t.status, t.createdAt, t.id),
    index('bookings_payment_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('bookings_event_created_idx').on(t.eventId, t.createdAt, t.id),
    // Seats taken per event (the events list's every row) read `tickets` from the index alone.
    index('bookings_event_status_idx').on(t.eventId, t.status, t.tickets),
    index('bookings_provider_created_idx').on(t.providerId, t.createdAt, t.id),
    // Every other sort of the list, with the id tie-breaker (docs/decisions/0020-every-list-on-an-index.md).
    index('bookings_code_id_idx').on(t.code, t.id),
    index('bookings_customer_name_idx').on(sql`lower(${t.customerName})`, t.id),
    index('bookings_tickets_idx').on(t.tickets, t.id),
    index('bookings_total_idx').on(t.total, t.id),
    index('bookings_status_total_idx').on(t.status, t.total, t.id),
    index('bookings_status_id_idx').on(t.status, t.id),
    index('bookings_payment_id_idx').on(t.paymentStatus, t.id),
    index('bookings_updated_idx').on(t.updatedAt, t.id),
    // The same sorts within one provider (its own list, or staff filtering by it): walking the
    // sort's index and skipping other providers' rows read ~20 rows per row shown (18–20 ms for
    // page 50 of a provider with 5 % of the bookings, docs/decisions/0020-every-list-on-an-index.md).
    index('bookings_provider_code_idx').on(t.providerId, t.code, t.id),
    index('bookings_provider_customer_name_idx').on(t.providerId, sql`lower(${t.customerName})`, t.id),
    index('bookings_provider_tickets_idx').on(t.providerId, t.tickets, t.id),
    index('bookings_provider_total_idx').on(t.providerId, t.total, t.id),
    index('bookings_provider_status_idx').on(t.providerId, t.status, t.id),
    index('bookings_provider_payment_idx').on(t.providerId, t.paymentStatus, t.id),
    index('bookings_provider_updated_idx').on(t.providerId, t.updatedAt, t.id),
    // Revenue sums read `total` (and revenue by category `event_id`) from these indexes alone
    // (index-only scans).
    index('bookings_paid_total_idx')
      .on(t.paidAt, t.total, t.eventId)
      .where(sql`${t.paymentStatus} = 'paid'`),
    index('bookings_provider_paid_total_idx')
      .on(t.providerId, t.paidAt, t.total, t.eventId)
      .where(sql`${t.paymentStatus} = 'paid'`),
    index('bookings_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many bookings each provider has per status and payment status, kept exact by statement
 * triggers on `bookings` (migration 0004): the list's total for its usual filters (status, payment
 * status, provider) is a sum over a few of these rows instead of a count over the table.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    providerId: integer('provider_id').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.status, t.paymentStatus] })],
);

/**
 * Bookings made and revenue paid per UTC hour, kept exact by the same triggers: the platform-wide
 * dashboard figures of a day, week or month sum a few hundred of these rows, however many bookings
 * there are (a platform day of a whole-hour time zone is a range of UTC hours).
 */
export const bookingHours = pgTable('booking_hours', {
  hour: time('hour').primaryKey(),
  made: bigint('made', { mode: 'number' }).notNull(),
  revenue: bigint('revenue', { mode: 'number' }).notNull(),
});

/**
 * Revenue and paid bookings per platform day (PLATFORM_TIME_ZONE) and category, kept exact by
 * triggers on bookings and on an event's category: the admin dashboard's revenue by category sums
 * the 30 days' rows (a few hundred, however many bookings there are) instead of the period's paid
 * bookings (docs/decisions/0020-every-list-on-an-index.md). No foreign key: a category can only go
 * once no event names it, and its rows, all zero by then, drop out of the join.
 */
export const categoryDays = pgTable(
  'category_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId] })],
);

/** Status and payment changes of a booking: who, when, from, to. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** `status` or `payment`. */
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    note: text('note'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: time('at').notNull(),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId, t.at)],
);

/**
 * Seats a device took to sell at the door while it may lose its connection: leased seats count as
 * taken until they are sold (a booking names its lease), given back, or the event ends.
 */
export const seatLeases = pgTable(
  'seat_leases',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    seats: integer('seats').notNull(),
    createdAt: time('created_at').notNull(),
    /** The event's end: a lease never outlives its event. */
    expiresAt: time('expires_at').notNull(),
    /** When the unsold rest was given back (null while it holds them). */
    returnedAt: time('returned_at'),
  },
  (t) => [index('seat_leases_event_idx').on(t.eventId, t.expiresAt)],
);
