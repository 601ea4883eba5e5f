/** Service providers: a provider user's business profile, its documents and its approvals. */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { time, type Loc, stamps } from './columns';
import { users } from './accounts';
import { categories, cities } from './masters';

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
