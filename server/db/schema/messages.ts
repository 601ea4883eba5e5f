/**
 * Messages staff write to an event's guests, the event's reminder and the guests' own links
 * (docs/decisions/0071-messages-reminders-and-unsubscribe.md). Their mails go through the one mail
 * queue (`mails`, docs/decisions/0067-the-mail-queue.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { time, type Loc } from './columns';
import { users } from './accounts';
import { bookings } from './bookings';
import { events } from './events';

/** Who a message goes to: booking statuses, payment states, and admitted at the door or not. */
export interface MessageAudience {
  statuses: string[];
  payments: string[];
  admitted: 'any' | 'admitted' | 'not_admitted';
}

/**
 * One message written by staff: its audience, subject and sanitised rich text in both languages
 * (placeholders kept, filled per guest when each mail is sent), and its due time. `state`:
 * `scheduled` until a process claims it at `send_at` (`FOR UPDATE SKIP LOCKED`) and queues one mail
 * per recipient in the claim's transaction, then `queued`; `recipients` is how many it queued.
 */
export const guestMessages = pgTable(
  'guest_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    audience: jsonb('audience').$type<MessageAudience>().notNull(),
    subject: jsonb('subject').$type<Loc>().notNull(),
    body: jsonb('body').$type<Loc>().notNull(),
    sendAt: time('send_at').notNull(),
    state: text('state').notNull().default('scheduled'),
    recipients: integer('recipients').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: jsonb('created_by_name').$type<Loc>().notNull(),
    createdAt: time('created_at').notNull(),
    queuedAt: time('queued_at'),
  },
  (t) => [
    index('guest_messages_due_idx')
      .on(t.sendAt, t.id)
      .where(sql`${t.state} = 'scheduled'`),
    index('guest_messages_event_idx').on(t.eventId, t.id),
  ],
);

/** An event's automatic reminder, `hours` before its start (one per booking, ever). */
export const eventReminders = pgTable('event_reminders', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  hours: integer('hours').notNull(),
  updatedAt: time('updated_at').notNull(),
});

/**
 * A guest's link token, minted by the server (random, unguessable) for one booking and one address:
 * it opens the guest's ticket and unsubscribes that address of that booking from messages and
 * reminders (`unsubscribed_at`). A new address of the booking gets a new token and is written to again.
 */
export const guestLinks = pgTable(
  'guest_links',
  {
    token: text('token').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    unsubscribedAt: time('unsubscribed_at'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [uniqueIndex('guest_links_booking_address_key').on(t.bookingId, t.address)],
);
