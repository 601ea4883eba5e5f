/** Staff digests (docs/decisions/0072-staff-digests.md). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './accounts';

/**
 * One row per staff member who ever opted in to the morning digest, shared by every server process:
 * `due_at` is when the next digest is due (DIGEST_HOUR on the member's clock, `time_zone`); a
 * process's scheduler claims due rows (`FOR UPDATE SKIP LOCKED`) and, in the same transaction, queues
 * the mail and moves `due_at` to the next morning. `last_day` is the local day of the last digest
 * queued: a claim never queues a second one for the same day (switching off and on again included).
 */
export const staffDigests = pgTable(
  'staff_digests',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    timeZone: text('time_zone').notNull(),
    dueAt: time('due_at').notNull(),
    lastDay: text('last_day'),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [
    // What is due: the claim walks this partial index in order.
    index('staff_digests_due_idx')
      .on(t.dueAt, t.userId)
      .where(sql`${t.enabled}`),
  ],
);
