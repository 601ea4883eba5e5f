import { z } from 'zod';
import { email, id, language, phone, version } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { defineResource, idParam, localizedText, recordOf } from '../resource';
import { eventStatus } from './event';
import { CURRENCY, dateOnly, timeZoneName } from './values';

/**
 * Bookings (permission `booking`). Customers book on the platform; staff may also add a booking
 * (phone or walk-in) and correct its customer details and notes. Records belong to the event's
 * service provider (`providerScoped`): a provider sees only bookings of its own events, a
 * supervisor only its provider's, platform staff all. Status and payment status move only along
 * the transitions below (`/api/booking/update-status`, history of who, when, from, to). Confirming
 * counts the seats of confirmed, checked-in and completed bookings against the event's capacity
 * under a row lock on the event: capacity is never oversold.
 */
const tag = 'Bookings';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'checked_in', 'completed'] as const;
export const bookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatus>;
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const BOOKING_STATUS_LABEL: Record<BookingStatus, { en: string; ar: string }> = {
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  confirmed: { en: 'Confirmed', ar: 'مؤكد' },
  cancelled: { en: 'Cancelled', ar: 'ملغى' },
  checked_in: { en: 'Checked in', ar: 'تم تسجيل الحضور' },
  completed: { en: 'Completed', ar: 'مكتمل' },
};
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, { en: string; ar: string }> = {
  pending: { en: 'Payment pending', ar: 'الدفع قيد الانتظار' },
  paid: { en: 'Paid', ar: 'مدفوع' },
  refunded: { en: 'Refunded', ar: 'مسترد' },
  failed: { en: 'Payment failed', ar: 'فشل الدفع' },
};

/** Allowed status changes: from → to. */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['checked_in', 'cancelled'],
  checked_in: ['completed'],
  cancelled: [],
  completed: [],
};
const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  failed: ['pending', 'paid'],
  paid: ['refunded'],
  refunded: [],
};
/**
 * The payment moves of a booking in `status`: PAYMENT_TRANSITIONS, except that a cancelled booking
 * is never paid again nor sent back to pending; it can only be refunded (docs/product.md §4).
 */
export const paymentMoves = (status: BookingStatus, payment: PaymentStatus): readonly PaymentStatus[] =>
  status === 'cancelled'
    ? PAYMENT_TRANSITIONS[payment].filter((to) => to === 'refunded')
    : PAYMENT_TRANSITIONS[payment];
/** Statuses whose tickets hold seats. */
export const SEAT_HOLDING: readonly BookingStatus[] = ['confirmed', 'checked_in', 'completed'];
const MAX_TICKETS_PER_BOOKING = 20;

const tickets = z
  .number({ error: msg('tickets', { max: MAX_TICKETS_PER_BOOKING }) })
  .int(msg('tickets', { max: MAX_TICKETS_PER_BOOKING }))
  .min(1, msg('tickets', { max: MAX_TICKETS_PER_BOOKING }))
  .max(MAX_TICKETS_PER_BOOKING, msg('tickets', { max: MAX_TICKETS_PER_BOOKING }));

