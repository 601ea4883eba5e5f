/**
 * The demo's bookings (server/seed/demo-events.ts): thousands over past and coming months with
 * realistic statuses, payments and histories, within each event's capacity. Deterministic (seeded
 * random numbers, drawn in a fixed order: a change of order changes every booking after it).
 *
 * `seedBookings(db, n, now)` adds n more bookings to the existing events (the large seed of
 * `npm run db:seed -- --bookings 100000`).
 */
import { count, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING, type BookingStatus, type PaymentStatus } from '../../src/contract/areas/booking';
import type { EventStatus } from '../../src/contract/areas/event';
import type { Db, Executor } from '../db/client';
import { bookingHistory, bookings, events, users } from '../db/schema';
import { DAY, HOUR, rng } from './demo-basics';
import { CUSTOMER_FIRST, CUSTOMER_LAST, NOTES } from './demo-texts';

export interface EventSeed {
  id: number;
  providerId: number;
  price: number;
  capacity: number;
  status: EventStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

type BookingInsert = typeof bookings.$inferInsert;
type HistoryInsert = typeof bookingHistory.$inferInsert;
type Step = Omit<HistoryInsert, 'bookingId'>;
type Random = ReturnType<typeof rng>;

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const codeFrom = (r: Random) =>
  `BK-${Array.from({ length: 6 }, () => r.pick(CODE_ALPHABET.split(''))).join('')}`;

/** A booking's status: by its event's, whether its tickets fit, and how close the event is. */
const statusOf = (r: Random, e: EventSeed, fits: boolean, now: Date): BookingStatus => {
  const ended = e.endsAt.getTime() < now.getTime();
  if (e.status === 'cancelled') return 'cancelled';
  if (!fits) return ended || r.chance(0.3) ? 'cancelled' : 'pending';
  if (ended) return r.chance(0.08) ? 'cancelled' : r.chance(0.85) ? 'completed' : 'checked_in';
  if (e.startsAt.getTime() - now.getTime() < 2 * DAY && r.chance(0.3))
    return r.chance(0.5) ? 'checked_in' : 'confirmed';
  return r.chance(0.12) ? 'cancelled' : r.chance(0.25) ? 'pending' : 'confirmed';
};

/** Whether a booking of `status` was confirmed once, and its payment's state. */
const paymentOf = (r: Random, status: BookingStatus) => {
  const wasConfirmed = status !== 'pending' && !(status === 'cancelled' && r.chance(0.5));
  let payment: PaymentStatus;
  if (status === 'pending') payment = r.chance(0.15) ? 'failed' : 'pending';
  else if (status === 'cancelled') payment = wasConfirmed ? 'refunded' : r.chance(0.5) ? 'failed' : 'pending';
  else payment = 'paid';
  return { wasConfirmed, payment };
};

interface Booked {
  e: EventSeed;
  created: Date;
  status: BookingStatus;
  payment: PaymentStatus;
  wasConfirmed: boolean;
  by: number | null;
}

/** The steps after a booking's payment: confirmed, checked in, completed or cancelled (and refunded). */
const laterSteps = (r: Random, b: Booked, now: Date, step: (k: number) => Date, history: Step[]) => {
  const { e, status, payment, by } = b;
  const base = { note: null, byUserId: by };
  if (b.wasConfirmed)
    history.push({ ...base, field: 'status', fromValue: 'pending', toValue: 'confirmed', at: step(2) });
  if (status === 'checked_in' || status === 'completed')
    history.push({
      ...base,
      field: 'status',
      fromValue: 'confirmed',
      toValue: 'checked_in',
      at: new Date(Math.min(now.getTime() - 60_000, e.startsAt.getTime() + 15 * 60_000)),
    });
  if (status === 'completed')
    history.push({ ...base, field: 'status', fromValue: 'checked_in', toValue: 'completed', at: e.endsAt });
  if (status === 'cancelled') {
    const at = step(3);
    history.push({
      field: 'status',
      fromValue: b.wasConfirmed ? 'confirmed' : 'pending',
      toValue: 'cancelled',
      note:
        e.status === 'cancelled'
          ? 'Event cancelled by the organiser.'
          : r.chance(0.5)
            ? 'Customer asked to cancel.'
            : null,
      byUserId: by,
      at,
    });
    if (payment === 'refunded')
      history.push({ ...base, field: 'payment', fromValue: 'paid', toValue: 'refunded', at });
  }
};

/** A booking's history from its creation, and when it was paid. */
const historyOf = (r: Random, b: Booked, now: Date) => {
  const { created, payment } = b;
  const step = (k: number) =>
    new Date(Math.min(now.getTime() - 60_000, created.getTime() + k * (2 + r.int(0, 20)) * HOUR));
  const history: Step[] = [
    { field: 'status', fromValue: null, toValue: 'pending', note: null, byUserId: null, at: created },
  ];
  const paid = { field: 'payment', fromValue: 'pending', note: null, byUserId: null };
  let paidAt: Date | null = null;
  if (payment === 'paid' || payment === 'refunded') {
    paidAt = step(1);
    history.push({ ...paid, toValue: 'paid', at: paidAt });
  } else if (payment === 'failed') history.push({ ...paid, toValue: 'failed', at: step(1) });
  laterSteps(r, b, now, step, history);
  return { history, paidAt };
};

/** The `i`th booking: its row and its history (null when its event took no booking before `now`). */
const planBooking = (
  r: Random,
  i: number,
  evs: EventSeed[],
  now: Date,
  staffIds: number[],
  taken: Map<number, number>,
) => {
  const e = r.pick(evs);
  const open = e.createdAt.getTime() + DAY;
  const close = Math.min(e.startsAt.getTime(), now.getTime() - HOUR);
  if (close <= open) return null;
  // more bookings close to the event
  const created = new Date(close - Math.pow(r.next(), 2.2) * (close - open));
  const tickets = r.chance(0.7) ? r.int(1, 2) : r.int(3, 6);
  const seats = taken.get(e.id) ?? 0;
  const status = statusOf(r, e, seats + tickets <= e.capacity, now);
  if ((SEAT_HOLDING as readonly string[]).includes(status)) taken.set(e.id, seats + tickets);
  const { wasConfirmed, payment } = paymentOf(r, status);
  const by = staffIds.length ? r.pick(staffIds) : null;
  const { history, paidAt } = historyOf(r, { e, created, status, payment, wasConfirmed, by }, now);
  const first = r.pick(CUSTOMER_FIRST);
  const last = r.pick(CUSTOMER_LAST);
  const arabicName = r.chance(0.4);
  const code = codeFrom(r);
  const row: BookingInsert = {
    code,
    eventId: e.id,
    providerId: e.providerId,
    customerName: arabicName ? `${first[1]} ${last[1]}` : `${first[0]} ${last[0]}`,
    customerEmail: `${first[0].toLowerCase()}.${last[0].toLowerCase().replace(/[^a-z]/g, '')}${i % 997}@mail.example`,
    customerPhone: `+9665${String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8)}`,
    tickets,
    unitPrice: e.price,
    total: e.price * tickets,
    paymentStatus: payment,
    paidAt: payment === 'paid' ? paidAt : null,
    status,
    notes: r.chance(0.1) ? r.pick(NOTES) : null,
    version: history.length - 1,
    createdAt: created,
    updatedAt: history[history.length - 1]!.at!,
  };
  return { row, plan: { code, history } };
};

/** Inserts a batch of bookings and their histories (a booking whose code is taken is skipped); how many went in. */
const insertBatch = (db: Executor, rows: BookingInsert[], plans: { code: string; history: Step[] }[]) =>
  // One transaction per batch, whose seeded rows are not on the audit trail (docs/decisions/0017-audit-trail.md).
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ebo.audit', 'off', true)`);
    const ids = await tx
      .insert(bookings)
      .values(rows)
      .onConflictDoNothing({ target: bookings.code })
      .returning({ id: bookings.id, code: bookings.code });
    const idOf = new Map(ids.map((x) => [x.code, x.id]));
    const history = plans.flatMap((p) => {
      const id = idOf.get(p.code);
      return id === undefined ? [] : p.history.map((h) => ({ ...h, bookingId: id }));
    });
    for (let k = 0; k < history.length; k += 3000)
      await tx.insert(bookingHistory).values(history.slice(k, k + 3000));
    return ids.length;
  });

