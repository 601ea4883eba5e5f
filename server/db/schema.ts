/**
 * The database schema (PostgreSQL semantics; the same migrations run on PGlite and PostgreSQL).
 * Every time column is written from the server's injectable clock (`config.now()`), never from the
 * database's `now()`, so that tests can move time and several processes agree.
 */
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  date,
  uniqueIndex,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Roles (docs/product.md §6). */
export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
});

/** The role → permission table; `position` keeps the order of docs/product.md §6. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role')
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: jsonb('name').$type<{ en: string; ar: string }>().notNull(),
    phone: text('phone'),
    role: text('role')
      .notNull()
      .references(() => roles.name),
    /** "0" pending, "1" active, "2" rejected, "3" blocked (src/contract/roles.ts). */
    status: text('status').notNull().default('0'),
    language: text('language').notNull().default('en'),
    /** Storage key relative to the site root, e.g. `uploads/avatars/abc.webp`. */
    profileImage: text('profile_image'),
    /** A supervisor's service provider (role manager); null for everyone else. */
    providerId: integer('provider_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(0),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_provider_idx').on(t.providerId),
    // The users list: every sort with the id tie-breaker, and its filters before the default sort
    // (docs/decisions/0020-every-list-on-an-index.md).
    index('users_email_id_idx').on(t.email, t.id),
    index('users_name_en_idx').on(sql`lower(${t.name}->>'en')`, t.id),
    index('users_name_ar_idx').on(sql`lower(${t.name}->>'ar')`, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    index('users_status_id_idx').on(t.status, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_updated_idx').on(t.updatedAt, t.id),
    index('users_search_trgm_idx').using(
      'gin',
      sql`((${t.name}->>'en') || ' ' || (${t.name}->>'ar') || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Sign-in sessions: only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at').notNull(),
    /** Absolute expiry (created + 30 days by default). */
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Each user's key for the changes their app keeps on a device until they are sent (the offline
 * outbox, docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): handed only to that user's
 * own sessions, so another user of the device can neither read nor open them. `keyId` names the
 * sealed copy on the device without naming the user. Made at the user's first sign-in after this
 * table came, never changed; no audit trigger (the trail must never hold a key).
 */
export const outboxKeys = pgTable('outbox_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 16 random bytes, base64url. */
  keyId: text('key_id').notNull(),
  /**
   * 32 random bytes (an AES-256-GCM key), base64url. Not named as a secret column
   * (tests/server/security-support.ts): its owner's sessions are given it, no one else's.
   */
  key: text('aes_key').notNull(),
  createdAt: time('created_at').notNull(),
});

/** Failed sign-ins, one row per failure, for the per (e-mail, IP) throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: time('at').notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.email, t.ip, t.at)],
);

/** E-mail one-time codes: only a salted hash of the code is kept. */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: time('verified_at'),
    consumedAt: time('consumed_at'),
    voidedAt: time('voided_at'),
  },
  (t) => [index('email_otps_email_idx').on(t.email, t.createdAt)],
);

/**
 * Idempotency keys of replayable writes (docs/architecture.md §5): the first answer is stored and replayed for
 * the same key; `statusCode` stays null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/* ------------------------------------------------------- configuration masters */

export type Loc = { en: string; ar: string };
const stamps = () => ({
  version: integer('version').notNull().default(0),
  createdAt: time('created_at').notNull(),
  updatedAt: time('updated_at').notNull(),
});

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

/* ------------------------------------------------------------ service providers */

/** The business profile of a user with role serviceprovider (status lives on the user). */
export const serviceProviders = pgTable(
  'service_providers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: jsonb('business_name').$type<Loc>().notNull(),
    description: jsonb('description').$type<Loc>().notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    contactPhone: text('contact_phone'),
    rejectionReason: text('rejection_reason'),
    ...stamps(),
  },
  (t) => [
    // The providers list (docs/decisions/0020-every-list-on-an-index.md).
    index('service_providers_category_idx').on(t.categoryId, t.createdAt, t.userId),
    index('service_providers_city_idx').on(t.cityId, t.createdAt, t.userId),
    index('service_providers_name_en_idx').on(sql`lower(${t.businessName}->>'en')`, t.userId),
    index('service_providers_name_ar_idx').on(sql`lower(${t.businessName}->>'ar')`, t.userId),
    index('service_providers_created_idx').on(t.createdAt, t.userId),
    index('service_providers_updated_idx').on(t.updatedAt, t.userId),
  ],
);

/** Uploaded documents: stored under server-generated keys, served only through the API. */
export const providerDocuments = pgTable(
  'provider_documents',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.userId, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: time('uploaded_at').notNull(),
  },
  (t) => [index('provider_documents_provider_idx').on(t.providerId)],
);

/** Who changed a provider's status, when, from what, to what and why. */
export const providerApprovals = pgTable(
  'provider_approvals',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.userId, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: time('at').notNull(),
  },
  (t) => [index('provider_approvals_provider_idx').on(t.providerId, t.at)],
);

/* ------------------------------------------------------------------- events */

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

/* ----------------------------------------------------------- advertisements */

export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Loc>().notNull(),
    image: text('image').notNull(),
    targetType: text('target_type').notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'restrict' }),
    url: text('url'),
    placement: text('placement').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** pending, approved, rejected (expired is computed from ends_on). */
    status: text('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    /** Null: a platform advertisement. */
    providerId: integer('provider_id').references(() => serviceProviders.userId, { onDelete: 'restrict' }),
    ...stamps(),
  },
  (t) => [
    index('advertisements_created_idx').on(t.createdAt, t.id),
    index('advertisements_provider_idx').on(t.providerId, t.createdAt),
    index('advertisements_status_idx').on(t.status, t.endsOn),
    index('advertisements_event_idx').on(t.eventId),
  ],
);

/* ----------------------------------------------------------------- bookings */

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

/* -------------------------------------------------------------------- pages */

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<Loc>().notNull(),
    /** Sanitised HTML per language. */
    content: jsonb('content').$type<Loc>().notNull(),
    links: jsonb('links').$type<{ name: Loc; url: string }[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    ...stamps(),
  },
  (t) => [uniqueIndex('pages_slug_key').on(t.slug)],
);

/** Written notifications (docs/decisions/0007-notifications-and-push.md): drafts, scheduled ones (the scheduler claims them), sent ones. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Loc>().notNull(),
    body: jsonb('body').$type<Loc>().notNull(),
    audienceType: text('audience_type').notNull(),
    audienceRoles: jsonb('audience_roles').$type<string[]>().notNull().default([]),
    audienceUserIds: jsonb('audience_user_ids').$type<number[]>().notNull().default([]),
    link: text('link'),
    sendAt: time('send_at'),
    /** draft, scheduled, sending (claimed by one process), sent, failed. */
    status: text('status').notNull().default('draft'),
    sentAt: time('sent_at'),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** A provider's notification (to its supervisors); null for staff's. */
    providerId: integer('provider_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_due_idx').on(t.status, t.sendAt),
    index('notifications_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/** In-app entries, one per recipient (written notifications and automatic ones). */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: jsonb('title').$type<Loc>().notNull(),
    body: jsonb('body').$type<Loc>().notNull(),
    link: text('link'),
    createdAt: time('created_at').notNull(),
    readAt: time('read_at'),
  },
  (t) => [
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_notifications_once_key').on(t.userId, t.notificationId),
  ],
);

/** Devices that receive web pushes: one row per push endpoint, tied to the session that made it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Which device already got which written notification's push: taken before the push is sent, so a
 * notification resumed after its sender died reaches each device at most once (notify.ts).
 */
export const notificationPushes = pgTable(
  'notification_pushes',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    at: time('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.subscriptionId] })],
);

/** Kinds of automatic notifications a user muted. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  muted: jsonb('muted').$type<string[]>().notNull().default([]),
});

/** Raw bytes (`bytea`): a Uint8Array on PGlite, a Buffer (a Uint8Array too) on node-postgres. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (ADR 0018): one row per file, whatever store holds its bytes. The owner is the
 * user who uploaded it (quota, docs/security.md); null for demo and imported files. A file no record
 * refers to is removed with the record's change, or by the sweeper after a grace period.
 */
export const files = pgTable(
  'files',
  {
    /** `<folder>/<name>.<ext>`, served as `/uploads/<key>` (documents only through the API). */
    key: text('key').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    /** SHA-256 of the content (base64url): the strong ETag. */
    sha256: text('sha256').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_created_idx').on(t.createdAt)],
);

/** The contents of `files`, in chunks of `files.chunk_size` bytes (the last may be shorter). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/**
 * Saved views of the lists (docs/decisions/0022-saved-views.md): a name and a list's state, per user
 * and list; `shared` (admins only) shows it to everyone who can open the list. One default per user
 * and list, and one name per user and list, both held by unique indexes (race-safe).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(t.userId, t.resource, sql`lower(${t.name})`),
    uniqueIndex('saved_views_default_key')
      .on(t.userId, t.resource)
      .where(sql`${t.isDefault}`),
    index('saved_views_shared_idx')
      .on(t.resource)
      .where(sql`${t.shared}`),
  ],
);

/**
 * The audit trail (docs/decisions/0017-audit-trail.md): one entry per changed row of a business
 * table, written by row triggers in the writing transaction (migration 0011), plus explicit entries
 * for events that change no row (sign-in, sign-out, notification sends). Append-only: a trigger
 * refuses UPDATE and DELETE except the retention purge. No foreign keys: an entry outlives its
 * actor and its record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: time('at').notNull(),
    actorId: integer('actor_id'),
    actorName: jsonb('actor_name').$type<Loc>(),
    actorRole: text('actor_role'),
    /** A supervisor's service provider, for whom it acts. */
    actingFor: integer('acting_for'),
    /** create, update, delete, restore, sign_in, sign_in_failed, sign_out, notification_send. */
    action: text('action').notNull(),
    /** The area key (`event`, `booking`, `user`…) of the record's details screen, or `session`. */
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    /** The table the row is in (a child row names its parent record in resource/recordId). */
    tableName: text('table_name'),
    /** The endpoint that made the change (`PATCH /api/events/:id`). */
    operation: text('operation'),
    /** Changed fields (update), or every recorded field (create, delete). */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The service provider whose record it is (visibility: a provider sees its own). */
    providerId: integer('provider_id'),
    /** The event the record belongs to (visibility: a supervisor sees its events'). */
    eventId: integer('event_id'),
    /** The entry a restore put back. */
    restoreOf: bigint('restore_of', { mode: 'number' }),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When an offline edit was made on the device (its replay's `Device-Time`). */
    deviceAt: time('device_at'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.recordId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_provider_idx').on(t.providerId, t.id),
    index('audit_log_event_idx').on(t.eventId, t.id),
    index('audit_log_at_idx').on(t.at),
    // Undo finds a write's entries by its request id (docs/decisions/0025-undo.md).
    index('audit_log_request_idx').on(t.actorId, t.requestId),
  ],
);

/**
 * The live change log (docs/decisions/0019-live-updates-and-many-processes.md): one row per
 * committed write of a business record, written by deferred row triggers (migration 0012) in
 * commit order, read by every process's live hub (server/live/hub.ts) and kept for 15 minutes so a
 * stream resumed with Last-Event-ID misses nothing.
 */
export const liveChanges = pgTable('live_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The contract's resource key (`booking`, `event`…), or `inbox` for a user's in-app entries. */
  resource: text('resource').notNull(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  /** create, update or delete. */
  action: text('action').notNull(),
  version: integer('version'),
  /** The provider (or, for `inbox`, the user) the record belongs to; null: not owned. */
  ownerId: integer('owner_id'),
  /** Who wrote it (`ebo.actor_id` of the transaction); null: the server itself. */
  actorId: integer('actor_id'),
  /** The writer's clock (`ebo.at` of the transaction), else the database's. */
  at: time('at').notNull(),
  /** The database's clock, for pruning. */
  loggedAt: time('logged_at')
    .notNull()
    .default(sql`now()`),
});

export const schema = {
  roles,
  rolePermissions,
  users,
  sessions,
  loginFailures,
  emailOtps,
  idempotencyKeys,
  categories,
  countries,
  cities,
  locations,
  serviceProviders,
  providerDocuments,
  providerApprovals,
  events,
  eventSupervisors,
  eventSpecialists,
  eventHistory,
  advertisements,
  bookings,
  bookingCounts,
  bookingHours,
  categoryDays,
  bookingHistory,
  pages,
  notifications,
  userNotifications,
  pushSubscriptions,
  notificationPushes,
  savedViews,
  notificationSettings,
  files,
  fileChunks,
  auditLog,
  liveChanges,
};

/* ---------------------------------------------------------------- bulk jobs */

/**
 * A bulk action on many rows (docs/decisions/0021-bulk-actions-and-list-keyboard.md): kept in the
 * database so that any server process can report its progress, and its rows processed in batches
 * claimed with `FOR UPDATE SKIP LOCKED`, so two processes never process one row twice.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** 'running' | 'finished' */
    state: text('state').notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    createdAt: time('created_at').notNull(),
    finishedAt: time('finished_at'),
  },
  (t) => [index('bulk_jobs_user_idx').on(t.userId, t.createdAt), index('bulk_jobs_state_idx').on(t.state)],
);

export const bulkJobRows = pgTable(
  'bulk_job_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** The row's place in the selection (0…). */
    seq: integer('seq').notNull(),
    recordId: integer('record_id').notNull(),
    /** 'pending' | 'done' | 'unchanged' | 'refused' */
    state: text('state').notNull().default('pending'),
    /** The version the change produced (done) or found (unchanged). */
    version: integer('version'),
    /** Why it was refused: an English wire message, localised when answered. */
    message: text('message'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] }), index('bulk_job_rows_pending_idx').on(t.jobId, t.state)],
);
