import { z } from 'zod';
import { id, localized, version } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { boolParam, defineResource, idParam, localizedText, recordOf } from '../resource';
import { CURRENCY, dateOnly, dateTime, imagePath, uploadedImage } from './values';
import { eventSupervisor } from './supervisor';
import { eventGuestsApi } from './event-guests';

/**
 * Events (permission `event`). Records belong to a service provider (`providerScoped`): a provider
 * reaches only its own events (another provider's answer 404, also in lists) and is always the
 * provider of the events it adds; a supervisor reaches its provider's events. The status moves
 * only along `EVENT_TRANSITIONS` (as data, enforced by the server: any other move answers 409).
 * Images are uploaded first (`POST /api/event/image`) and their paths sent in `images`; one of
 * them is the cover. Specialists have their own endpoint; featured is set by admins only.
 */
const tag = 'Events';

export const EVENT_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'cancelled', 'completed'] as const;
export const eventStatus = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatus>;

export const EVENT_STATUS_LABEL: Record<EventStatus, { en: string; ar: string }> = {
  draft: { en: 'Draft', ar: 'مسودة' },
  pending: { en: 'Pending approval', ar: 'بانتظار الموافقة' },
  approved: { en: 'Approved', ar: 'معتمدة' },
  rejected: { en: 'Rejected', ar: 'مرفوضة' },
  cancelled: { en: 'Cancelled', ar: 'ملغاة' },
  completed: { en: 'Completed', ar: 'مكتملة' },
};

/**
 * Allowed status changes. `by: 'admin'` moves are for admins only (approve / reject); `by: 'owner'`
 * moves are for anyone who may edit the event (its provider, its provider's supervisors, staff).
 * `reason: true` needs a reason. `afterEnd: true` only once the event has ended; `beforeStart: true`
 * only while it has not started.
 */
export interface EventTransition {
  to: EventStatus;
  by: 'owner' | 'admin';
  reason?: boolean;
  afterEnd?: boolean;
  beforeStart?: boolean;
}
export const EVENT_TRANSITIONS: Record<EventStatus, readonly EventTransition[]> = {
  draft: [
    { to: 'pending', by: 'owner', beforeStart: true },
    { to: 'cancelled', by: 'owner' },
  ],
  pending: [
    { to: 'approved', by: 'admin', beforeStart: true },
    { to: 'rejected', by: 'admin', reason: true },
    { to: 'draft', by: 'owner' },
  ],
  rejected: [
    { to: 'pending', by: 'owner', beforeStart: true },
    { to: 'draft', by: 'owner' },
  ],
  approved: [
    { to: 'cancelled', by: 'owner', reason: true },
    { to: 'completed', by: 'owner', afterEnd: true },
  ],
  cancelled: [],
  completed: [],
};
export const eventTransition = (from: EventStatus, to: EventStatus) =>
  EVENT_TRANSITIONS[from].find((t) => t.to === to) ?? null;
/** Statuses in which the event's fields may still be edited. */
export const EVENT_EDITABLE: readonly EventStatus[] = ['draft', 'pending', 'rejected', 'approved'];

export const MAX_EVENT_IMAGES = 10;
const MAX_EVENT_CAPACITY = 100_000;
/** 1,000,000.00 SAR in halalas. */
const MAX_PRICE = 100_000_000;
export const EVENT_IMAGE_FOLDER = 'event-images';
const eventImage = imagePath(EVENT_IMAGE_FOLDER);

const reason = z
  .string()
  .trim()
  .max(500, msg('maxChars', { n: 500 }))
  .nullable()
  .default(null);

