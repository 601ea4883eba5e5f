/**
 * Events: the resource implementation (list, get, create, update, delete, pickers, CSV) and the
 * shared pieces of the event routes (select, record); its checks are in event.checks.ts, its status
 * moves in event.status.ts.
 */
import { and, eq, gte, lt, lte, inArray, sql } from 'drizzle-orm';
import { EVENT_STATUS_LABEL, eventResource, type EventStatus } from '../../src/contract/areas/event';
import { CURRENCY, MINOR_PER_MAJOR } from '../../src/contract/areas/values';
import type { Executor, Tx } from '../db/client';
import {
  advertisements,
  categories,
  cities,
  countries,
  eventHistory,
  eventSpecialists,
  events,
  eventSupervisors,
  serviceProviders,
} from '../db/schema';
import { smsg } from '../core/messages';
import { removeUnusedFiles } from '../files/references';
import { keyOfPath, type Storage } from '../files/storage';
import { addDays, EARLIEST_ZONE, LATEST_ZONE, startOfDay } from '../core/time';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';
import { checkEvent, countBookings, providerFor, soldTicketsOf } from './event.checks';
import { tellGuestsOfEdit, tellGuestsOfReinstatement } from './event.mail';

type L = { en: string; ar: string };

/**
 * The event's supervisors as its form edits them: the people of its provider (full supervisors and
 * door accounts). Staff's own door accounts assigned to it (no provider) are not the form's: they
 * are assigned at the door (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
const supervisorIdsOf = sql<
  number[]
>`coalesce((select jsonb_agg(es.user_id order by es.user_id) from event_supervisors es join users u on u.id = es.user_id where es.event_id = "events"."id" and u.provider_id = "events"."provider_id"), '[]'::jsonb)`;

/**
 * The event's venue (its name and time zone, one subquery) and its country's name, looked up by
 * key instead of joined. With all five names joined, PostgreSQL took 1.3–1.6 ms to plan the six
 * tables at every list call (three times what running it took); with the three names a list sorts
 * by (category, city, provider) joined and these looked up, ~0.4 ms. Each lookup runs once per row
 * of the page, which costs PGlite more than planning saves, so there are as few as there can be
 * (docs/decisions/0020-every-list-on-an-index.md). Outer columns are named in full, as in
 * `soldTicketsOf`.
 */
const venueOf = sql<
  [L, string]
