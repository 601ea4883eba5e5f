/**
 * Who opens an event's door (docs/decisions/0059-door-list-accounts-and-leases.md): the door
 * accounts assigned to it (`event_supervisors`, whose rows the audit trail records as the event's).
 * Staff change their own door accounts (no provider) and the event's provider's, at any event; a
 * service provider and its supervisors their provider's own, at their provider's events. Any other
 * account is never assigned by them, and one assigned by someone else is left as it is.
 */
import { and, asc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DoorAccount } from '../../src/contract/door-accounts';
import type { UserStatus } from '../../src/contract/roles';
import type { AuthInfo } from '../auth/sessions';
import type { Executor, Tx } from '../db/client';
import { events, eventSupervisors, users, type Loc } from '../db/schema';
import { fieldError, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { providerScopeOf } from '../resources/impl';

interface ScopedEvent {
  id: number;
  providerId: number;
  /** The caller's provider (a provider, its supervisors), or null: staff. */
  scope: number | null;
}

/** The event in the caller's reach for managing it (the `event` permission's scope), or 404. */
const eventOf = async (db: Executor, auth: AuthInfo, eventId: number, lock = false): Promise<ScopedEvent> => {
  const scope = providerScopeOf(auth, 'event', true);
  const query = db
    .select({ id: events.id, providerId: events.providerId })
    .from(events)
    .where(and(eq(events.id, eventId), scope === null ? undefined : eq(events.providerId, scope)));
  // Locked while assigning: two callers' changes to one door are made one after the other.
  const [event] = await (lock ? query.for('update') : query);
  if (!event) throw notFound();
  return { ...event, scope };
};

/** The door accounts the caller may assign to this event or take off it. */
const yoursAt = ({ providerId, scope }: ScopedEvent): SQL =>
  and(
    eq(users.role, 'door'),
    scope === null
      ? or(isNull(users.providerId), eq(users.providerId, providerId))
      : eq(users.providerId, scope),
  )!;

const assignedTo = (eventId: number): SQL =>
  sql`exists (select 1 from ${eventSupervisors} where ${eventSupervisors.eventId} = ${eventId} and ${eventSupervisors.userId} = ${users.id})`;

const listOf = async (db: Executor, event: ScopedEvent): Promise<DoorAccount[]> => {
  const yours = yoursAt(event);
  const assigned = assignedTo(event.id);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      providerId: users.providerId,
      status: users.status,
      assigned: sql<boolean>`${assigned}`,
      yours: sql<boolean>`${yours}`,
    })
    .from(users)
    .where(and(eq(users.role, 'door'), or(yours, assigned)))
    .orderBy(asc(sql`lower(${users.name}->>'en')`), asc(users.id));
  return rows.map((row) => ({
    ...row,
    name: row.name as Loc,
    status: row.status as UserStatus,
    assigned: Boolean(row.assigned),
    yours: Boolean(row.yours),
  }));
};

/** The door accounts of the event as the caller sees them. */
export const doorAccountsOf = async (db: Executor, auth: AuthInfo, eventId: number) =>
  listOf(db, await eventOf(db, auth, eventId));

/**
 * Of the door accounts the caller may change at the event, `userIds` become assigned and the others
 * are taken off; the rest stay. An id that is not one of the caller's (unknown, another provider's,
 * staff's for a provider, not a door account) refuses the whole call (422), as the event form does.
 */
export const assignDoorAccounts = async (tx: Tx, auth: AuthInfo, eventId: number, userIds: number[]) => {
  const event = await eventOf(tx, auth, eventId, true);
  const wanted = [...new Set(userIds)];
  const yours = yoursAt(event);
  if (wanted.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), yours));
    if (found.length !== wanted.length)
      throw fieldError('userIds', smsg(event.scope === null ? 'doorAccountsOfStaff' : 'doorAccountsOfYours'));
  }
  await tx
    .delete(eventSupervisors)
    .where(
      and(
        eq(eventSupervisors.eventId, event.id),
        wanted.length ? notInArray(eventSupervisors.userId, wanted) : undefined,
        inArray(eventSupervisors.userId, tx.select({ id: users.id }).from(users).where(yours)),
      ),
    );
  if (wanted.length)
    await tx
      .insert(eventSupervisors)
      .values(wanted.map((userId) => ({ eventId: event.id, userId })))
      .onConflictDoNothing();
  return listOf(tx, event);
};
