/** The door: admissions of guests (docs/decisions/0055-the-door.md); the seat leases of door sales are with the bookings. */
import { bigint, bigserial, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './accounts';
import { events } from './events';
import { bookings } from './bookings';

/**
 * Every admission at the door, as the device sent it: the event's door log. Which ones count is
 * decided by device time (`device_at`, then id): in that order an admission counts while the
 * booking's tickets hold it; one that does not fit names in `lost_to` the first admission that
 * counts, and says "already admitted" (server/door/admit.ts). Never deleted with the booking's
 * life: a booking with admissions is not deleted (restrict).
 */
export const admissions = pgTable(
  'admissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The booking's provider (copied, as on bookings): who hears of it on the live stream. */
    providerId: integer('provider_id').notNull(),
    count: integer('count').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    /** When the device admitted (its clock, bounded by the server's: never later than it). */
    deviceAt: time('device_at').notNull(),
    /** When the server recorded it. */
    at: time('at').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lostTo: bigint('lost_to', { mode: 'number' }).references((): AnyPgColumn => admissions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('admissions_booking_idx').on(t.bookingId, t.deviceAt, t.id),
    index('admissions_event_at_idx').on(t.eventId, t.at, t.id),
  ],
);