export const bookingResource = defineResource({
  key: 'booking',
  columns: [
    'code',
    'event',
    'customer',
    'phone',
    'tickets',
    'total',
    'paymentStatus',
    'status',
    'provider',
    'createdAt',
  ],
  tag,
  permission: 'booking',
  providerScoped: true,
  paths: {
    list: { method: 'GET', path: '/api/booking' },
    create: { method: 'POST', path: '/api/booking' },
    get: { method: 'GET', path: '/api/booking/:id' },
    update: { method: 'PUT', path: '/api/booking/:id' },
  },
  record: recordOf({
    code: z.string(),
    eventId: z.number().int(),
    eventTitle: localizedText,
    eventStartsAt: z.string(),
    /** The event's venue's IANA time zone (its times are shown on that clock). */
    eventTimeZone: z.string(),
    providerId: z.number().int(),
    providerName: localizedText,
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    tickets: z.number().int(),
    /** Minor units (halalas), taken from the event's price when booked. */
    unitPrice: z.number().int(),
    total: z.number().int(),
    currency: z.literal(CURRENCY),
    paymentStatus,
    status: bookingStatus,
    notes: z.string().nullable(),
    /** The language the guest is written to in. */
    language,
  }),
  detailFields: {
    /**
     * The booking's ticket (src/contract/tickets.ts) while it holds seats (`SEAT_HOLDING`), else
     * null: the text its QR code carries.
     */
    ticket: z.string().nullable(),
  },
  input: z.strictObject({
    /** An approved event that has not ended (you may see). */
    eventId: id,
    customerName: z
      .string({ error: msg('customerName') })
      .trim()
      .min(2, msg('customerName'))
      .max(100, msg('maxChars', { n: 100 })),
    customerEmail: email,
    customerPhone: phone,
    /** Changes only while the booking is pending. */
    tickets,
    notes: z
      .string()
      .trim()
      .max(1000, msg('maxChars', { n: 1000 }))
      .nullable()
      .default(null),
    /** The language the guest's mails are in (English unless set). */
    language: language.default('en'),
  }),
  filters: z.strictObject({
    status: bookingStatus.optional(),
    paymentStatus: paymentStatus.optional(),
    eventId: idParam.optional(),
    providerId: idParam.optional(),
    /** Booked on or after this day (on the clock of `tz`). */
    from: dateOnly.optional(),
    /** Booked on or before this day (on the clock of `tz`). */
    to: dateOnly.optional(),
    /**
     * The clock `from` / `to` count days on: the viewer's IANA zone (Asia/Kolkata); absent, the
     * platform's (Asia/Riyadh). Offsets are refused.
     */
    tz: timeZoneName.optional(),
  }),
  sort: ['createdAt', 'code', 'customerName', 'tickets', 'total', 'status', 'paymentStatus', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'the booking code and the customer’s name, e-mail and phone',
  notes: {
    create:
      'Adds a pending booking (payment pending) with a new code; unit price and total come from the event.',
    update:
      'Customer details and notes; the event and the ticket count change only while the booking is pending (409).',
  },
});

const bookingHistoryEntry = z.object({
  id: z.number().int(),
  /** `status` or `payment`. */
  field: z.enum(['status', 'payment']),
  from: z.string().nullable(),
  to: z.string(),
  note: z.string().nullable(),
  by: z.object({ id: z.number().int(), name: localizedText }).nullable(),
  at: z.string(),
});

const bookingDetails = z.object({
  booking: bookingResource.record,
  event: z.object({
    id: z.number().int(),
    title: localizedText,
    startsAt: z.string(),
    endsAt: z.string(),
    status: eventStatus,
    capacity: z.number().int(),
    soldTickets: z.number().int(),
    locationName: localizedText,
    /** The venue's IANA time zone. */
    timeZone: z.string(),
    cityName: localizedText,
  }),
  history: z.array(bookingHistoryEntry),
  /**
   * The booking's ticket (src/contract/tickets.ts) while it holds seats (`SEAT_HOLDING`), else
   * null: the text its QR code carries.
   */
  ticket: z.string().nullable(),
  /** The changes allowed from the current values. */
  allowed: z.object({ status: z.array(bookingStatus), paymentStatus: z.array(paymentStatus) }),
});

const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];
const MAIL_KINDS = ['event_cancelled', 'event_changed', 'event_reinstated', 'message', 'reminder'] as const;

/** One mail of a booking's delivery log (docs/decisions/0067-the-mail-queue.md). */
export const bookingMail = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  subject: z.string(),
  to: z.string(),
  language,
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  /** The SMTP server's last answer (a failure's reason). */
  response: z.string().nullable(),
  createdAt: z.string(),
  /** When it was accepted by the mail server. */
  sentAt: z.string().nullable(),
  /** While queued: when it is tried (again). */
  nextAttemptAt: z.string().nullable(),
});
export type BookingMail = z.infer<typeof bookingMail>;

export const bookingApi = {
  bookingMails: endpoint({
    method: 'GET',
    path: '/api/booking/mails/:id',
    summary:
      'The booking’s delivery log: every mail sent (or to be sent) to its guest, newest first, with its state (queued, sending, sent, failed with the mail server’s answer), tries and times. Access as the booking’s details.',
    tag,
    access: needs('booking'),
    params: z.strictObject({ id }),
    response: ok(z.array(bookingMail)),
  }),
  bookingDetails: endpoint({
    method: 'GET',
    path: '/api/booking/details/:id',
    summary:
      'Everything about one booking: the booking, its event (with seats sold), the status history and the changes allowed now.',
    tag,
    access: needs('booking'),
    params: z.strictObject({ id }),
    response: ok(bookingDetails),
  }),
  bookingUpdateStatus: endpoint({
    method: 'POST',
    path: '/api/booking/update-status',
    summary:
      'Change the status and/or the payment status ({ id, status?, paymentStatus?, note?, version? }) along BOOKING_TRANSITIONS / PAYMENT_TRANSITIONS; each change is recorded in the history. A move that is not allowed answers 409; confirming without enough seats answers 409; a stale version answers 409. Asking for the current value again changes nothing (safe to replay); honours Idempotency-Key.',
    tag,
    access: needs('booking'),
    body: z
      .strictObject({
        id,
        status: bookingStatus.optional(),
        paymentStatus: paymentStatus.optional(),
        note: z
          .string()
          .trim()
          .max(500, msg('maxChars', { n: 500 }))
          .nullable()
          .default(null),
        version: version.optional(),
      })
      .refine((b) => b.status !== undefined || b.paymentStatus !== undefined, {
        path: ['status'],
        error: msg('statusOrPayment'),
      }),
    response: ok(bookingResource.record),
    idempotent: true,
  }),
} as const;
