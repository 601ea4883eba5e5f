/**
 * The sums the bookings' statement triggers keep (`booking_hours`, migration 0004; `category_days`,
 * migration 0020), each as kept and as counted from the bookings themselves (rows that are not all
 * zero), for tests that check one against the other.
 */
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../server/db/client';
import type { TestServer } from '../setup/server';

const rowsOf = (t: TestServer, query: ReturnType<typeof sql>) => sqlRows(t.db.db, query);

export const bookingHours = (t: TestServer) => ({
  kept: () =>
    rowsOf(
      t,
      sql`select hour, made::int as made, revenue::bigint::text as revenue from booking_hours
        where made <> 0 or revenue <> 0 order by 1`,
    ),
  counted: () =>
    rowsOf(
      t,
      sql`select hour, sum(made)::int as made, sum(revenue)::bigint::text as revenue from (
          select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, 1 as made, 0 as revenue
            from bookings
          union all
          select date_trunc('hour', paid_at at time zone 'UTC') at time zone 'UTC', 0, total from bookings
            where payment_status = 'paid' and paid_at is not null
        ) as d group by 1 having sum(made) <> 0 or sum(revenue) <> 0 order by 1`,
    ),
});

export const categoryDays = (t: TestServer) => ({
  kept: () =>
    rowsOf(
      t,
      sql`select day::text, category_id, revenue::bigint::text as revenue, paid::int as paid
        from category_days where revenue <> 0 or paid <> 0 order by 1, 2`,
    ),
  counted: () =>
    rowsOf(
      t,
      sql`select platform_day(b.paid_at)::text as day, e.category_id, sum(b.total)::bigint::text as revenue,
          count(*)::int as paid
        from bookings b join events e on e.id = b.event_id
        where b.payment_status = 'paid' and b.paid_at is not null group by 1, 2 order by 1, 2`,
    ),
});
