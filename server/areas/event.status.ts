/** An event's status moves (EVENT_TRANSITIONS), with their history and the bookings a cancellation takes. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { eventTransition, type EventStatus } from '../../src/contract/areas/event';
import type { AuthInfo } from '../auth/sessions';
import type { Tx } from '../db/client';
import { bookingHistory, bookings, eventHistory, events } from '../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { loadEvent } from './event';
import { tellGuestsOfCancellation } from './event.mail';

export interface StatusChange {
  id: number;
  to: EventStatus;
  reason: string | null;
  version?: number | undefined;
  auth: AuthInfo;
  ownerId: number | null;
  now: Date;
}

/**
 * Moves an event along EVENT_TRANSITIONS in one transaction (the row locked): 404 outside the
 * caller's scope, 409 for a stale version or a move that is not allowed (or not now), 403 for an
 * admin move by someone else, 422 without a needed reason. The same status again changes nothing.
 * Cancelling cancels the pending and confirmed bookings, with history, and mails every guest whose
 * booking is not cancelled (server/areas/event.mail.ts).
 */
export const changeEventStatus = async (tx: Tx, change: StatusChange): Promise<boolean> => {
  const { id, to, auth, now } = change;
  const [e] = await tx
    .select({
      status: events.status,
      version: events.version,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      providerId: events.providerId,
    })
    .from(events)
    .where(
      and(eq(events.id, id), change.ownerId === null ? undefined : eq(events.providerId, change.ownerId)),
    )
    .for('update');
  if (!e) throw notFound();
  if (change.version !== undefined && change.version !== e.version) throw conflict();
  const from = e.status as EventStatus;
  if (from === to) return false;
  const rule = eventTransition(from, to);
  if (!rule) throw conflict(smsg('transitionNotAllowed', { from, to }));
  if (rule.by === 'admin' && auth.user.role !== 'admin') throw forbidden(smsg('adminOnlyTransition'));
  const reason = change.reason?.trim() || null;
  if (rule.reason && !reason) throw fieldError('reason', smsg('reasonNeeded'));
  if (rule.beforeStart && e.startsAt.getTime() <= now.getTime()) throw conflict(smsg('eventStarted'));
  if (rule.afterEnd && e.endsAt.getTime() > now.getTime()) throw conflict(smsg('eventNotEnded'));
  await tx
    .update(events)
    .set({
      status: to,
      statusReason: to === 'rejected' || to === 'cancelled' ? reason : null,
      ...(to === 'approved' ? {} : { featured: false }),
      version: sql`${events.version} + 1`,
      updatedAt: now,
    })
    .where(eq(events.id, id));
  await tx
    .insert(eventHistory)
    .values({ eventId: id, fromStatus: from, toStatus: to, reason, byUserId: auth.user.id, at: now });
  if (to === 'cancelled') {
    // Its guests hear of it first, while their bookings still say what the cancellation takes.
    await tellGuestsOfCancellation(tx, (await loadEvent(tx, id, null))!, reason, now);
    const open = await tx
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.eventId, id), inArray(bookings.status, ['pending', 'confirmed'])))
      .for('update');
    if (open.length) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled', version: sql`${bookings.version} + 1`, updatedAt: now })
        .where(
          inArray(
            bookings.id,
            open.map((b) => b.id),
          ),
        );
      await tx.insert(bookingHistory).values(
        open.map((b) => ({
          bookingId: b.id,
          field: 'status',
          fromValue: b.status,
          toValue: 'cancelled',
          note: reason,
          byUserId: auth.user.id,
          at: now,
        })),
      );
    }
  }
  return true;
};
