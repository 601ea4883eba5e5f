/**
 * The demo holds a coming event sold out with people waiting, whatever the hour it is seeded at: its
 * pending bookings ask for more seats than are left, so confirming them all is partly refused (the
 * bulk and undo screens show that case on demo data).
 */
import { and, count, eq, gt, lte, sum } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import { openPglite } from '../db/client';
import { seedDemoData } from './demo-data';
import { bookings, events, eventSupervisors, users } from '../db/schema';
import { DEMO } from './demo-accounts';
import { seedDemo } from './seed';
import { createDbStorage } from '../files/storage';

/** The demo seeded at `at`, once per time for the whole file (seeding takes seconds). */
const seeded = new Map<string, ReturnType<typeof seedAt>>();
const seedAt = async (now: Date) => {
  const database = await openPglite();
  await database.migrate();
  await seedDemo(database.db, now);
  await seedDemoData(database.db, createDbStorage(database.db, { quotaBytes: 1e9, now: () => now }), now);
  return database;
};
const demoAt = async (at: string) => {
  if (!seeded.has(at)) seeded.set(at, seedAt(new Date(at)));
  return (await seeded.get(at)!).db;
};
afterAll(async () => {
  for (const database of seeded.values()) await (await database).close();
});

/** The coming events of the demo seeded at `at`, with the seats their bookings hold and wait for. */
const comingAt = async (at: string) => {
  const now = new Date(at);
  const db = await demoAt(at);
  const coming = await db
    .select({ id: events.id, capacity: events.capacity })
    .from(events)
    .where(and(eq(events.status, 'approved'), gt(events.startsAt, now)));
  const seats = await db
    .select({
      eventId: bookings.eventId,
      status: bookings.status,
      tickets: sum(bookings.tickets).mapWith(Number),
    })
    .from(bookings)
    .groupBy(bookings.eventId, bookings.status);
  const of = (id: number, statuses: readonly string[]) =>
    seats.filter((s) => s.eventId === id && statuses.includes(s.status)).reduce((n, s) => n + s.tickets, 0);
  return coming.map((e) => ({ ...e, held: of(e.id, SEAT_HOLDING), waiting: of(e.id, ['pending']) }));
};

describe('the demo events', () => {
  // Hours on either side of the coming events' start times (13:00 to 17:00 UTC).
  it.each(['2026-11-26T00:07:00Z', '2026-11-26T18:30:00Z'])(
    'seeded at %s, hold a coming event whose pending bookings do not all fit',
    { timeout: 60_000 },
    async (at) => {
      const coming = await comingAt(at);
      expect(coming.length).toBeGreaterThan(5);
      const overbooked = coming.filter((e) => e.held <= e.capacity && e.held + e.waiting > e.capacity);
      expect(overbooked.length, JSON.stringify(coming)).toBeGreaterThan(0);
    },
  );
});

describe('the demo door (docs/decisions/0055-the-door.md)', () => {
  it(
    'holds an event of the demo provider under way, with confirmed bookings, whose door the demo door account stands at',
    { timeout: 60_000 },
    async () => {
      const at = '2026-11-26T18:30:00Z';
      const now = new Date(at);
      const db = await demoAt(at);
      const [door] = await db.select().from(users).where(eq(users.email, DEMO.door.email));
      const under = await db
        .select({ id: events.id })
        .from(events)
        .innerJoin(eventSupervisors, eq(eventSupervisors.eventId, events.id))
        .where(
          and(
            eq(eventSupervisors.userId, door!.id),
            eq(events.providerId, door!.providerId!),
            eq(events.status, 'approved'),
            lte(events.startsAt, now),
            gt(events.endsAt, now),
          ),
        );
      expect(under).toHaveLength(1);
      const held = await db
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.eventId, under[0]!.id), eq(bookings.status, 'confirmed')));
      expect(held[0]!.n).toBeGreaterThan(0);
    },
  );
});
