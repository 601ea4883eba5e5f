/**
 * What an event's create and update must pass (the resource's `check`): its provider, its dates and
 * pictures, that what it names exists and belongs together, and a capacity that does not fall
 * below the seats sold.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { msg } from '../../src/contract/messages';
import { EVENT_EDITABLE } from '../../src/contract/areas/event';
import { SUPERVISOR_ROLES } from '../../src/contract/areas/supervisor';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import { USER_STATUS } from '../../src/contract/roles';
import type { Executor, Tx } from '../db/client';
import { bookings, categories, cities, events, locations, serviceProviders, users } from '../db/schema';
import { conflict, fieldError, HttpError } from '../core/errors';
import { smsg } from '../core/messages';
import { figure, readTogether, valueOrNull } from '../db/together';
import { seatsTaken } from '../db/seats';
import { keyOfPath } from '../files/storage';
import type { ResourceCtx } from '../resources/impl';
import type { EventInput, EventRecord } from './event';

/**
 * Seats held by the bookings of the event row of the outer query (qualified names: drizzle leaves
 * column names unqualified in single-table selects, where `id` would mean the subquery's own).
 */
export const soldTicketsOf = () =>
  sql<number>`(select coalesce(sum(sb.tickets), 0) from bookings sb where sb.event_id = "events"."id" and sb.status in (${sql.join(
    SEAT_HOLDING.map((s) => sql`${s}`),
    sql`, `,
  )}))`.mapWith(Number);

/** Every path is a stored file (or one the record had already); read in the record's transaction. */
export const assertImagesExist = async (
  tx: Executor,
  ctx: Pick<ResourceCtx, 'deps'>,
  field: string,
  paths: string[],
  known: string[] = [],
) => {
  for (const p of paths) {
    if (known.includes(p)) continue;
    const key = keyOfPath(p);
    if (!key || !(await ctx.deps.storage.info(key, tx))) throw fieldError(field, smsg('imageMissing'));
  }
};

/** The event's provider: a provider (or supervisor) always gets its own; staff must name one. */
export const providerFor = async (
  tx: Tx,
  requested: number | undefined,
  ctx: ResourceCtx,
  current?: number,
) => {
  if (ctx.ownerId !== null) {
    if (requested !== undefined && requested !== ctx.ownerId)
      throw fieldError('providerId', smsg('unknownProvider'));
    return ctx.ownerId;
  }
  const id = requested ?? current;
  if (id === undefined) throw fieldError('providerId', msg('required'));
  if (id !== current) {
    const [p] = await tx
      .select({ id: serviceProviders.userId })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.userId))
      .where(and(eq(serviceProviders.userId, id), eq(users.status, USER_STATUS.active)));
    if (!p) throw fieldError('providerId', smsg('unknownProvider'));
  }
  return id;
};

export const countBookings = async (tx: Executor, eventId: number) =>
  (
    await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookings)
      .where(eq(bookings.eventId, eventId))
  )[0]!.n;

export const checkEvent = async (
  tx: Tx,
  input: EventInput,
  ctx: ResourceCtx,
  existing: EventRecord | null,
): Promise<void> => {
  if (existing && !EVENT_EDITABLE.includes(existing.status)) throw conflict(smsg('eventNotEditable'));
  const providerId = await providerFor(tx, input.providerId, ctx, existing?.providerId);
  const errors: Record<string, string> = {};
  if (new Date(input.endsAt).getTime() <= new Date(input.startsAt).getTime())
    errors.endsAt = msg('endAfterStart');
  if (input.coverImage !== null && !input.images.includes(input.coverImage))
    errors.coverImage = msg('coverNotInImages');
  const supervisorIds = [...new Set(input.supervisorIds)];
  // Confirming a booking counts the seats under the event row's lock (booking.ts
  // changeBookingStatus); lowering the capacity takes the same lock before it counts, so the two
  // cannot interleave and oversell (docs/security.md, "Concurrency"). A capacity kept or raised
  // cannot oversell: no lock, no count.
  const lowered = existing !== null && input.capacity < existing.capacity ? existing : null;
  // What the input names, and the lock, in one statement (server/db/together.ts).
  const found = await readTogether(tx, {
    category: valueOrNull(
      tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)),
      Number,
    ),
    countryOfCity: valueOrNull(
      tx.select({ countryId: cities.countryId }).from(cities).where(eq(cities.id, input.cityId)),
      Number,
    ),
    cityOfLocation: valueOrNull(
      tx.select({ cityId: locations.cityId }).from(locations).where(eq(locations.id, input.locationId)),
      Number,
    ),
    supervisors: figure(
      supervisorIds.length
        ? tx
            .select({ n: sql`count(*)` })
            .from(users)
            .where(
              and(
                inArray(users.id, supervisorIds),
                // Full supervisors and door accounts (docs/decisions/0055-the-door.md) of the provider.
                inArray(users.role, [...SUPERVISOR_ROLES]),
                isNotNull(users.providerId),
                eq(users.providerId, providerId),
              ),
            )
        : sql`select 0`,
    ),
    ...(lowered && {
      locked: valueOrNull(
        tx.select({ id: events.id }).from(events).where(eq(events.id, lowered.id)).for('update'),
        Number,
      ),
    }),
  });
  if (found.category === null) errors.categoryId = smsg('unknownCategory');
  if (found.countryOfCity === null) errors.cityId = smsg('unknownCity');
  else if (found.countryOfCity !== input.countryId) errors.cityId = smsg('cityNotInCountry');
  if (found.cityOfLocation === null) errors.locationId = smsg('unknownLocation');
  else if (found.cityOfLocation !== input.cityId) errors.locationId = smsg('locationNotInCity');
  if (found.supervisors !== supervisorIds.length) errors.supervisorIds = smsg('unknownSupervisor');
  if (lowered) {
    // Counted after the lock is held (a statement of its own: it sees what committed meanwhile),
    // with the seats door devices hold in leases (server/db/seats.ts).
    const taken = found.locked === null ? lowered.soldTickets : await seatsTaken(tx, lowered.id, ctx.now);
    if (input.capacity < taken) errors.capacity = smsg('capacityBelowSold', { n: taken });
  }
  const keys = Object.keys(errors);
  if (keys.length)
    throw new HttpError(422, keys.length === 1 ? errors[keys[0]!]! : msg('validationFailed'), errors);
  if (existing && providerId !== existing.providerId && (await countBookings(tx, existing.id)) > 0)
    throw conflict(smsg('usedByBookings', { n: await countBookings(tx, existing.id) }));
  await assertImagesExist(tx, ctx, 'images', input.images, existing?.images);
};
