/**
 * One event's dashboard (docs/decisions/0068-dashboards-over-a-period.md): its sales per platform
 * day, its bookings by payment state and the guests admitted at its door, read in one statement from
 * its own bookings (indexed by event) and admissions (indexed by event and time). Days are platform
 * days as `category_days` counts them (`platform_day`, migration 0020); admissions are grouped by
 * the hour they happened on the device, as an instant the screen writes on the venue's clock.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../src/contract/areas/booking';
import { CURRENCY } from '../../src/contract/areas/values';
import { addDays, daysOf, MAX_PERIOD_DAYS } from '../../src/contract/periods';
import type { Executor } from '../db/client';
import { admissions, bookings } from '../db/schema';
import { figure, instant, readTogether, rowsOf, valueOrNull } from '../db/together';
import { dayOf } from '../core/time';
import type { EventRecord } from './event';

/** The most hours of admissions the chart draws: the latest two days. */
const ADMISSION_HOURS = 48;
const n = sql<number>`count(*)`.mapWith(Number);

const perDayOf = (db: Executor, eventId: number) => {
  const made = sql<string>`platform_day(${bookings.createdAt})::text`;
  const paidDay = sql<string>`platform_day(${bookings.paidAt})::text`;
  const day = (row: Record<string, unknown>) => ({
    day: row.d as string,
    n: Number(row.n),
    t: Number(row.t ?? 0),
  });
  return {
    made: rowsOf(
      db
        .select({ d: made.as('d'), n: n.as('n'), t: sql`sum(${bookings.tickets})`.as('t') })
        .from(bookings)
        .where(eq(bookings.eventId, eventId))
        .groupBy(sql`1`),
      undefined,
      day,
    ),
    paid: rowsOf(
      db
        .select({ d: paidDay.as('d'), n: sql`sum(${bookings.total})`.as('n') })
        .from(bookings)
        .where(and(eq(bookings.eventId, eventId), eq(bookings.paymentStatus, 'paid')))
        .groupBy(sql`1`),
      undefined,
      day,
    ),
  };
};

/** Every day from the first sale to the last (at most MAX_PERIOD_DAYS, the latest), zeros between. */
const salesDays = (made: { day: string; n: number; t: number }[], paid: { day: string; n: number }[]) => {
  const known = [...made, ...paid].map((d) => d.day).sort();
  if (known.length === 0) return [];
  const last = known[known.length - 1]!;
  const first = daysOf(known[0]!, last) > MAX_PERIOD_DAYS ? addDays(last, 1 - MAX_PERIOD_DAYS) : known[0]!;
  const days = Array.from({ length: daysOf(first, last) }, (_, i) => ({
    day: addDays(first, i),
    bookings: 0,
    tickets: 0,
    revenue: 0,
  }));
  const at = (day: string) => days[daysOf(first, day) - 1];
  for (const m of made) {
    const d = at(m.day);
    if (d) Object.assign(d, { bookings: m.n, tickets: m.t });
  }
  for (const p of paid) {
    const d = at(p.day);
    if (d) d.revenue = p.n;
  }
  return days;
};

export const eventDashboardOf = async (db: Executor, event: EventRecord, now: Date) => {
  const counting = and(eq(admissions.eventId, event.id), isNull(admissions.lostTo));
  const hour = sql`to_timestamp(floor(extract(epoch from ${admissions.deviceAt}) / 3600) * 3600)`;
  const sales = perDayOf(db, event.id);
  const read = await readTogether(db, {
    made: sales.made,
    paid: sales.paid,
    byPayment: rowsOf(
      db
        .select({
          payment_status: bookings.paymentStatus,
          bookings: n.as('bookings'),
          tickets: sql`sum(${bookings.tickets})`.as('tickets'),
          total: sql`sum(${bookings.total})`.as('total'),
        })
        .from(bookings)
        .where(eq(bookings.eventId, event.id))
        .groupBy(bookings.paymentStatus),
      sql`r.payment_status`,
      (r) => ({
        paymentStatus: r.payment_status as PaymentStatus,
        bookings: Number(r.bookings),
        tickets: Number(r.tickets),
        total: Number(r.total),
      }),
    ),
    admitted: figure(
      db
        .select({ n: sql`coalesce(sum(${admissions.count}), 0)` })
        .from(admissions)
        .where(counting),
    ),
    lastAt: valueOrNull(
      db
        .select({ at: sql`max(${admissions.deviceAt})` })
        .from(admissions)
        .where(counting),
      instant,
    ),
    perHour: rowsOf(
      db
        .select({ h: sql`${hour}`.as('h'), guests: sql`sum(${admissions.count})`.as('guests') })
        .from(admissions)
        .where(counting)
        .groupBy(sql`1`)
        .orderBy(sql`1 desc`)
        .limit(ADMISSION_HOURS),
      sql`r.h`,
      (r) => ({ hour: instant(r.h), guests: Number(r.guests) }),
    ),
  });
  const today = dayOf(now, event.timeZone);
  const startsAt = new Date(event.startsAt);
  const endsAt = new Date(event.endsAt);
  return {
    asOf: now.toISOString(),
    today: dayOf(now),
    eventId: event.id,
    capacity: event.capacity,
    seatsTaken: event.soldTickets,
    salesPerDay: salesDays(read.made, read.paid),
    byPayment: read.byPayment,
    admissions: { admitted: read.admitted, lastAt: read.lastAt, perHour: read.perHour },
    onTheDay:
      (dayOf(startsAt, event.timeZone) <= today && today <= dayOf(endsAt, event.timeZone)) ||
      (startsAt <= now && now < endsAt),
    currency: CURRENCY,
  };
};
