/**
 * Event actions besides the resource operations: details, status changes (update-status and the
 * admins' approve), featured, specialists and image upload. Every id outside the caller's scope
 * (another provider's event) answers 404.
 */
import { and, asc, eq, max, sql } from 'drizzle-orm';
import {
  EVENT_TRANSITIONS,
  EVENT_IMAGE_FOLDER,
  MAX_SPECIALISTS,
  eventApi,
  type EventStatus,
} from '../../src/contract/areas/event';
import { BOOKING_STATUSES, SEAT_HOLDING } from '../../src/contract/areas/booking';
import type { AuthInfo } from '../auth/sessions';
import type { Executor } from '../db/client';
import { bookings, eventSpecialists, events, eventSupervisors, users } from '../db/schema';
import { conflict, notFound } from '../core/errors';
import { route, type Handler } from '../http/route';
import type { App, Deps } from '../http/types';
import { notices } from '../notifications/notices';
import { notifyAdmins, notifyUser } from '../notifications/notify';
import { smsg } from '../core/messages';
import { deleteUnusedImages, loadEvent, type EventRecord } from './event';
import { assertImagesExist } from './event.checks';
import { changeEventStatus } from './event.status';
import { statusHistoryOf } from './event.history';
import { countGuestsToTell } from './event.mail';
import { providerScopeOf } from '../resources/impl';
import { MAX_IMAGE_BYTES, storeUploadedImage } from '../http/uploads';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';

const scopeOf = (auth: AuthInfo) => providerScopeOf(auth, 'event', true);

/** The moves this caller may make now (the server checks them again on the move itself). */
const allowedEventMoves = (event: EventRecord, auth: AuthInfo, now: Date): EventStatus[] =>
  EVENT_TRANSITIONS[event.status]
    .filter(
      (t) =>
        (t.by !== 'admin' || auth.user.role === 'admin') &&
        (!t.beforeStart || new Date(event.startsAt).getTime() > now.getTime()) &&
        (!t.afterEnd || new Date(event.endsAt).getTime() <= now.getTime()),
    )
    .map((t) => t.to);

const specialistsOf = async (db: Executor, eventId: number) =>
  db
    .select()
    .from(eventSpecialists)
    .where(eq(eventSpecialists.eventId, eventId))
    .orderBy(asc(eventSpecialists.sortOrder), asc(eventSpecialists.id));

/** Admins hear of a submitted event; its provider of the decision. */
const announceEventMove = async (deps: Deps, event: EventRecord) => {
  if (event.status === 'pending') await notifyAdmins(deps, notices.eventSubmitted(event.title, event.id));
  else if (event.status === 'approved' || event.status === 'rejected')
    await notifyUser(
      deps,
      event.providerId,
      notices.eventDecided(event.title, event.id, event.status === 'approved', event.statusReason),
    );
};

/** Move an event along EVENT_TRANSITIONS (a row action: the endpoint and bulk jobs). */
export const moveEvent: RowAction<BodyOf<typeof eventApi.eventUpdateStatus>> = async (tx, ctx, body) => {
  const ownerId = scopeOf(ctx.auth);
  const changed = await changeEventStatus(tx, {
    id: body.id,
    to: body.status,
    reason: body.reason,
    version: body.version,
    auth: ctx.auth,
    ownerId,
    now: ctx.now,
  });
  return {
    changed,
    after: changed
      ? async (deps) => announceEventMove(deps, (await loadEvent(deps.db, body.id, ownerId))!)
      : undefined,
  };
};

/** Feature or unfeature an approved event (a row action: the endpoint and bulk jobs). */
export const setEventFeatured: RowAction<BodyOf<typeof eventApi.eventUpdateFeatured>> = async (
  tx,
  ctx,
  body,
) => {
  const [e] = await tx
    .select({ status: events.status, featured: events.featured })
    .from(events)
    .where(eq(events.id, body.id))
    .for('update');
  if (!e) throw notFound();
  if (e.featured === body.featured) return { changed: false };
  if (body.featured && e.status !== 'approved') throw conflict(smsg('featuredOnlyApproved'));
  await tx
    .update(events)
    .set({ featured: body.featured, version: sql`${events.version} + 1`, updatedAt: ctx.now })
    .where(eq(events.id, body.id));
  return { changed: true };
};

