/**
 * Admitting guests at the door (docs/decisions/0055-the-door.md). The booking is locked while it is
 * judged, so parallel admissions of one ticket (any devices, any processes) are judged one after
 * the other. Which admissions count is decided by the device's time (`fitAdmissions`): a device
 * that was offline and admitted first keeps the admission even if it is heard of last; the other
 * one is marked as having come second, and both show on the door log.
 *
 * Three statements judge and record an admission (docs/decisions/0060-an-admission-in-three-statements.md):
 * the event with the booking locked, the booking with its admissions (read after the lock, so they
 * include any admission committed while this one waited), and one that writes everything the
 * verdict changes.
 */
import { eq, inArray, sql } from 'drizzle-orm';
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
import { admissions, auditLog, bookingHistory, bookings } from '../db/schema';
import { auditRow, type AuditContext } from '../audit/trail';
import type { TicketKeyRing } from '../tickets/keys';
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
  eventId: number,
  { body, ring }: Admission,
): Promise<{ bookingId: number } | { refusal: DoorRefusal }> => {
  if (body.ticket === undefined) return { bookingId: body.bookingId! };
  const claims = await verifyTicket(body.ticket, ring.verifying);
  if (!claims) return { refusal: 'invalid' };
  if (claims.eventId !== eventId) return { refusal: 'another_event' };
  return { bookingId: claims.bookingId };
};

/** Judges and records one admission, in the caller's transaction; answers it with the venue's time zone. */
export const admit = async (tx: Tx, admission: Admission) => {
  const { auth, body } = admission;
  const named = await bookingNamed(body.eventId, admission);
  // The event (or 404) and, in the same statement, its booking locked: every admission of the
  // booking is judged after the one before it has committed.
  const { event, lockedId } = await doorEventOf(
    tx,
    auth,
    body.eventId,
    'bookingId' in named ? named.bookingId : undefined,
  );
  const result =
    'refusal' in named
      ? refused(named.refusal)
      : lockedId === null
        ? refused(body.ticket === undefined ? 'another_event' : 'cancelled')
        : await judge(tx, event, lockedId, admission);
  return { result, timeZone: event.timeZone };
};

type Row = typeof admissions.$inferSelect;
type Seen = Pick<Row, 'id' | 'count' | 'deviceAt' | 'deviceName' | 'lostTo'>;
const seen = (rows: readonly Seen[]) =>
  rows.map((row) => ({ id: row.id, count: row.count, deviceAt: row.deviceAt.getTime() }));
/** The new admission's stand-in id while it is judged: larger than any before it, as its own will be. */
const NEW = Number.MAX_SAFE_INTEGER;

