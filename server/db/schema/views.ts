/** The lists' saved views. */
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stamps } from './columns';
import { users } from './accounts';

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
