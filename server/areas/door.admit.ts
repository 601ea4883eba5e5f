/**
 * Admitting guests at the door (docs/decisions/0055-the-door.md). The booking is locked while it is
 * judged, so parallel admissions of one ticket (any devices, any processes) are judged one after
 * the other. Which admissions count is decided by the device's time (`fitAdmissions`): a device
 * that was offline and admitted first keeps the admission even if it is heard of last; the other
 * one is marked as having come second, and both show on the door log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { verifyTicket } from '../../src/contract/tickets';
import {
  doorRefusalOf,
  fitAdmissions,
  type AdmitBody,
  type AdmitResult,
  type DoorGuest,
  type DoorRefusal,
} from '../../src/contract/door';
import type { AuthInfo } from '../auth/sessions';
import type { Tx } from '../db/client';
import { admissions, bookings } from '../db/schema';
import { appendAudit, type AuditContext } from '../audit/trail';
import type { TicketKeyRing } from '../tickets/keys';
import { changeBookingStatus } from './booking';
import { doorEventOf, guestFrom, type DoorEvent } from './door';

export interface Admission {
  body: Omit<AdmitBody, 'at'> & { at: string };
  auth: AuthInfo;
  audit: AuditContext;
  ring: TicketKeyRing;
  now: Date;
}

const refused = (reason: DoorRefusal, guest: DoorGuest | null = null): AdmitResult => ({
  verdict: 'refused',
  reason,
  guest,
  first: null,
});

/** The booking a ticket (or a booking id found by name) names at this event's door, or a refusal. */
const bookingNamed = async (
  tx: Tx,
  event: DoorEvent,
  { body, ring }: Admission,
): Promise<{ bookingId: number } | { refusal: DoorRefusal }> => {
  if (body.ticket === undefined) return { bookingId: body.bookingId! };
  const claims = await verifyTicket(body.ticket, ring.verifying);
  if (!claims) return { refusal: 'invalid' };
  if (claims.eventId !== event.id) return { refusal: 'another_event' };
  return { bookingId: claims.bookingId };
};

/** Judges and records one admission, in the caller's transaction; answers it with the venue's time zone. */
export const admit = async (tx: Tx, admission: Admission) => {
  const event = await doorEventOf(tx, admission.auth, admission.body.eventId);
  return { result: await judge(tx, event, admission), timeZone: event.timeZone };
};

type Row = typeof admissions.$inferSelect;
const seen = (rows: readonly Pick<Row, 'id' | 'count' | 'deviceAt'>[]) =>
  rows.map((row) => ({ id: row.id, count: row.count, deviceAt: row.deviceAt.getTime() }));
/** The new admission's stand-in id while it is judged: larger than any before it, as its own will be. */
const NEW = Number.MAX_SAFE_INTEGER;

const judge = async (tx: Tx, event: DoorEvent, admission: Admission): Promise<AdmitResult> => {
  const { body, now } = admission;
  const named = await bookingNamed(tx, event, admission);
  if ('refusal' in named) return refused(named.refusal);
  // The booking, locked: every admission of it is judged after the one before has committed.
  const [locked] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, named.bookingId), eq(bookings.eventId, event.id)))
    .for('update');
  if (!locked) return refused(body.ticket === undefined ? 'another_event' : 'cancelled');
  const before = await tx
    .select()
    .from(admissions)
    .where(eq(admissions.bookingId, locked.id))
    .orderBy(admissions.deviceAt, admissions.id);
  const guest = guestFrom(locked, before);
  // A device's clock may be behind (an admission sent late) but is never taken to be ahead.
  const at = new Date(Math.min(Date.parse(body.at), now.getTime()));
  const refusal = doorRefusalOf(guest, event, at);
  if (refusal) return refused(refusal, guest);
  const counted = fitAdmissions(guest.tickets, [
    ...seen(before),
    { id: NEW, count: body.count, deviceAt: at.getTime() },
  ]);
  const record = (lostTo: number | null) => recordAdmission(tx, admission, event, locked.id, at, lostTo);
  if (counted.has(NEW)) return counts(tx, admission, event, locked, before, await record(null));
  const usedBefore = before
    .filter((row) => counted.has(row.id) && row.deviceAt.getTime() <= at.getTime())
    .reduce((sum, row) => sum + row.count, 0);
  // Tickets left, but fewer than the guests: refused and not recorded (the device offers the rest).
  if (usedBefore < guest.tickets) return refused('count', guest);
  const first = before.find((row) => row.lostTo === null)!;
  await record(first.id);
  await audited(tx, admission, event, locked.id, 'already');
  return {
    verdict: 'already',
    reason: null,
    guest,
    first: { deviceName: first.deviceName, deviceAt: first.deviceAt.toISOString() },
  };
};

const recordAdmission = async (
  tx: Tx,
  { body, auth, now }: Admission,
  event: DoorEvent,
  bookingId: number,
  at: Date,
  lostTo: number | null,
) => {
  const [row] = await tx
    .insert(admissions)
    .values({
      eventId: event.id,
      bookingId,
      providerId: event.providerId,
      count: body.count,
      deviceId: body.deviceId,
      deviceName: body.deviceName,
      deviceAt: at,
      at: now,
      byUserId: auth.user.id,
      lostTo,
    })
    .returning();
  return row!;
};

/**
 * The new admission counts: those before it that no longer fit came second to the first that
 * counts; a booking whose every guest is in becomes checked in.
 */
const counts = async (
  tx: Tx,
  admission: Admission,
  event: DoorEvent,
  booking: typeof bookings.$inferSelect,
  before: Row[],
  added: Row,
): Promise<AdmitResult> => {
  const all = [...before, added].sort((a, b) => a.deviceAt.getTime() - b.deviceAt.getTime() || a.id - b.id);
  const counted = fitAdmissions(booking.tickets, seen(all));
  const first = all.find((row) => counted.has(row.id))!;
  const displaced = all.filter((row) => row.lostTo === null && !counted.has(row.id));
  if (displaced.length)
    await tx
      .update(admissions)
      .set({ lostTo: first.id })
      .where(
        inArray(
          admissions.id,
          displaced.map((row) => row.id),
        ),
      );
  const after = all.map((row) => ({ ...row, lostTo: counted.has(row.id) ? null : first.id }));
  const guest = guestFrom(booking, after);
  if (guest.admitted === guest.tickets && guest.status === 'confirmed') {
    await changeBookingStatus(tx, {
      id: guest.bookingId,
      status: 'checked_in',
      // The device's name: the history says at which door the booking was checked in.
      note: admission.body.deviceName,
      auth: admission.auth,
      ownerId: null,
      now: admission.now,
    });
    guest.status = 'checked_in';
  }
  await audited(tx, admission, event, guest.bookingId, 'admitted');
  return { verdict: 'admitted', reason: null, guest, first: null };
};

/** The audit trail's entry: what the device said, with its time and the server's. */
const audited = (
  tx: Tx,
  { body, audit, now }: Admission,
  event: DoorEvent,
  bookingId: number,
  verdict: string,
) =>
  appendAudit(tx, audit, {
    action: 'admit',
    resource: 'booking',
    recordId: bookingId,
    providerId: event.providerId,
    eventId: event.id,
    detail: {
      verdict,
      count: body.count,
      deviceName: body.deviceName,
      deviceAt: body.at,
      at: now.toISOString(),
    },
  });