/** The locked booking and its admissions in order of device time, read in one statement. */
const bookingWithAdmissions = async (tx: Tx, bookingId: number) => {
  const [row] = await tx
    .select({
      id: bookings.id,
      code: bookings.code,
      customerName: bookings.customerName,
      customerPhone: bookings.customerPhone,
      tickets: bookings.tickets,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      admissions: sql<
        { id: number; count: number; deviceAt: string; deviceName: string; lostTo: number | null }[]
      >`
        coalesce((select json_agg(json_build_object('id', ${admissions.id}, 'count', ${admissions.count},
          'deviceAt', ${admissions.deviceAt}, 'deviceName', ${admissions.deviceName}, 'lostTo', ${admissions.lostTo})
          order by ${admissions.deviceAt}, ${admissions.id})
        from ${admissions} where ${admissions.bookingId} = ${bookingId}), '[]'::json)`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const { admissions: before, ...booking } = row!;
  return {
    booking,
    before: before.map((a): Seen => ({ ...a, deviceAt: new Date(a.deviceAt) })),
  };
};

const judge = async (
  tx: Tx,
  event: DoorEvent,
  bookingId: number,
  admission: Admission,
): Promise<AdmitResult> => {
  const { body, now } = admission;
  const { booking, before } = await bookingWithAdmissions(tx, bookingId);
  const guest = guestFrom(booking, before);
  // A device's clock may be behind (an admission sent late) but is never taken to be ahead.
  const at = new Date(Math.min(Date.parse(body.at), now.getTime()));
  const refusal = doorRefusalOf(guest, event, at);
  if (refusal) return refused(refusal, guest);
  const counted = fitAdmissions(guest.tickets, [
    ...seen(before),
    { id: NEW, count: body.count, deviceAt: at.getTime() },
  ]);
  if (counted.has(NEW)) {
    // Those before it that no longer fit came second to the first that counts (the new one when
    // it is earliest); a booking whose every guest is in becomes checked in.
    const all = [
      ...before,
      { id: NEW, count: body.count, deviceAt: at, deviceName: body.deviceName, lostTo: null },
    ];
    const first = all
      .filter((row) => counted.has(row.id))
      .sort((a, b) => a.deviceAt.getTime() - b.deviceAt.getTime() || a.id - b.id)[0]!;
    const displaced = before
      .filter((row) => row.lostTo === null && !counted.has(row.id))
      .map((row) => row.id);
    const after = all.map((row) => ({ ...row, lostTo: counted.has(row.id) ? null : first.id }));
    const admitted = guestFrom(booking, after);
    const checkIn = admitted.admitted === admitted.tickets && admitted.status === 'confirmed';
    await record(
      tx,
      admission,
      event,
      { bookingId, at, lostTo: null, verdict: 'admitted' },
      {
        displaced,
        displacedBy: first.id === NEW ? null : first.id,
        checkIn,
      },
    );
    if (checkIn) admitted.status = 'checked_in';
    return { verdict: 'admitted', reason: null, guest: admitted, first: null };
  }
  const usedBefore = before
    .filter((row) => counted.has(row.id) && row.deviceAt.getTime() <= at.getTime())
    .reduce((sum, row) => sum + row.count, 0);
  // Tickets left, but fewer than the guests: refused and not recorded (the device offers the rest).
  if (usedBefore < guest.tickets) return refused('count', guest);
  const first = before.find((row) => row.lostTo === null)!;
  await record(tx, admission, event, { bookingId, at, lostTo: first.id, verdict: 'already' });
  return {
    verdict: 'already',
    reason: null,
    guest,
    first: { deviceName: first.deviceName, deviceAt: first.deviceAt.toISOString() },
  };
};

/**
 * Writes an admission in one statement: the admission, its entry on the audit trail (what the
 * device said, with its time and the server's), and for one that counts the admissions it
 * displaced and the booking checked in (with its history naming the door's device).
 */
const record = async (
  tx: Tx,
  { body, auth, audit, now }: Admission,
  event: DoorEvent,
  admission: { bookingId: number; at: Date; lostTo: number | null; verdict: 'admitted' | 'already' },
  counts?: { displaced: number[]; displacedBy: number | null; checkIn: boolean },
) => {
  const added = tx.$with('added').as(
    tx
      .insert(admissions)
      .values({
        eventId: event.id,
        bookingId: admission.bookingId,
        providerId: event.providerId,
        count: body.count,
        deviceId: body.deviceId,
        deviceName: body.deviceName,
        deviceAt: admission.at,
        at: now,
        byUserId: auth.user.id,
        lostTo: admission.lostTo,
      })
      .returning({ id: admissions.id }),
  );
  const audited = tx.$with('audited').as(
    tx.insert(auditLog).values(
      auditRow(audit, {
        action: 'admit',
        resource: 'booking',
        recordId: admission.bookingId,
        providerId: event.providerId,
        eventId: event.id,
        detail: {
          verdict: admission.verdict,
          count: body.count,
          deviceName: body.deviceName,
          deviceAt: body.at,
          at: now.toISOString(),
        },
      }),
    ),
  );
  const displaced = counts?.displaced.length
    ? [
        tx.$with('displaced').as(
          tx
            .update(admissions)
            .set({ lostTo: counts.displacedBy ?? sql`(select ${added.id} from ${added})` })
            .where(inArray(admissions.id, counts.displaced)),
        ),
      ]
    : [];
  const checkedIn = tx.$with('checked_in').as(
    tx
      .update(bookings)
      .set({ status: 'checked_in', version: sql`${bookings.version} + 1`, updatedAt: now })
      .where(eq(bookings.id, admission.bookingId)),
  );
  // The booking is locked and confirmed (judged above): checking it in changes it.
  const history = tx.$with('history').as(
    tx.insert(bookingHistory).values({
      bookingId: admission.bookingId,
      field: 'status',
      fromValue: 'confirmed',
      toValue: 'checked_in',
      // The device's name: the history says at which door the booking was checked in.
      note: body.deviceName,
      byUserId: auth.user.id,
      at: now,
    }),
  );
  const checkIn = counts?.checkIn ? [checkedIn, history] : [];
  await tx
    .with(added, audited, ...displaced, ...checkIn)
    .select({ id: added.id })
    .from(added);
};
