/** A user's own display preferences (docs/decisions/0082-dense-width-aware-tables.md). */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { LIST_DENSITIES } from '../../../src/contract/densities';
import { time } from './columns';
import { users } from './accounts';

/**
 * One row per user who ever chose a preference, so that it follows them to another device: the
 * lists' row density (src/contract/preferences.ts names the values; no row reads as the default).
 * Kept beside `users`, not in it: choosing a density is no change of the account (no audit entry,
 * no version, no live change).
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    listDensity: text('list_density').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [
    check(
      'user_preferences_list_density_check',
      sql`${t.listDensity} in (${sql.raw(LIST_DENSITIES.map((density) => `'${density}'`).join(', '))})`,
    ),
  ],
);