/**
 * Makes `n` bookings for `evs` (approved, completed or cancelled events) made before `now`, within
 * capacity (`taken`: seats already held per event), with their histories; inserts them in
 * batches. Returns how many were inserted.
 */
export const makeBookings = async (
  db: Executor,
  evs: EventSeed[],
  n: number,
  now: Date,
  staffIds: number[],
  seed: number,
  taken: Map<number, number>,
) => {
  if (!evs.length || n <= 0) return 0;
  const r = rng(seed);
  const batchSize = 1000;
  let inserted = 0;
  for (let done = 0; done < n; done += batchSize) {
    const rows: BookingInsert[] = [];
    const plans: { code: string; history: Step[] }[] = [];
    for (let i = done; i < Math.min(n, done + batchSize); i++) {
      const planned = planBooking(r, i, evs, now, staffIds, taken);
      if (!planned) continue;
      rows.push(planned.row);
      plans.push(planned.plan);
    }
    if (!rows.length) continue;
    inserted += await insertBatch(db, rows, plans);
  }
  return inserted;
};

const bookableEvents = async (db: Executor) =>
  (await db
    .select({
      id: events.id,
      providerId: events.providerId,
      price: events.price,
      capacity: events.capacity,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(inArray(events.status, ['approved', 'completed', 'cancelled']))) as EventSeed[];

export const staffIdsOf = async (db: Executor) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ['admin', 'manager']))
  ).map((u) => u.id);

/** Adds `n` bookings to the existing events (the large seed). */
export const seedBookings = async (db: Db, n: number, now: Date = new Date()) => {
  const evs = await bookableEvents(db);
  const held = await db
    .select({ eventId: bookings.eventId, n: sql<number>`sum(${bookings.tickets})`.mapWith(Number) })
    .from(bookings)
    .where(inArray(bookings.status, [...SEAT_HOLDING]))
    .groupBy(bookings.eventId);
  const taken = new Map(held.map((h) => [h.eventId, h.n]));
  const [{ total }] = (await db.select({ total: count() }).from(bookings)) as [{ total: number }];
  return makeBookings(db, evs, n, now, await staffIdsOf(db), 1_000 + Number(total), taken);
};
