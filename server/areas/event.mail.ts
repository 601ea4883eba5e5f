/**
 * What an event's guests are told when it changes (docs/product.md, "What guests are told"): one
 * mail per booking with an e-mail that is not cancelled, in the booking's language, queued in the
 * transaction of the change (a change rolled back mails nobody; docs/decisions/0067-the-mail-queue.md).
 */
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { changeTellsGuests } from '../../src/contract/areas/event-guests';
import { appendAudit } from '../audit/trail';
import { sqlRows, type Executor, type Tx } from '../db/client';
import { bookings, cities, eventHistory, locations } from '../db/schema';
import {
  guestSubject,
  type EventChangeParams,
  type EventPlace,
  type GuestTemplate,
} from '../core/guest-mail';
import { wakeSenders } from '../notifications/mail-queue';
import type { ResourceCtx } from '../resources/impl';
import type { EventInput, EventRecord } from './event';

/** The bookings a change of the event tells: not cancelled, with an e-mail. */
const guestsOf = (eventId: number) =>
  and(eq(bookings.eventId, eventId), ne(bookings.status, 'cancelled'), ne(bookings.customerEmail, ''));

/** How many guests a change of the event would tell now. */
export const countGuestsToTell = async (db: Executor, eventId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookings)
      .where(guestsOf(eventId))
  )[0]!.n;

/** The event's place and times as a record holds them. */
const placeOf = (e: EventRecord): EventPlace => ({
  venue: e.locationName,
  city: e.cityName,
  timeZone: e.timeZone,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
});

const KIND_OF: Record<GuestTemplate, string> = {
  'event.cancelled': 'event_cancelled',
  'event.changed': 'event_changed',
  'event.reinstated': 'event_reinstated',
};

/**
 * Queues one mail per guest of the event that `who` names (in one statement: 10,000 guests are one
 * insert), each with its own name, booking code and language; returns how many.
 */
const queueEventMail = async (
  tx: Executor,
  {
    eventId,
    template,
    change,
    now,
    who = guestsOf(eventId),
  }: {
    eventId: number;
    template: GuestTemplate;
    change: EventChangeParams;
    now: Date;
    who?: SQL | undefined;
  },
): Promise<number> => {
  const [queued] = await sqlRows<{ n: number }>(
    tx,
    sql`
    with queued as (
      insert into mails (kind, template, booking_id, event_id, to_address, language, subject, params,
                         state, attempts, next_attempt_at, created_at, updated_at)
      select ${KIND_OF[template]}, ${template}, bookings.id, bookings.event_id, bookings.customer_email, bookings.language,
             case when bookings.language = 'ar' then ${guestSubject(template, 'ar', change)} else ${guestSubject(template, 'en', change)} end,
             ${JSON.stringify(change)}::jsonb || jsonb_build_object('name', bookings.customer_name, 'code', bookings.code),
             'queued', 0, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from bookings
      where ${who}
      returning 1
    )
    select count(*)::int as n from queued`,
  );
  const n = Number(queued?.n ?? 0);
  if (n) await wakeSenders(tx);
  return n;
};

/** A cancellation tells every guest it reaches (never a correction: their bookings are cancelled). */
export const tellGuestsOfCancellation = (
  tx: Executor,
  event: EventRecord,
  reason: string | null,
  now: Date,
) =>
  queueEventMail(tx, {
    eventId: event.id,
    template: 'event.cancelled',
    change: { title: event.title, before: placeOf(event), after: placeOf(event), reason },
    now,
  });

/**
 * A cancellation put back (an undo, an admin's restore: server/resources/forward-rules.ts) runs the
 * rules of the move it makes: every guest told of that cancellation whose booking stands again (or
 * never fell: checked in) hears that the event is back on, once, in the booking's language. The
 * cancellation is the event's latest move to `cancelled` in its history; the guests told of it are
 * those of its `event_cancelled` mails, queued at the same instant or later.
 */
export const tellGuestsOfReinstatement = async (tx: Executor, event: EventRecord, now: Date) => {
  const [cancelled] = await tx
    .select({ at: eventHistory.at })
    .from(eventHistory)
    .where(and(eq(eventHistory.eventId, event.id), eq(eventHistory.toStatus, 'cancelled')))
    .orderBy(desc(eventHistory.at), desc(eventHistory.id))
    .limit(1);
  if (!cancelled) return 0;
  const told = sql`exists (select 1 from mails m where m.booking_id = ${bookings.id} and m.event_id = ${event.id}
    and m.kind = 'event_cancelled' and m.created_at >= ${cancelled.at.toISOString()}::timestamptz)`;
  return queueEventMail(tx, {
    eventId: event.id,
    template: 'event.reinstated',
    change: { title: event.title, before: placeOf(event), after: placeOf(event) },
    now,
    who: and(guestsOf(event.id), told),
  });
};

/**
 * After an event's edit (or its restore, which runs the edit's rules): a change of its times or
 * venue tells its guests, unless the caller chose not to (a correction), which is on the audit trail.
 */
export const tellGuestsOfEdit = async (
  tx: Tx,
  ctx: ResourceCtx,
  existing: EventRecord,
  input: EventInput & { notifyGuests?: boolean },
) => {
  if (!changeTellsGuests(existing, input)) return;
  const [venue] = await tx
    .select({ name: locations.name, timeZone: locations.timeZone, city: cities.name })
    .from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId))
    .where(eq(locations.id, input.locationId));
  const after: EventPlace = {
    venue: venue!.name,
    city: venue!.city,
    timeZone: venue!.timeZone,
    startsAt: new Date(input.startsAt).toISOString(),
    endsAt: new Date(input.endsAt).toISOString(),
  };
  const change = { title: input.title, before: placeOf(existing), after };
  if (input.notifyGuests === false) {
    await appendAudit(tx, null, {
      action: 'guests_not_told',
      resource: 'event',
      recordId: existing.id,
      providerId: existing.providerId,
      eventId: existing.id,
      detail: { guests: await countGuestsToTell(tx, existing.id), before: change.before, after },
      actorId: ctx.auth.user.id,
      actorName: ctx.auth.user.name,
      actorRole: ctx.auth.user.role,
      at: ctx.now,
    });
    return;
  }
  await queueEventMail(tx, { eventId: existing.id, template: 'event.changed', change, now: ctx.now });
};
