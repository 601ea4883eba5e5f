/**
 * Door sales within seat leases (docs/decisions/0055-the-door.md, 0056-door-sales-without-an-e-mail.md).
 * Taking a lease, selling and confirming a booking all lock the event's row before they count the
 * seats taken (server/db/seats.ts: bookings that hold seats and the unsold rest of active leases),
 * so however many devices and processes take leases, sell and confirm at once, they are judged one
 * after the other and the event is never oversold.
 */
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { DoorSale, DoorSaleBody, SeatLease } from '../../src/contract/door-sales';
import type { AuthInfo } from '../auth/sessions';
import type { Executor, Tx } from '../db/client';
import { bookingHistory, bookings, events, seatLeases } from '../db/schema';
import { seatsTaken, soldInLeases } from '../db/seats';
import { appendAudit, type AuditContext } from '../audit/trail';
import { conflict, fieldError, forbidden, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { eventToBook, newBookingCode } from './booking-new';
import { doorReach } from './door';

/**
 * The event at whose door the caller sells, its row locked (`FOR UPDATE`, as confirming a booking
 * locks it): 404 outside the caller's reach, 409 unless approved and not ended.
 */
const lockedDoorEvent = async (tx: Tx, auth: AuthInfo, eventId: number, now: Date) => {
  const event = await eventToBook(tx, eventId, { scope: doorReach(auth), now, lock: true });
  if (!event) throw notFound();
  if (!event.bookable) throw conflict(smsg('eventNotBookable'));
  return event;
};
type LockedEvent = Awaited<ReturnType<typeof lockedDoorEvent>>;

/** The event's capacity, in the caller's reach (its row locked for a write), or 404. */
const reachedEvent = async (db: Executor, auth: AuthInfo, eventId: number, lock = false) => {
  const query = db
    .select({ id: events.id, capacity: events.capacity, providerId: events.providerId })
    .from(events)
    .where(and(eq(events.id, eventId), doorReach(auth)));
  const [event] = await (lock ? query.for('update') : query);
  if (!event) throw notFound();
  return event;
};

/** Leases of the event with what was sold within each, as the device sees them at `now`. */
const leasesOf = async (db: Executor, eventId: number, now: Date, where?: SQL): Promise<SeatLease[]> => {
  const sold = soldInLeases(db, eventId);
  const rows = await db
    .select({ lease: seatLeases, sold: sold.sold })
    .from(seatLeases)
    .leftJoin(sold, eq(sold.leaseId, seatLeases.id))
    .where(and(eq(seatLeases.eventId, eventId), where))
    .orderBy(desc(seatLeases.id));
  return rows.map(({ lease, sold }) => {
    // A returned lease holds nothing whatever time a sale claims: its rest is free for others since.
    const active = lease.returnedAt === null && lease.expiresAt.getTime() > now.getTime();
    const soldN = sold ?? 0;
    return {
      id: lease.id,
      eventId: lease.eventId,
      deviceId: lease.deviceId,
      seats: lease.seats,
      sold: soldN,
      remaining: active ? Math.max(0, lease.seats - soldN) : 0,
      expiresAt: lease.expiresAt.toISOString(),
      createdAt: lease.createdAt.toISOString(),
      returnedAt: lease.returnedAt?.toISOString() ?? null,
      active,
    };
  });
};

const leaseOf = async (db: Executor, eventId: number, leaseId: number, now: Date) =>
  (await leasesOf(db, eventId, now, eq(seatLeases.id, leaseId)))[0] ?? null;

/** Seats nobody holds: the capacity less the seats taken (bookings and active leases). */
const freeSeats = async (db: Executor, event: { id: number; capacity: number }, now: Date) =>
  Math.max(0, event.capacity - (await seatsTaken(db, event.id, now)));

export interface LeaseRequest {
  auth: AuthInfo;
  eventId: number;
  now: Date;
  /** The request's audit context: taking and returning a lease are on the audit trail. */
  audit?: AuditContext | null;
}

/**
 * Who took the lease (null once that account is deleted): a lease is its taker's, on its device
 * (docs/decisions/0059-door-list-accounts-and-leases.md); another user at the door neither sells
 * within it nor returns it, whatever device id it sends.
 */
const takerOf = async (db: Executor, eventId: number, leaseId: number) => {
  const [row] = await db
    .select({ userId: seatLeases.userId })
    .from(seatLeases)
    .where(and(eq(seatLeases.id, leaseId), eq(seatLeases.eventId, eventId)));
  return row ? { userId: row.userId } : null;
};

/** A lease taken or returned, on the audit trail as an entry of its event (who: the request's actor). */
const auditLease = (
  tx: Tx,
  { audit }: LeaseRequest,
  event: { id: number; providerId: number },
  action: 'lease_take' | 'lease_return',
  detail: Record<string, unknown>,
) =>
  appendAudit(tx, audit ?? null, {
    action,
    resource: 'event',
    recordId: event.id,
    providerId: event.providerId,
    eventId: event.id,
    detail,
  });

/** A new lease of `seats` free seats for the device, until the event ends; 409 naming the free seats. */
export const takeLease = async (
  tx: Tx,
  request: LeaseRequest,
  body: { seats: number; deviceId: string },
): Promise<SeatLease> => {
  const { auth, eventId, now } = request;
  const event = await lockedDoorEvent(tx, auth, eventId, now);
  const free = await freeSeats(tx, event, now);
  if (body.seats > free) throw conflict(smsg('leaseTooMany', { n: free }));
  const [row] = await tx
    .insert(seatLeases)
    .values({
      eventId: event.id,
      userId: auth.user.id,
      deviceId: body.deviceId,
      seats: body.seats,
      createdAt: now,
      expiresAt: event.endsAt,
    })
    .returning({ id: seatLeases.id });
  await auditLease(tx, request, event, 'lease_take', {
    leaseId: row!.id,
    seats: body.seats,
    deviceId: body.deviceId,
    expiresAt: event.endsAt.toISOString(),
  });
  return (await leaseOf(tx, event.id, row!.id, now))!;
};

/** The caller's active leases at the event (one device's with `deviceId`), and the free seats. */
export const activeLeases = async (
  db: Executor,
  { auth, eventId, now }: LeaseRequest,
  deviceId: string | undefined,
) => {
  const event = await reachedEvent(db, auth, eventId);
  const leases = await leasesOf(
    db,
    event.id,
    now,
    and(
      eq(seatLeases.userId, auth.user.id),
      deviceId === undefined ? undefined : eq(seatLeases.deviceId, deviceId),
      isNull(seatLeases.returnedAt),
      gt(seatLeases.expiresAt, now),
    ),
  );
  return { leases, free: await freeSeats(db, event, now), capacity: event.capacity };
};

/**
 * Gives back the unsold rest of a lease of the event: only its taker may (403 for anyone else,
 * nothing changed). Returning a returned lease changes nothing and adds no entry.
 */
export const returnLease = async (tx: Tx, request: LeaseRequest, leaseId: number): Promise<SeatLease> => {
  const { auth, eventId, now } = request;
  // Locked as sales are: a sale within the lease is judged wholly before or after its return.
  const event = await reachedEvent(tx, auth, eventId, true);
  const taker = await takerOf(tx, event.id, leaseId);
  if (!taker) throw notFound();
  if (taker.userId !== auth.user.id) throw forbidden(smsg('leaseNotYoursToReturn'));
  const before = (await leaseOf(tx, event.id, leaseId, now))!;
  const [returned] = await tx
    .update(seatLeases)
    .set({ returnedAt: now })
    .where(and(eq(seatLeases.id, leaseId), eq(seatLeases.eventId, event.id), isNull(seatLeases.returnedAt)))
    .returning({ deviceId: seatLeases.deviceId });
  if (returned)
    await auditLease(tx, request, event, 'lease_return', {
      leaseId,
      seats: before.seats,
      sold: before.sold,
      // The seats it still held, free for others from now on.
      returned: before.remaining,
      deviceId: returned.deviceId,
    });
  return (await leaseOf(tx, event.id, leaseId, now))!;
};

/**
 * Whether the sale fits: the caller's lease's rest on its device (another user's lease: 403, another
 * device's: 422), or the event's free seats.
 */
const judgeSale = async (tx: Tx, event: LockedEvent, body: DoorSaleBody, auth: AuthInfo, now: Date) => {
  if (body.leaseId === undefined) {
    const free = await freeSeats(tx, event, now);
    if (body.tickets > free) throw conflict(smsg('soldOut', { n: free }));
    return;
  }
  const lease = await leaseOf(tx, event.id, body.leaseId, now);
  if (!lease) throw fieldError('leaseId', smsg('leaseUnknown'));
  if ((await takerOf(tx, event.id, lease.id))!.userId !== auth.user.id)
    throw forbidden(smsg('leaseNotYours'));
  if (lease.deviceId !== body.deviceId) throw fieldError('leaseId', smsg('leaseUnknown'));
  if (!lease.active) throw conflict(smsg('leaseEnded'));
  if (body.tickets > lease.remaining) throw conflict(smsg('leaseShort', { n: lease.remaining }));
};

/** Sells at the door: a booking confirmed and paid, marked with how it was paid and its lease. */
export const sellAtDoor = async (tx: Tx, request: LeaseRequest, body: DoorSaleBody): Promise<DoorSale> => {
  const { auth, now } = request;
  // The device's time when it sold (never ahead of the server's): an offline sale keeps its hour.
  const at = new Date(Math.min(Date.parse(body.at), now.getTime()));
  // A sale within a lease is judged at the moment the device made it: one made offline before the
  // event ended, in seats its lease held, stands when it is sent after the end (nothing is lost).
  const moment = body.leaseId === undefined ? now : at;
  const event = await lockedDoorEvent(tx, auth, request.eventId, moment);
  await judgeSale(tx, event, body, auth, moment);
  let row: { id: number; code: string } | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt > 5) throw new Error('Could not find a free booking code');
    [row] = await tx
      .insert(bookings)
      .values({
        code: newBookingCode(),
        eventId: event.id,
        providerId: event.providerId,
        customerName: body.customerName,
        // ADR 0056: optional at the door; kept empty (never a made-up address) when not given.
        customerEmail: body.customerEmail ?? '',
        customerPhone: body.customerPhone,
        tickets: body.tickets,
        unitPrice: event.price,
        total: event.price * body.tickets,
        paymentStatus: 'paid',
        paidAt: at,
        status: 'confirmed',
        doorPayment: body.payment,
        leaseId: body.leaseId ?? null,
        createdAt: at,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: bookings.code })
      .returning({ id: bookings.id, code: bookings.code });
  }
  // The history says it was sold at the door, on which device.
  const entry = {
    bookingId: row.id,
    note: body.deviceName ?? body.deviceId,
    byUserId: auth.user.id,
    at: now,
  };
  await tx.insert(bookingHistory).values([
    { ...entry, field: 'status', fromValue: null, toValue: 'confirmed' },
    { ...entry, field: 'payment', fromValue: null, toValue: 'paid' },
  ]);
  return {
    bookingId: row.id,
    code: row.code,
    customerName: body.customerName,
    customerPhone: body.customerPhone,
    tickets: body.tickets,
    total: event.price * body.tickets,
    payment: body.payment,
    leaseId: body.leaseId ?? null,
    lease: body.leaseId === undefined ? null : await leaseOf(tx, event.id, body.leaseId, now),
    createdAt: at.toISOString(),
  };
};
