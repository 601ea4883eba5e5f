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
 * verdict changes. Admissions that arrive together are judged by the same functions and committed
 * together (`door.admit-together.ts`, docs/decisions/0077-admissions-committed-together.md); this
 * file's `admit` serves one alone.
 */
import { getTableName, inArray, sql } from 'drizzle-orm';
import { verifyTicket } from '../../src/contract/tickets';
import {
  doorRefusalOf,
  fitAdmissions,
  type AdmitBody,
  type AdmitResult,
  type DoorGuest,
  type DoorRefusal,
} from '../../src/contract/door';
import type { Language } from '../../src/contract/common';
import { FORMAT_LOCALE } from '../../src/contract/plain';
import type { AuthInfo } from '../auth/sessions';
import { smsg } from '../core/messages';
import type { Tx } from '../db/client';
import { prebuilt, runPrebuilt, type Slots } from '../db/prebuilt';
import { admissions, bookings } from '../db/schema';
import type { AuditContext } from '../audit/trail';
import type { TicketKeyRing } from '../tickets/keys';
import { doorEventOf, guestFrom, type DoorEvent } from './door';
import { recordParts, writeShape, type Recorded, type Write } from './door.write';

export interface Admission {
  body: Omit<AdmitBody, 'at'> & { at: string };
  auth: AuthInfo;
  audit: AuditContext;
  ring: TicketKeyRing;
  now: Date;
  /** Statements built once are checked against their build at each call (`config.checkAnswers`). */
  check: boolean;
}

export const refused = (reason: DoorRefusal, guest: DoorGuest | null = null): AdmitResult => ({
  verdict: 'refused',
  reason,
  guest,
  first: null,
});

/** What an admission names: the booking of its ticket (or found by name), or a refusal. */
export type Named = { bookingId: number } | { refusal: DoorRefusal };

/** The booking a ticket (or a booking id found by name) names at this event's door, or a refusal. */
export const bookingNamed = async (eventId: number, { body, ring }: Admission): Promise<Named> => {
  if (body.ticket === undefined) return { bookingId: body.bookingId! };
  const claims = await verifyTicket(body.ticket, ring.verifying);
  if (!claims) return { refusal: 'invalid' };
  if (claims.eventId !== eventId) return { refusal: 'another_event' };
  return { bookingId: claims.bookingId };
};

/** A judged admission with the venue's time zone (to answer it in). */
export interface Admitted {
  result: AdmitResult;
  timeZone: string;
}

/** Judges and records one admission, in the caller's transaction; answers it with the venue's time zone. */
export const admit = async (tx: Tx, admission: Admission): Promise<Admitted> => {
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

/** The answer to an admission: its verdict, with the first admission's time on the venue's clock. */
export const admitReply = ({ result, timeZone }: Admitted, lang: Language) => {
  const { verdict, guest, first } = result;
  const at = first
    ? new Date(first.deviceAt).toLocaleTimeString(FORMAT_LOCALE[lang], {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
  return {
    message:
      verdict === 'admitted'
        ? smsg('doorAdmitted', { n: guest!.admitted, tickets: guest!.tickets })
        : verdict === 'already'
          ? smsg('doorAlready', { at, device: first!.deviceName })
          : smsg('doorRefused'),
    data: result,
  };
};

type Row = typeof admissions.$inferSelect;
type Seen = Pick<Row, 'id' | 'count' | 'deviceAt' | 'deviceName' | 'lostTo'>;
const seen = (rows: readonly Seen[]) =>
  rows.map((row) => ({ id: row.id, count: row.count, deviceAt: row.deviceAt.getTime() }));
/** The new admission's stand-in id while it is judged: larger than any before it, as its own will be. */
const NEW = Number.MAX_SAFE_INTEGER;

/** `bookings.id` qualified, as a correlated subquery names it (drizzle leaves a selection's columns bare). */
const bookingsId = sql`${sql.identifier(getTableName(bookings))}.${sql.identifier(bookings.id.name)}`;

/** The locked bookings `ids` with their admissions in order of device time, read in one statement. */
export const bookingsWithAdmissions = async (tx: Tx, ids: readonly number[]) => {
  const rows = await tx
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
        from ${admissions} where ${admissions.bookingId} = ${bookingsId}), '[]'::json)`,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...ids]));
  return new Map(
    rows.map(({ admissions: before, ...booking }) => [
      booking.id,
      { booking, before: before.map((a): Seen => ({ ...a, deviceAt: new Date(a.deviceAt) })) },
    ]),
  );
};
type Read = NonNullable<ReturnType<Awaited<ReturnType<typeof bookingsWithAdmissions>>['get']>>;

const judge = async (
  tx: Tx,
  event: DoorEvent,
  bookingId: number,
  admission: Admission,
): Promise<AdmitResult> => {
  const read = (await bookingsWithAdmissions(tx, [bookingId])).get(bookingId)!;
  const { result, recorded } = verdictOf(event, bookingId, read, admission);
  if (recorded) {
    const write: Write = { admission, event, recorded };
    const statement = (slots: Slots<Write>) => {
      const { added, parts } = recordParts(tx, slots);
      return tx
        .with(added, ...parts)
        .select({ id: added.id })
        .from(added);
    };
    await runPrebuilt(tx, prebuilt(`${writeShape(recorded).name}:alone`, write, statement, admission.check));
  }
  return result;
};

/**
 * The verdict on an admission of the locked booking `bookingId` (read after the lock), and what it
 * records (nothing for a refusal).
 */
export const verdictOf = (
  event: DoorEvent,
  bookingId: number,
  { booking, before }: Read,
  admission: Admission,
): { result: AdmitResult; recorded?: Recorded } => {
  const { body, now } = admission;
  const guest = guestFrom(booking, before);
  // A device's clock may be behind (an admission sent late) but is never taken to be ahead.
  const at = new Date(Math.min(Date.parse(body.at), now.getTime()));
  const refusal = doorRefusalOf(guest, event, at);
  if (refusal) return { result: refused(refusal, guest) };
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
    if (checkIn) admitted.status = 'checked_in';
    return {
      result: { verdict: 'admitted', reason: null, guest: admitted, first: null },
      recorded: {
        admission: { bookingId, at, lostTo: null, verdict: 'admitted' },
        counts: { displaced, displacedBy: first.id === NEW ? null : first.id, checkIn },
      },
    };
  }
  const usedBefore = before
    .filter((row) => counted.has(row.id) && row.deviceAt.getTime() <= at.getTime())
    .reduce((sum, row) => sum + row.count, 0);
  // Tickets left, but fewer than the guests: refused and not recorded (the device offers the rest).
  if (usedBefore < guest.tickets) return { result: refused('count', guest) };
  const first = before.find((row) => row.lostTo === null)!;
  return {
    result: {
      verdict: 'already',
      reason: null,
      guest,
      first: { deviceName: first.deviceName, deviceAt: first.deviceAt.toISOString() },
    },
    recorded: { admission: { bookingId, at, lostTo: first.id, verdict: 'already' } },
  };
};
