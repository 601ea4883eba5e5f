/**
 * What an admission writes (docs/decisions/0060-an-admission-in-three-statements.md): one statement
 * of data-modifying parts, built once per shape with its values read from each write
 * (server/db/prebuilt.ts, docs/decisions/0089-statements-built-once-with-their-values-read.md). The
 * verdicts that decide it are in `door.admit.ts`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Slots } from '../db/prebuilt';
import { admissions, auditLog, bookingHistory, bookings } from '../db/schema';
import { auditRow } from '../audit/trail';
import type { DoorEvent } from './door';
import type { Admission } from './door.admit';

/** What a verdict writes (`record`): the admission, and for one that counts what it displaces. */
export interface Recorded {
  admission: { bookingId: number; at: Date; lostTo: number | null; verdict: 'admitted' | 'already' };
  counts?: { displaced: number[]; displacedBy: number | null; checkIn: boolean };
}

/** What writes an admission: the admission, its event, and what its verdict records. */
export interface Write {
  admission: Admission;
  event: DoorEvent;
  recorded: Recorded;
}

/**
 * What changes the text of an admission's write (`recordParts`): whether it checks the booking in,
 * how many admissions it displaces, and whether by itself; `name` names them.
 */
export const writeShape = ({ counts }: Recorded) => {
  const checkIn = counts?.checkIn ?? false;
  const displaced = counts?.displaced.length ?? 0;
  const byNew = counts?.displacedBy === null;
  return {
    checkIn,
    displaced,
    byNew,
    name: `admit:${checkIn ? 'in' : 'out'}:${displaced}:${byNew ? 'new' : 'first'}`,
  };
};

/**
 * The booking checked in, with its history naming the door's device: the booking is locked and
 * confirmed (judged above), so checking it in changes it.
 */
const checkInParts = (tx: Tx, slots: Slots<Write>) => [
  tx.$with('checked_in').as(
    tx
      .update(bookings)
      .set({
        status: 'checked_in',
        version: sql`${bookings.version} + 1`,
        updatedAt: slots.as((w) => w.admission.now, bookings.updatedAt),
      })
      .where(
        eq(
          bookings.id,
          slots.as((w) => w.recorded.admission.bookingId, bookings.id),
        ),
      ),
  ),
  tx.$with('history').as(
    tx.insert(bookingHistory).values(
      slots.row(bookingHistory, ({ admission: { body, auth, now }, recorded }) => ({
        bookingId: recorded.admission.bookingId,
        field: 'status',
        fromValue: 'confirmed',
        toValue: 'checked_in',
        // The device's name: the history says at which door the booking was checked in.
        note: body.deviceName,
        byUserId: auth.user.id,
        at: now,
      })),
    ),
  ),
];

/**
 * What writes an admission in one statement, as data-modifying common table expressions: the
 * admission (`added`), its entry on the audit trail (what the device said, with its time and the
 * server's), and for one that counts the admissions it displaced and the booking checked in (with
 * its history naming the door's device). Every value is a placeholder reading it from the write
 * (`slots`): the statement is built once per shape, from the first write of its shape
 * (`writeShape`, server/db/prebuilt.ts).
 */
export const recordParts = (tx: Tx, slots: Slots<Write>) => {
  const { checkIn, displaced, byNew } = writeShape(slots.first.recorded);
  const added = tx.$with('added').as(
    tx
      .insert(admissions)
      .values(
        slots.row(admissions, ({ admission: { body, auth, now }, event, recorded: { admission } }) => ({
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
        })),
      )
      .returning({ id: admissions.id }),
  );
  const audited = tx.$with('audited').as(
    tx.insert(auditLog).values(
      slots.row(auditLog, ({ admission: { body, audit, now }, event, recorded: { admission } }) =>
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
    ),
  );
  const displacedPart = displaced
    ? [
        tx.$with('displaced').as(
          tx
            .update(admissions)
            .set({
              lostTo: byNew
                ? sql`(select ${added.id} from ${added})`
                : slots.as((w) => w.recorded.counts!.displacedBy, admissions.lostTo),
            })
            .where(
              sql`${admissions.id} in (${sql.join(
                Array.from({ length: displaced }, (_, i) =>
                  slots.as((w) => w.recorded.counts!.displaced[i], admissions.id),
                ),
                sql`, `,
              )})`,
            ),
        ),
      ]
    : [];
  return { added, parts: [audited, ...displacedPart, ...(checkIn ? checkInParts(tx, slots) : [])] };
};