export const eventResource = defineResource({
  key: 'event',
  columns: [
    'title',
    'startsAt',
    'endsAt',
    'category',
    'city',
    'provider',
    'price',
    'capacity',
    'status',
    'createdAt',
  ],
  tag,
  permission: 'event',
  providerScoped: true,
  // The calendar beside the table (docs/decisions/0070-the-events-calendar.md).
  layouts: ['calendar'],
  // Pickers' event names (drafts too): for who works with events, not a door account (ADR 0055).
  access: { options: needs('event') },
  paths: {
    list: { method: 'GET', path: '/api/event' },
    create: { method: 'POST', path: '/api/event' },
    get: { method: 'GET', path: '/api/event/:id' },
    update: { method: 'PUT', path: '/api/event/:id' },
    remove: { method: 'DELETE', path: '/api/event/:id' },
    options: { method: 'GET', path: '/api/event/get-all-event' },
  },
  record: recordOf({
    title: localizedText,
    description: localizedText,
    categoryId: z.number().int(),
    categoryName: localizedText,
    providerId: z.number().int(),
    providerName: localizedText,
    countryId: z.number().int(),
    countryName: localizedText,
    cityId: z.number().int(),
    cityName: localizedText,
    locationId: z.number().int(),
    locationName: localizedText,
    /** The venue's IANA time zone: the clock the event's times are entered and shown on. */
    timeZone: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** Minor units (halalas). */
    price: z.number().int(),
    currency: z.literal(CURRENCY),
    capacity: z.number().int(),
    /** Tickets of confirmed, checked-in and completed bookings. */
    soldTickets: z.number().int(),
    images: z.array(z.string()),
    coverImage: z.string().nullable(),
    supervisorIds: z.array(z.number().int()),
    featured: z.boolean(),
    status: eventStatus,
    /** Why it was rejected or cancelled. */
    statusReason: z.string().nullable(),
  }),
  input: z.strictObject({
    title: localized(150),
    description: localized(5000),
    categoryId: id,
    /** Staff choose the provider; a provider's own events are always its own (omit it). */
    providerId: id.optional(),
    countryId: id,
    cityId: id,
    locationId: id,
    startsAt: dateTime,
    /** After `startsAt` (checked by the server: field error on `endsAt`). */
    endsAt: dateTime,
    price: z
      .number({ error: msg('price') })
      .int(msg('price'))
      .min(0, msg('price'))
      .max(MAX_PRICE, msg('price')),
    capacity: z
      .number({ error: msg('capacity', { max: MAX_EVENT_CAPACITY }) })
      .int(msg('capacity', { max: MAX_EVENT_CAPACITY }))
      .min(1, msg('capacity', { max: MAX_EVENT_CAPACITY }))
      .max(MAX_EVENT_CAPACITY, msg('capacity', { max: MAX_EVENT_CAPACITY })),
    images: z.array(eventImage).max(MAX_EVENT_IMAGES).default([]),
    /** One of `images` (null: the first image, if any). */
    coverImage: eventImage.nullable().default(null),
    /** Supervisors of the event's provider. */
    supervisorIds: z.array(id).max(50).default([]),
    /**
     * Whether a change of the times or the venue is mailed to the event's guests (false: a
     * correction, told to nobody and recorded on the audit trail). Ignored by a create.
     */
    notifyGuests: z.boolean().default(true),
  }),
  filters: z.strictObject({
    status: eventStatus.optional(),
    categoryId: idParam.optional(),
    cityId: idParam.optional(),
    providerId: idParam.optional(),
    featured: boolParam.optional(),
    /** Starts on or after this day, on its venue's clock (docs/decisions/0031-venue-days-and-viewer-moments.md). */
    from: dateOnly.optional(),
    /** Starts on or before this day, on its venue's clock. */
    to: dateOnly.optional(),
  }),
  sort: [
    'title',
    'startsAt',
    'price',
    'capacity',
    'status',
    'category',
    'city',
    'provider',
    'createdAt',
    'updatedAt',
  ],
  defaultSort: { column: 'startsAt', order: 'desc' },
  searchIn: 'the English and Arabic titles',
  notes: {
    create:
      'New events are drafts. Price in halalas (SAR minor units). The location must be in the city and the city in the country.',
    update:
      'Cancelled and completed events cannot be edited (409); the capacity cannot drop below the tickets sold (422).',
    remove: 'Refused (409) while the event has bookings.',
    options:
      'Every event you may see as id and title (pickers: booking filters, advertisement targets); filters as in the list.',
  },
});

const eventSpecialist = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: localizedText,
  role: localizedText,
  photo: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type EventSpecialist = z.infer<typeof eventSpecialist>;

const specialistFields = {
  name: localized(100),
  role: localized(100),
  photo: eventImage.nullable().default(null),
};
/** What the specialist form sends (with `action` and `eventId` or `id`). */
export const specialistInput = z.strictObject(specialistFields);
export const MAX_SPECIALISTS = 30;

