/** The configuration masters: categories, countries, cities and venues (locations). */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { type Loc, stamps } from './columns';
import { users } from './accounts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Loc>().notNull(),
    /** `uploads/category-icons/<key>` or null. */
    icon: text('icon'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Who added it: a service provider may edit or delete only the masters it added and no one else
     * uses (docs/security.md, "Authorization"); null: added by staff or by the seed (admins only).
     */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  // The events list sorted by the category's name walks these and sorts only the first
  // category's rows (docs/decisions/0020-every-list-on-an-index.md).
  (t) => [
    index('categories_name_en_idx').on(sql`lower(${t.name}->>'en')`, t.id),
    index('categories_name_ar_idx').on(sql`lower(${t.name}->>'ar')`, t.id),
  ],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Loc>().notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    isoCode: text('iso_code').notNull(),
    dialCode: text('dial_code').notNull(),
    active: boolean('active').notNull().default(true),
    /** Who added it (see `categories.createdBy`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [uniqueIndex('countries_iso_code_key').on(t.isoCode)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Loc>().notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    /** Who added it (see `categories.createdBy`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  // As categories' names: lists sorted by the city's name.
  (t) => [
    index('cities_country_idx').on(t.countryId),
    index('cities_name_en_idx').on(sql`lower(${t.name}->>'en')`, t.id),
    index('cities_name_ar_idx').on(sql`lower(${t.name}->>'ar')`, t.id),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Loc>().notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    address: text('address'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /**
     * The venue's IANA time zone: its events' times are entered and shown on this clock
     * (docs/decisions/0026-venue-time-zones-and-date-pickers.md).
     */
    timeZone: text('time_zone').notNull().default('Asia/Riyadh'),
    active: boolean('active').notNull().default(true),
    /** Who added it (see `categories.createdBy`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [index('locations_city_idx').on(t.cityId)],
);
