/**
 * The sums the bookings' statement triggers keep by hour (`booking_hours`, migration 0004) and by
 * day and category (`category_days`, migration 0020) through updates that leave them as they were,
 * which skip them (migration 0035), and updates of many rows of which only some move them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../server/db/client';
import { createTestServer, type TestServer } from '../setup/server';
import { bookingHours, categoryDays } from '../support/booking-sums';

let t: TestServer;
const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(t.db.db, query);
const run = (query: ReturnType<typeof sql>) => t.db.db.execute(query);

const hours = { kept: () => bookingHours(t).kept(), counted: () => bookingHours(t).counted() };
const days = { kept: () => categoryDays(t).kept(), counted: () => categoryDays(t).counted() };
const bothExact = async (label: string) => {
  expect(await hours.kept(), `${label}: booking_hours`).toEqual(await hours.counted());
  expect(await days.kept(), `${label}: category_days`).toEqual(await days.counted());
};

/** Six paid bookings of one event, and another event of another category. */
let paid: number[];
let otherEvent: number;

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  paid = (
    await rows<{ id: number }>(sql`select b.id from bookings b
      where b.payment_status = 'paid' and b.paid_at is not null and b.event_id = (
        select event_id from bookings where payment_status = 'paid' and paid_at is not null
        group by 1 having count(*) >= 6 order by 1 limit 1)
      order by b.id limit 6`)
  ).map((r) => r.id);
  expect(paid).toHaveLength(6);
  const [other] = await rows<{ id: number }>(sql`select e.id from events e
    where e.category_id <> (select category_id from events where id = (select event_id from bookings where id = ${paid[0]}))
    order by e.id limit 1`);
  otherEvent = other!.id;
});
afterAll(() => t?.close());

describe('the booking sums through updates', () => {
  it('stay as they were through updates that do not move them (a check-in, a name)', async () => {
    await bothExact('seeded');
    const before = { hours: await hours.kept(), days: await days.kept() };
    await run(sql`update bookings set status = 'checked_in', version = version + 1, updated_at = now()
      where id in (${sql.join(paid.slice(0, 3), sql`, `)})`);
    await run(sql`update bookings set customer_name = customer_name || ' (guest)' where id = ${paid[3]}`);
    expect(await hours.kept()).toEqual(before.hours);
    expect(await days.kept()).toEqual(before.days);
    await bothExact('after a check-in and a name');
  });

  it('follow every row of an update of which only one row moves each sum', async () => {
    const [a, b, c, d, e, f] = paid as [number, number, number, number, number, number];
    // One row's total among six (both sums), the rest only their status.
    await run(sql`update bookings set total = case when id = ${a} then total + 1000 else total end,
      status = 'confirmed' where id in (${sql.join(paid, sql`, `)})`);
    await bothExact('one total');
    // One row paid a day earlier (both sums), one moved to another event (the days only), one
    // created an hour earlier (the hours only), one refunded (both), the rest as they were.
    await run(sql`update bookings set
        paid_at = case when id = ${b} then paid_at - interval '1 day' else paid_at end,
        event_id = case when id = ${c} then ${otherEvent} else event_id end,
        created_at = case when id = ${d} then created_at - interval '1 hour' else created_at end,
        payment_status = case when id = ${e} then 'refunded' else payment_status end
      where id in (${sql.join([b, c, d, e, f], sql`, `)})`);
    await bothExact('one change of each kind');
  });
});
