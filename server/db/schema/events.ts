/** Events: the events, their supervisors and specialists, and their status history. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, date } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { time, type Loc, stamps } from './columns';
import { users } from './accounts';
import { categories, cities, locations } from './masters';
import { serviceProviders } from './providers';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Loc>().notNull(),
    description: jsonb('description').$type<Loc>().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.userId, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    /**
     * The day the event starts on its venue's clock (`starts_at` in the location's `time_zone`):
     * the events list's date filters (docs/decisions/0031-venue-days-and-viewer-moments.md). Kept
     * by the database (triggers of migration 0016: on an event's write and a venue's zone change),
     * whoever writes; never written by the server.
     */
    startsOn: date('starts_on', { mode: 'string' }),
    /** Minor units (halalas). */
    price: integer('price').notNull(),
    capacity: integer('capacity').notNull(),
    /** Storage paths `uploads/event-images/<key>`. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    coverImage: text('cover_image'),
    featured: boolean('featured').notNull().default(false),
    /** draft, pending, approved, rejected, cancelled, completed (src/contract/areas/event.ts). */
    status: text('status').notNull().default('draft'),
    statusReason: text('status_reason'),
    ...stamps(),
  },
  (t) => [
    // The events list: every sort of its own columns with the id tie-breaker, each filter before
    // the default sort, and the title search (docs/decisions/0020-every-list-on-an-index.md).
    index('events_starts_idx').on(t.startsAt, t.id),
    // The calendar's window: events whose time overlaps it (docs/decisions/0070-the-events-calendar.md).
    index('events_span_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    index('events_provider_starts_idx').on(t.providerId, t.startsAt, t.id),
    index('events_status_starts_idx').on(t.status, t.startsAt, t.id),
    index('events_category_idx').on(t.categoryId, t.startsAt, t.id),
    index('events_city_idx').on(t.cityId, t.startsAt, t.id),
    index('events_featured_starts_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.featured}`),
    index('events_location_idx').on(t.locationId),
    index('events_title_en_idx').on(sql`lower(${t.title}->>'en')`, t.id),
    index('events_title_ar_idx').on(sql`lower(${t.title}->>'ar')`, t.id),
    index('events_price_idx').on(t.price, t.id),
    index('events_capacity_idx').on(t.capacity, t.id),
    index('events_status_id_idx').on(t.status, t.id),
    index('events_created_idx').on(t.createdAt, t.id),
    index('events_updated_idx').on(t.updatedAt, t.id),
    index('events_title_en_trgm_idx').using('gin', sql`(${t.title}->>'en') gin_trgm_ops`),
    index('events_title_ar_trgm_idx').using('gin', sql`(${t.title}->>'ar') gin_trgm_ops`),
  ],
);

export const eventSupervisors = pgTable(
  'event_supervisors',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_supervisors_user_idx').on(t.userId)],
);

export const eventSpecialists = pgTable(
  'event_specialists',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Loc>().notNull(),
    role: jsonb('role').$type<Loc>().notNull(),
    photo: text('photo'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('event_specialists_event_idx').on(t.eventId, t.sortOrder)],
);

/** Who changed an event's status, when, from what, to what and why. */
export const eventHistory = pgTable(
  'event_status_history',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: time('at').notNull(),
  },
  (t) => [index('event_status_history_event_idx').on(t.eventId, t.at)],
);
