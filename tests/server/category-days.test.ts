/**
 * Revenue by category, kept per platform day and category by triggers (`category_days`,
 * migration 0020): it stays what the paid bookings say through payments, refunds and deletes, and
 * through an event's change of category made while its bookings are being paid and refunded, all at
 * once (on PostgreSQL, in parallel transactions). The dashboard's figures equal a count from the
 * bookings themselves.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { sqlRows } from '../../server/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../server/core/time';
import { eventResource } from '../../src/contract/areas/event';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { bodyOf } from '../support/bodies';
import { categoryDays } from '../support/booking-sums';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;

const call = apiOf(() => t);
const ok = async (method: string, path: string, body?: unknown, status = 200) => {
  const res = await call(method, path, admin, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return res.body.data as Rec;
};
const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(t.db.db, query);

/** What the triggers kept, and the same counted from the bookings (rows that are not all zero). */
const kept = () => categoryDays(t).kept();
const counted = () => categoryDays(t).counted();

/** An approved event that takes bookings, and two categories to move it between. */
let event: Rec;
let categories: number[];

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  const [open] = await rows<{ id: number }>(
    sql`select id from events where status = 'approved' and ends_at > ${t.clock.now()} order by id limit 1`,
  );
  event = await ok('GET', `/api/event/${open!.id}`);
  categories = (
    await rows<{ id: number }>(
      sql`select id from categories where id <> ${event.categoryId} order by id limit 2`,
    )
  ).map((c) => c.id);
  expect(categories).toHaveLength(2);
});
afterAll(() => t?.close());

const newBooking = async (i: number) =>
  ok(
    'POST',
    '/api/booking',
    {
      eventId: event.id,
      customerName: `Category Day ${i}`,
      customerEmail: `category.day.${i}@test.example.com`,
      customerPhone: '+966500000009',
      tickets: 1 + (i % 3),
    },
    201,
  );

/** Moves the event to each category in turn, one edit after another (each with its version). */
const moveEvent = async (to: number[]) => {
  for (const categoryId of to) {
    const e = await ok('GET', `/api/event/${event.id}`);
    await ok('PUT', `/api/event/${event.id}`, { ...bodyOf(eventResource.updateBody.shape, e), categoryId });
  }
};

describe('revenue by category (category_days)', () => {
  it('is kept from the seeded bookings', async () => {
    expect((await counted()).length).toBeGreaterThan(0);
    expect(await kept()).toEqual(await counted());
  });

  it('stays exact while payments, refunds and the event’s change of category run at once', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => newBooking(i)));
    await Promise.all([
      ...made.map((b) =>
        ok('POST', '/api/booking/update-status', { id: b.id, status: 'confirmed', paymentStatus: 'paid' }),
      ),
      moveEvent([categories[0]!, categories[1]!]),
    ]);
    expect(await kept()).toEqual(await counted());

    await Promise.all([
      ...made.slice(0, 6).map((b) =>
        ok('POST', '/api/booking/update-status', {
          id: b.id,
          status: 'cancelled',
          paymentStatus: 'refunded',
        }),
      ),
      moveEvent([categories[0]!, event.categoryId as number]),
    ]);
    expect(await kept()).toEqual(await counted());

    // a paid booking deleted (as an import or a clean-up would): its revenue goes with it
    await t.db.db.execute(sql`delete from booking_history where booking_id = ${made[11]!.id}`);
    await t.db.db.execute(sql`delete from bookings where id = ${made[11]!.id}`);
    expect(await kept()).toEqual(await counted());
  });

  // Two transactions held open on purpose, so each order of the two writes happens for certain.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a payment and its event’s change of category, in two open transactions, count once where the event ends',
    async () => {
      const connect = async () => {
        const c = new pg.Client({ connectionString: t.db.url! });
        await c.connect();
        return c;
      };
      /** Whether the connection of backend `pid` comes to wait for a lock. */
      const waitsForLock = async (pid: number) => {
        for (let i = 0; i < 100; i++) {
          const [row] = await rows<{ wait_event_type: string | null }>(
            sql`select wait_event_type from pg_stat_activity where pid = ${pid}`,
          );
          if (row?.wait_event_type === 'Lock') return true;
          await new Promise((r) => setTimeout(r, 20));
        }
        return false;
      };
      const pay = (c: pg.Client, id: number) =>
        c.query(`update bookings set payment_status = 'paid', paid_at = now() where id = $1`, [id]);
      const moveTo = (c: pg.Client, categoryId: number) =>
        c.query('update events set category_id = $1 where id = $2', [categoryId, event.id]);

      for (const first of ['payment', 'move'] as const) {
        const booking = await newBooking(first === 'payment' ? 100 : 101);
        const [a, b] = [await connect(), await connect()];
        try {
          const pidOfB = (await b.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
          await a.query('begin');
          await b.query('begin');
          const to = first === 'payment' ? categories[0]! : categories[1]!;
          // the first write runs its trigger and stays open; the second waits for it to commit
          if (first === 'payment') await pay(a, booking.id);
          else await moveTo(a, to);
          const second = (first === 'payment' ? moveTo(b, to) : pay(b, booking.id)).then(() =>
            b.query('commit'),
          );
          second.catch(() => undefined); // awaited below; a failure before that ends the connection
          expect.soft(await waitsForLock(pidOfB), `${first} first: the second write waits`).toBe(true);
          await a.query('commit');
          await second;
        } finally {
          await Promise.all([a.end(), b.end()]);
        }
        expect(await kept(), `${first} first`).toEqual(await counted());
      }
    },
  );

  it('the dashboard shows the last 30 days of it, the highest first', async () => {
    const today = dayOf(t.clock.now());
    const expected = await rows<{ id: number; revenue: string; paid: number }>(
      sql`select e.category_id as id, sum(b.total)::bigint::text as revenue, count(*)::int as paid
        from bookings b join events e on e.id = b.event_id
        where b.payment_status = 'paid' and b.paid_at is not null
          and platform_day(b.paid_at) between ${addDays(today, -29)}::date and ${today}::date
        group by 1 order by sum(b.total) desc, 1`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const d = await ok('GET', '/api/dashboard/');
    expect(
      (d.revenueByCategory as { categoryId: number; revenue: number; bookings: number }[]).map((c) => ({
        id: c.categoryId,
        revenue: String(c.revenue),
        paid: c.bookings,
      })),
    ).toEqual(expected);
  });
});
