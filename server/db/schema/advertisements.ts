/** Advertisements: the platform's and the providers'. */
import { index, integer, jsonb, pgTable, serial, text, date } from 'drizzle-orm/pg-core';
import { type Loc, stamps } from './columns';
import { serviceProviders } from './providers';
import { events } from './events';

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
