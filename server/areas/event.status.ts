/** An event's status moves (EVENT_TRANSITIONS), with their history and the bookings a cancellation takes. */
import { and, eq, sql } from 'drizzle-orm';
import { eventTransition, type EventStatus } from '../../src/contract/areas/event';
import type { AuthInfo } from '../auth/sessions';
import type { Tx } from '../db/client';
import { eventHistory, events } from '../db/schema';
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
    // One statement however many bookings (10,000 guests' rows would pass PostgreSQL's limit of
    // bound parameters as a list of values): each open booking cancelled, with its history.
    const at = now.toISOString();
    await tx.execute(sql`
      with open as (
        select id, status from bookings
        where event_id = ${id} and status in ('pending', 'confirmed')
        order by id for update
      ), moved as (
        update bookings b set status = 'cancelled', version = b.version + 1, updated_at = ${at}::timestamptz
        from open where b.id = open.id
        returning b.id, open.status as from_status
      )
      insert into booking_history (booking_id, field, from_value, to_value, note, by_user_id, at)
      select id, 'status', from_status, 'cancelled', ${reason}, ${auth.user.id}, ${at}::timestamptz from moved`);
  }
  return true;
};
