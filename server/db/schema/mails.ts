/** The mail queue (docs/decisions/0067-the-mail-queue.md). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { bookings } from './bookings';
import { events } from './events';
import { guestMessages } from './messages';

/**
 * One mail to one recipient, shared by every server process: claimed by one sender at a time
 * (`FOR UPDATE SKIP LOCKED`, then `sending` with a lease in `next_attempt_at`), rendered when sent
 * from its template key, its language and its own parameters, and kept with its outcome (the
 * booking's delivery log reads it).
 * - `kind`: why it is sent (`event_cancelled`, `event_changed`, `message`, `reminder`); `template`: how it is rendered.
 * - `state`: queued → sending → sent, or back to queued with a later `next_attempt_at` (a 4xx
 *   answer, a connection failure, a timeout), or failed (a 5xx answer, or the last try failed);
 *   `response` keeps the SMTP server's last answer.
 */
export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    template: text('template').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** The staff message it carries (docs/decisions/0071-messages-reminders-and-unsubscribe.md). */
    messageId: integer('message_id').references(() => guestMessages.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried next; while `sending`, when its sender's lease runs out. */
    nextAttemptAt: time('next_attempt_at').notNull(),
    response: text('response'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
    sentAt: time('sent_at'),
  },
  (t) => [
    // What is due: the claim walks this partial index in order.
    index('mails_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
    // A booking's delivery log.
    index('mails_booking_idx').on(t.bookingId, t.id),
    index('mails_event_idx').on(t.eventId),
    // A message's recipients and counts.
    index('mails_message_idx').on(t.messageId, t.state),
    // One reminder per booking, ever, whichever process queues it.
    uniqueIndex('mails_reminder_once_key')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'reminder'`),
  ],
);