>`(select jsonb_build_array(l.name, l.time_zone) from locations l where l.id = "events"."location_id")`.mapWith(
  (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as [L, string],
);

/** The event select with its names (also used by the event routes). */
const selectEvents = (db: Executor, extra: Record<string, ReturnType<typeof sql>> = {}) =>
  dyn(
    db
      .select({
        e: events,
        categoryName: categories.name,
        providerName: serviceProviders.businessName,
        cityName: cities.name,
        countryId: cities.countryId,
        countryName: sql`(select co.name from countries co where co.id = "cities"."country_id")`.mapWith(
          countries.name,
        ),
        venue: venueOf,
        soldTickets: soldTicketsOf(),
        supervisorIds: supervisorIdsOf,
        ...extra,
      })
      .from(events)
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .innerJoin(serviceProviders, eq(serviceProviders.userId, events.providerId))
      .innerJoin(cities, eq(cities.id, events.cityId))
      .$dynamic(),
  );

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

const toEvent = (r: EventRow) => ({
  id: r.e.id,
  version: r.e.version,
  createdAt: r.e.createdAt.toISOString(),
  updatedAt: r.e.updatedAt.toISOString(),
  title: r.e.title,
  description: r.e.description,
  categoryId: r.e.categoryId,
  categoryName: r.categoryName,
  providerId: r.e.providerId,
  providerName: r.providerName,
  countryId: r.countryId,
  countryName: r.countryName,
  cityId: r.e.cityId,
  cityName: r.cityName,
  locationId: r.e.locationId,
  locationName: r.venue[0],
  timeZone: r.venue[1],
  startsAt: r.e.startsAt.toISOString(),
  endsAt: r.e.endsAt.toISOString(),
  price: r.e.price,
  currency: CURRENCY,
  capacity: r.e.capacity,
  soldTickets: Number(r.soldTickets),
  images: r.e.images,
  coverImage: r.e.coverImage,
  supervisorIds: (r.supervisorIds ?? []).map(Number),
  featured: r.e.featured,
  status: r.e.status as EventStatus,
  statusReason: r.e.statusReason,
});
export type EventRecord = ReturnType<typeof toEvent>;

export const loadEvent = async (db: Executor, id: number, ownerId: number | null) => {
  const [row] = await selectEvents(db)
    .where(and(eq(events.id, id), ownerId === null ? undefined : eq(events.providerId, ownerId)))
    .limit(1);
  return row ? toEvent(row) : null;
};

/**
 * Removes, in the record's transaction `tx`, the stored files of these image paths that no record
 * uses any more (server/files/references.ts).
 */
export const deleteUnusedImages = (tx: Executor, storage: Storage, paths: (string | null)[]) =>
  removeUnusedFiles(
    tx,
    storage,
    paths.map((p) => (p === null ? null : keyOfPath(p))),
  );

export type EventInput = {
  title: L;
  description: L;
  categoryId: number;
  providerId?: number | undefined;
  countryId: number;
  cityId: number;
  locationId: number;
  startsAt: string;
  endsAt: string;
  price: number;
  capacity: number;
  images: string[];
  coverImage: string | null;
  supervisorIds: number[];
  notifyGuests?: boolean;
};

const fields = (input: EventInput, providerId: number) => ({
  title: input.title,
  description: input.description,
  categoryId: input.categoryId,
  providerId,
  cityId: input.cityId,
  locationId: input.locationId,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  price: input.price,
  capacity: input.capacity,
  images: input.images,
  coverImage: input.coverImage ?? input.images[0] ?? null,
});

/**
 * The event's supervisors become `ids`, from `had` (what the record had as it was read, its version
 * checked): only the ones removed are deleted and only the new ones inserted, so a save that keeps
 * them sends no statement (and the audit trail records no change, docs/decisions/0017-audit-trail.md).
 * Assignments the form does not hold (staff's door accounts, `supervisorIdsOf`) stay.
 */
const writeSupervisors = async (tx: Tx, eventId: number, ids: number[], had: number[] = []) => {
  const wanted = [...new Set(ids)];
  const removed = had.filter((id) => !wanted.includes(id));
  if (removed.length)
    await tx
      .delete(eventSupervisors)
      .where(and(eq(eventSupervisors.eventId, eventId), inArray(eventSupervisors.userId, removed)));
  const added = wanted.filter((id) => !had.includes(id));
  if (added.length)
    await tx
      .insert(eventSupervisors)
      .values(added.map((userId) => ({ eventId, userId })))
      .onConflictDoNothing();
};

export const eventImpl = implement(eventResource, {
  table: events,
  columns: { id: events.id, version: events.version, updatedAt: events.updatedAt, name: events.title },
  select: (db, extra) => selectEvents(db, extra),
  toRecord: toEvent,
  // Inner joins on required foreign keys: every event has one category, provider, city and location.
  countOwnTable: true,
  preparedGet: true,
  scope: (ownerId) => eq(events.providerId, ownerId),
  sort: {
    title: (lang) => textOf(events.title, lang),
    startsAt: () => events.startsAt,
    price: () => events.price,
    capacity: () => events.capacity,
    status: () => events.status,
    category: (lang) => textOf(categories.name, lang),
    city: (lang) => textOf(cities.name, lang),
    provider: (lang) => textOf(serviceProviders.businessName, lang),
    createdAt: () => events.createdAt,
    updatedAt: () => events.updatedAt,
  },
  search: [enText(events.title), arText(events.title)],
  filters: (f) => [
    f.status === undefined ? undefined : eq(events.status, f.status),
    f.categoryId === undefined ? undefined : eq(events.categoryId, f.categoryId),
    f.cityId === undefined ? undefined : eq(events.cityId, f.cityId),
    f.providerId === undefined ? undefined : eq(events.providerId, f.providerId),
    f.featured === undefined ? undefined : eq(events.featured, f.featured),
    // The venue's day (`starts_on`, kept by the database), exactly; the instants around it, which
    // every venue's day lies within, keep the list on its `starts_at` indexes
    // (docs/decisions/0031-venue-days-and-viewer-moments.md).
    f.from === undefined
      ? undefined
      : and(gte(events.startsAt, startOfDay(f.from, EARLIEST_ZONE)), gte(events.startsOn, f.from)),
    f.to === undefined
      ? undefined
      : and(lt(events.startsAt, startOfDay(addDays(f.to, 1), LATEST_ZONE)), lte(events.startsOn, f.to)),
  ],
  option: (r) => ({ id: r.id, name: r.title }),
  optionsWhere: () => undefined,
  check: checkEvent,
  async insert(tx, input, ctx) {
    const providerId = await providerFor(tx, input.providerId, ctx);
    const [row] = await tx
      .insert(events)
      .values({ ...fields(input, providerId), status: 'draft', createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: events.id });
    await writeSupervisors(tx, row!.id, input.supervisorIds);
    await tx.insert(eventHistory).values({
      eventId: row!.id,
      fromStatus: null,
      toStatus: 'draft',
      reason: null,
      byUserId: ctx.auth.user.id,
      at: ctx.now,
    });
    return row!.id;
  },
  async updateValues(tx, input, ctx, existing) {
    return fields(input, await providerFor(tx, input.providerId, ctx, existing.providerId));
  },
  async update(tx, id, input, ctx, existing) {
    await writeSupervisors(tx, id, input.supervisorIds, existing.supervisorIds);
    // Pictures the edit dropped go with it (when no other record uses them).
    await deleteUnusedImages(tx, ctx.deps.storage, [...existing.images, existing.coverImage]);
    // New times or a new venue are mailed to its guests (an edit and a restore alike).
    await tellGuestsOfEdit(tx, ctx, existing, input);
  },
  async putBack(tx, id, ctx, existing) {
    // A cancellation undone: the guests told of it hear that the event is back on.
    const now = await loadEvent(tx, id, null);
    if (existing.status === 'cancelled' && now && now.status !== 'cancelled')
      await tellGuestsOfReinstatement(tx, now, ctx.now);
  },
  references: [
    { count: countBookings, message: (n) => smsg('usedByBookings', { n }) },
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(advertisements)
            .where(eq(advertisements.eventId, id))
        )[0]!.n,
      message: (n) => smsg('usedByAds', { n }),
    },
  ],
  async delete(tx, id, ctx, existing) {
    const photos = await tx
      .select({ photo: eventSpecialists.photo })
      .from(eventSpecialists)
      .where(eq(eventSpecialists.eventId, id));
    await tx.delete(events).where(eq(events.id, id));
    await deleteUnusedImages(tx, ctx.deps.storage, [
      ...existing.images,
      existing.coverImage,
      ...photos.map((p) => p.photo),
    ]);
  },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Title (English)', ar: 'العنوان (بالإنجليزية)' }, value: (r) => r.title.en },
    { header: { en: 'Title (Arabic)', ar: 'العنوان (بالعربية)' }, value: (r) => r.title.ar },
    { header: { en: 'Category', ar: 'الفئة' }, value: (r, lang) => r.categoryName[lang] },
    { header: { en: 'Service provider', ar: 'مقدم الخدمة' }, value: (r, lang) => r.providerName[lang] },
    { header: { en: 'City', ar: 'المدينة' }, value: (r, lang) => r.cityName[lang] },
    { header: { en: 'Location', ar: 'الموقع' }, value: (r, lang) => r.locationName[lang] },
    { header: { en: 'Starts', ar: 'يبدأ' }, value: (r) => r.startsAt },
    { header: { en: 'Ends', ar: 'ينتهي' }, value: (r) => r.endsAt },
    { header: { en: 'Time zone', ar: 'المنطقة الزمنية' }, value: (r) => r.timeZone },
    {
      header: { en: `Price (${CURRENCY})`, ar: 'السعر (ر.س)' },
      value: (r) => (r.price / MINOR_PER_MAJOR).toFixed(2),
    },
    { header: { en: 'Capacity', ar: 'السعة' }, value: (r) => r.capacity },
    { header: { en: 'Tickets sold', ar: 'التذاكر المباعة' }, value: (r) => r.soldTickets },
    { header: { en: 'Featured', ar: 'مميزة' }, value: (r, lang) => yes(r.featured, lang) },
    { header: { en: 'Status', ar: 'الحالة' }, value: (r, lang) => EVENT_STATUS_LABEL[r.status][lang] },
  ],
});

const yes = (v: boolean, lang: 'en' | 'ar') => (lang === 'ar' ? (v ? 'نعم' : 'لا') : v ? 'Yes' : 'No');