const eventDetails: Handler<typeof eventApi.eventDetails> = async ({ deps, params, requireAuth }) => {
  const auth = requireAuth();
  const { db, config } = deps;
  const event = await loadEvent(db, params.id, scopeOf(auth));
  if (!event) throw notFound();
  const [specialists, supervisors, counts, revenue, history] = await Promise.all([
    specialistsOf(db, event.id),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        status: users.status,
        role: users.role,
      })
      .from(eventSupervisors)
      .innerJoin(users, eq(users.id, eventSupervisors.userId))
      .where(eq(eventSupervisors.eventId, event.id))
      .orderBy(asc(users.id)),
    db
      .select({
        status: bookings.status,
        count: sql<number>`count(*)`.mapWith(Number),
        tickets: sql<number>`coalesce(sum(${bookings.tickets}), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(eq(bookings.eventId, event.id))
      .groupBy(bookings.status),
    db
      .select({ n: sql<number>`coalesce(sum(${bookings.total}), 0)`.mapWith(Number) })
      .from(bookings)
      .where(and(eq(bookings.eventId, event.id), eq(bookings.paymentStatus, 'paid'))),
    statusHistoryOf(db, event.id),
  ]);
  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, { count: 0, tickets: 0 }]));
  for (const c of counts) byStatus[c.status] = { count: c.count, tickets: c.tickets };
  const sold = SEAT_HOLDING.reduce((n, s) => n + (byStatus[s]?.tickets ?? 0), 0);
  const gallery = [
    ...(event.coverImage ? [{ path: event.coverImage, cover: true }] : []),
    ...event.images.filter((p) => p !== event.coverImage).map((path) => ({ path, cover: false })),
  ];
  return {
    message: smsg('loaded'),
    data: {
      event,
      gallery,
      specialists: specialists.map(({ id, eventId, name, role, photo, sortOrder }) => ({
        id,
        eventId,
        name,
        role,
        photo,
        sortOrder,
      })),
      supervisors,
      bookings: {
        total: counts.reduce((n, c) => n + c.count, 0),
        byStatus,
        soldTickets: sold,
        remaining: Math.max(0, event.capacity - sold),
        revenue: revenue[0]?.n ?? 0,
      },
      history,
      allowedTransitions: allowedEventMoves(event, auth, config.now()),
    },
  };
};

const updateStatus: Handler<typeof eventApi.eventUpdateStatus> = async ({
  deps,
  body,
  requireAuth,
  lang,
}) => {
  const auth = requireAuth();
  const changed = await runRowAction(moveEvent, rowCtx(deps, auth, lang), body);
  const event = (await loadEvent(deps.db, body.id, scopeOf(auth)))!;
  return { message: smsg(changed ? 'statusSaved' : 'noChange'), data: event };
};

const approve: Handler<typeof eventApi.eventApprove> = async ({ deps, body, requireAuth }) => {
  const auth = requireAuth();
  const { db, config } = deps;
  const changed = await db.transaction((tx) =>
    changeEventStatus(tx, {
      id: body.id,
      to: body.status,
      reason: body.reason,
      version: body.version,
      auth,
      ownerId: null,
      now: config.now(),
    }),
  );
  const event = (await loadEvent(db, body.id, null))!;
  if (changed) await announceEventMove(deps, event);
  return {
    message: smsg(body.status === 'approved' ? 'eventApproved' : 'eventRejected'),
    data: event,
  };
};

const updateFeatured: Handler<typeof eventApi.eventUpdateFeatured> = async ({
  deps,
  body,
  requireAuth,
  lang,
}) => {
  await runRowAction(setEventFeatured, rowCtx(deps, requireAuth(), lang), body);
  return { message: smsg('featuredSaved'), data: (await loadEvent(deps.db, body.id, null))! };
};

const saveSpecialist: Handler<typeof eventApi.eventSpecialist> = async ({ deps, body, requireAuth }) => {
  const auth = requireAuth();
  const ownerId = scopeOf(auth);
  const { db, config, storage } = deps;
  const removedPhotos: string[] = [];
  const eventId = await db.transaction(async (tx) => {
    let eventId: number;
    let current: { photo: string | null } | null = null;
    if (body.action === 'add') eventId = body.eventId;
    else {
      const [s] = await tx
        .select({ eventId: eventSpecialists.eventId, photo: eventSpecialists.photo })
        .from(eventSpecialists)
        .where(eq(eventSpecialists.id, body.id));
      if (!s) throw notFound();
      eventId = s.eventId;
      current = s;
    }
    const [e] = await tx
      .select({ id: events.id, status: events.status })
      .from(events)
      .where(and(eq(events.id, eventId), ownerId === null ? undefined : eq(events.providerId, ownerId)))
      .for('update');
    if (!e) throw notFound();
    if (e.status === 'cancelled' || e.status === 'completed') throw conflict(smsg('eventNotEditable'));
    if (body.action === 'remove') {
      await tx.delete(eventSpecialists).where(eq(eventSpecialists.id, body.id));
      if (current?.photo) removedPhotos.push(current.photo);
    } else {
      if (body.photo && body.photo !== current?.photo)
        await assertImagesExist(tx, { deps }, 'photo', [body.photo]);
      if (body.action === 'add') {
        const [{ n, top }] = (await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number), top: max(eventSpecialists.sortOrder) })
          .from(eventSpecialists)
          .where(eq(eventSpecialists.eventId, eventId))) as [{ n: number; top: number | null }];
        if (n >= MAX_SPECIALISTS) throw conflict(smsg('tooManySpecialists', { n: MAX_SPECIALISTS }));
        await tx.insert(eventSpecialists).values({
          eventId,
          name: body.name,
          role: body.role,
          photo: body.photo,
          sortOrder: (top ?? -1) + 1,
        });
      } else {
        await tx
          .update(eventSpecialists)
          .set({ name: body.name, role: body.role, photo: body.photo })
          .where(eq(eventSpecialists.id, body.id));
        if (current?.photo && current.photo !== body.photo) removedPhotos.push(current.photo);
      }
    }
    await tx
      .update(events)
      .set({ version: sql`${events.version} + 1`, updatedAt: config.now() })
      .where(eq(events.id, eventId));
    await deleteUnusedImages(tx, storage, removedPhotos);
    return eventId;
  });
  const list = await specialistsOf(db, eventId);
  return {
    message: smsg('specialistsSaved'),
    data: list.map(({ id, eventId: e, name, role, photo, sortOrder }) => ({
      id,
      eventId: e,
      name,
      role,
      photo,
      sortOrder,
    })),
  };
};

export const registerEventRoutes = (app: App) => {
  route(app, eventApi.eventDetails, eventDetails);
  route(app, eventApi.eventUpdateStatus, updateStatus);
  route(app, eventApi.eventGuestsToTell, async ({ deps, params, requireAuth }) => {
    const event = await loadEvent(deps.db, params.id, scopeOf(requireAuth()));
    if (!event) throw notFound();
    return { message: smsg('loaded'), data: { guests: await countGuestsToTell(deps.db, event.id) } };
  });
  route(app, eventApi.eventApprove, approve);
  route(app, eventApi.eventUpdateFeatured, updateFeatured);
  route(app, eventApi.eventSpecialist, saveSpecialist);
  route(app, eventApi.eventImage, async ({ deps, files, requireAuth }) => ({
    message: smsg('imageUploaded'),
    data: {
      path: await storeUploadedImage(deps.storage, files, EVENT_IMAGE_FOLDER, MAX_IMAGE_BYTES, {
        ownerId: requireAuth().user.id,
        db: deps.db,
      }),
    },
  }));
};