const eventHistoryEntry = z.object({
  id: z.number().int(),
  fromStatus: eventStatus.nullable(),
  toStatus: eventStatus,
  reason: z.string().nullable(),
  by: z.object({ id: z.number().int(), name: localizedText }).nullable(),
  at: z.string(),
});

const eventDetails = z.object({
  event: eventResource.record,
  /** The images with the cover first. */
  gallery: z.array(z.object({ path: z.string(), cover: z.boolean() })),
  specialists: z.array(eventSpecialist),
  supervisors: z.array(eventSupervisor),
  bookings: z.object({
    total: z.number().int(),
    /** Count and tickets per booking status. */
    byStatus: z.record(z.string(), z.object({ count: z.number().int(), tickets: z.number().int() })),
    soldTickets: z.number().int(),
    remaining: z.number().int(),
    /** Paid bookings' totals (halalas). */
    revenue: z.number().int(),
  }),
  history: z.array(eventHistoryEntry),
  /** The status changes this caller may make now. */
  allowedTransitions: z.array(eventStatus),
});

const record = eventResource.record;
const adminOnly = needs('event', { roles: ['admin'] });

export const eventApi = {
  eventDetails: endpoint({
    method: 'GET',
    path: '/api/event/get-details/:id',
    summary:
      'Details of one event: info, gallery (cover first), specialists, supervisors, bookings summary, status history and the status changes the caller may make.',
    tag,
    access: needs('event'),
    params: z.strictObject({ id }),
    response: ok(eventDetails),
  }),
  eventUpdateStatus: endpoint({
    method: 'POST',
    path: '/api/event/update-status',
    summary:
      'Change the status along EVENT_TRANSITIONS ({ id, status, reason?, version? }). A move that is not allowed answers 409; approving and rejecting are for admins (403); rejecting and cancelling need a reason (422). Cancelling cancels the event’s pending and confirmed bookings (with history). Same status again: no change (replay-safe).',
    tag,
    access: needs('event'),
    body: z.strictObject({
      id,
      status: eventStatus,
      reason,
      version: version.optional(),
    }),
    response: ok(record),
    idempotent: true,
  }),
  ...eventGuestsApi,
  eventApprove: endpoint({
    method: 'POST',
    path: '/api/event/approve',
    summary:
      'Admins only: approve or reject a pending event ({ id, status: "approved" | "rejected", reason, version? }); rejecting needs a reason. A stale `version` answers 409 and changes nothing (a decision kept offline and replayed after the event changed).',
    tag,
    access: adminOnly,
    body: z
      .strictObject({ id, status: z.enum(['approved', 'rejected']), reason, version: version.optional() })
      .refine((b) => b.status === 'approved' || (b.reason ?? '').length > 0, {
        path: ['reason'],
        error: msg('reasonRequired'),
      }),
    response: ok(record),
    idempotent: true,
  }),
  eventUpdateFeatured: endpoint({
    method: 'POST',
    path: '/api/event/update-featured',
    summary: 'Admins only: feature or unfeature an approved event ({ id, featured }).',
    tag,
    access: adminOnly,
    body: z.strictObject({ id, featured: z.boolean() }),
    response: ok(record),
    idempotent: true,
  }),
  eventSpecialist: endpoint({
    method: 'POST',
    path: '/api/event/specialist',
    summary:
      'Manage an event’s specialists: { action: "add", eventId, name, role, photo } | { action: "update", id, name, role, photo } | { action: "remove", id }. Answers the event’s specialists. Photos are uploaded with POST /api/event/image.',
    tag,
    access: needs('event'),
    body: z.discriminatedUnion('action', [
      z.strictObject({ action: z.literal('add'), eventId: id, ...specialistFields }),
      z.strictObject({ action: z.literal('update'), id, ...specialistFields }),
      z.strictObject({ action: z.literal('remove'), id }),
    ]),
    response: ok(z.array(eventSpecialist)),
    idempotent: true,
  }),
  eventImage: endpoint({
    method: 'POST',
    path: '/api/event/image',
    summary:
      'Upload an event image or specialist photo (multipart field "file": JPEG, PNG or WebP up to 5 MB, type checked from the content). Answers the `path` to put in `images`, `coverImage` or `photo`.',
    tag,
    access: needs('event'),
    multipart: true,
    files: ['file'],
    response: ok(uploadedImage),
    successStatus: 201,
  }),
} as const;
