import { z } from 'zod';
import { endpoint, ok } from './http';
import { id } from './common';
import { localizedText } from './resource-config';
import { dateTime } from './areas/values';
import { bookingStatus, paymentStatus } from './areas/booking';
import { msg } from './messages';

/**
 * The door (docs/product.md, "The door"): staff admit guests at an event's entrance by their
 * ticket (src/contract/tickets.ts), online or from a list kept on the device.
 *
 * Who: the `checkin` permission, and the event in the caller's reach: staff reach every event, a
 * service provider and its supervisors their provider's events, a door account (role `door`) the
 * events it is assigned to. Anything else answers 404.
 *
 * An admission is judged by the server against the ticket's signature and the booking as it is
 * now; one sent late (a device that was offline) is judged by the time the device saw it, so of two
 * devices that admitted the same guest offline the first by device time keeps it and the second is
 * told "already" (docs/decisions/0055-the-door.md).
 */

/** Why a ticket is refused at the door. */
const DOOR_REFUSALS = [
  /** Malformed, forged, or signed by a retired key. */
  'invalid',
  /** The booking was cancelled (or never confirmed). */
  'cancelled',
  /** A ticket of another event. */
  'another_event',
  /** Not a day of the event, on the venue's clock. */
  'another_day',
  /** The event is paid and the booking is not. */
  'unpaid',
  /** More guests than the ticket has left. */
  'count',
] as const;
const doorRefusal = z.enum(DOOR_REFUSALS);
export type DoorRefusal = z.infer<typeof doorRefusal>;

const DOOR_VERDICTS = ['admitted', 'already', 'refused'] as const;

/** A device names itself ("Gate B"); the name is shown on the other devices' verdicts and the log. */
export const deviceName = z
  .string()
  .trim()
  .min(1, msg('required'))
  .max(40, msg('maxChars', { n: 40 }));
/** The device's own id (random, kept on the device): tells one device's admissions from another's. */
export const deviceId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, msg('invalidValue'));

/** One guest on the door list: what a device needs to judge a ticket with no connection. */
const doorGuest = z.object({
  bookingId: z.number().int(),
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  tickets: z.number().int(),
  status: bookingStatus,
  paymentStatus,
  /** Guests admitted so far. */
  admitted: z.number().int(),
  /** The last admission: when (the device's time) and on which device. */
  lastAt: z.string().nullable(),
  lastDevice: z.string().nullable(),
});
export type DoorGuest = z.infer<typeof doorGuest>;

/** One admission on the event's door log. */
const doorLogEntry = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  deviceName: z.string(),
  /** When the device admitted (its clock) and when the server heard of it. */
  deviceAt: z.string(),
  at: z.string(),
  /**
   * Null when it counts; else it came second (by device time) to an admission that had already
   * used the ticket: "already admitted at 19:02 on 'Gate A'".
   */
  lostTo: z.object({ deviceName: z.string(), deviceAt: z.string() }).nullable(),
});
export type DoorLogEntry = z.infer<typeof doorLogEntry>;

export const doorEvent = z.object({
  id: z.number().int(),
  title: localizedText,
  startsAt: z.string(),
  endsAt: z.string(),
  /** The venue's IANA time zone: the days a ticket is good for are counted on its clock. */
  timeZone: z.string(),
  locationName: localizedText,
  /** Minor units; a paid event admits paid bookings only. */
  price: z.number().int(),
  capacity: z.number().int(),
});

const doorState = z.object({
  event: doorEvent,
  /** The public keys tickets are verified with (raw Ed25519, base64url), by key id. */
  keys: z.array(z.object({ id: z.number().int(), publicKey: z.string() })),
  /** Guests admitted and expected (tickets of the bookings that hold seats). */
  admitted: z.number().int(),
  expected: z.number().int(),
  /**
   * Every booking of the event, by name, with its status: those that hold seats and those that do
   * not (cancelled, pending), whose tickets a device refuses offline as the server does. A ticket of
   * a booking not named here was booked after this was read: a device offline admits it on its
   * signature (docs/decisions/0059-door-list-accounts-and-leases.md).
   */
  guests: z.array(doorGuest),
  /** The latest admissions, newest first (at most DOOR_LOG_SIZE). */
  log: z.array(doorLogEntry),
  /** The server's time when this was read: how old a kept list is. */
  asOf: z.string(),
});
export type DoorState = z.infer<typeof doorState>;

/** The door log's length: the latest admissions a device is given and its screen shows (waiting ones first). */
export const DOOR_LOG_SIZE = 20;

const admitBody = z
  .strictObject({
    /** The ticket's text as scanned or typed. */
    ticket: z.string().trim().min(1, msg('required')).max(200, msg('invalidValue')).optional(),
    /** A guest found by name or phone, without a ticket. */
    bookingId: id.optional(),
    /** The event whose door admits (a ticket of another event is refused). */
    eventId: id,
    /** Guests arriving now (a ticket for 3 may admit 2 now and 1 later). */
    count: z.number().int().min(1, msg('invalidValue')).max(1000, msg('invalidValue')),
    deviceId,
    deviceName,
    /** When the device admitted: now, or earlier for an admission sent after the connection came back. */
    at: dateTime,
  })
  .refine((b) => (b.ticket === undefined) !== (b.bookingId === undefined), {
    path: ['ticket'],
    error: msg('ticketOrBooking'),
  });
export type AdmitBody = z.output<typeof admitBody>;

const admitResult = z.object({
  verdict: z.enum(DOOR_VERDICTS),
  /** Why it was refused (null unless refused). */
  reason: doorRefusal.nullable(),
  /** The guest, when the ticket names a booking of this event the caller may see. */
  guest: doorGuest.nullable(),
  /** For `already`: the admission that used the ticket first. */
  first: z.object({ deviceName: z.string(), deviceAt: z.string() }).nullable(),
});
export type AdmitResult = z.infer<typeof admitResult>;

const tag = 'Door';

export const doorApi = {
  doorState: endpoint({
    method: 'GET',
    path: '/api/event/:id/door',
    summary: `The door of an event: the event, the public keys its tickets verify with, the counters, every booking with its status (what a device keeps to judge tickets offline: a cancelled one's ticket is refused, a ticket of a booking newer than the list is admitted on its signature) and the latest ${DOOR_LOG_SIZE} admissions. 404 for an event outside your reach.`,
    tag,
    access: { kind: 'session', permission: 'checkin' },
    params: z.strictObject({ id }),
    response: ok(doorState),
  }),
  bookingAdmit: endpoint({
    method: 'POST',
    path: '/api/booking/admit',
    summary:
      'Admit guests at the door ({ ticket | bookingId, eventId, count, deviceId, deviceName, at }): answers the verdict, `admitted`, `already` (with the first admission) or `refused` (with the reason), always 200 for a judged ticket. Audited with the device time, the server time and the device name; a booking admitted in full becomes checked in. Of two admissions of the same ticket the first by device time keeps it. Honours Idempotency-Key (an offline device replays its admissions exactly once).',
    tag,
    access: { kind: 'session', permission: 'checkin' },
    body: admitBody,
    response: ok(admitResult),
    idempotent: true,
  }),
} as const;

/* ------------------------------------------------------------- the rules, on the server and offline */

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The day (`YYYY-MM-DD`) an instant falls on in an IANA zone. */
const dayIn = (at: Date, timeZone: string): string => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
};

/** Bookings whose guests may come in: confirmed, or checked in with tickets left. */
const AT_THE_DOOR: readonly string[] = ['confirmed', 'checked_in'];

/**
 * Why this booking's guests may not come in at `at` (the device's time), or null: the one judgement
 * the server makes and a device makes offline from its kept list. Seats left are judged apart
 * (`fitAdmissions`).
 */
export const doorRefusalOf = (
  guest: Pick<DoorGuest, 'status' | 'paymentStatus'>,
  event: Pick<z.infer<typeof doorEvent>, 'startsAt' | 'endsAt' | 'timeZone' | 'price'>,
  at: Date,
): DoorRefusal | null => {
  if (!AT_THE_DOOR.includes(guest.status)) return guest.status === 'completed' ? 'another_day' : 'cancelled';
  const day = dayIn(at, event.timeZone);
  if (
    day < dayIn(new Date(event.startsAt), event.timeZone) ||
    day > dayIn(new Date(event.endsAt), event.timeZone)
  )
    return 'another_day';
  if (event.price > 0 && guest.paymentStatus !== 'paid') return 'unpaid';
  return null;
};

export interface AdmissionSeen {
  id: number;
  count: number;
  /** ISO time or epoch ms: only the order matters. */
  deviceAt: number;
}

/**
 * Which admissions of a booking with `tickets` count: in order of device time (then id), each
 * counts while the tickets hold it; the others came second. Answers the ids that count.
 */
export const fitAdmissions = (tickets: number, admissions: readonly AdmissionSeen[]): Set<number> => {
  const ordered = [...admissions].sort((a, b) => a.deviceAt - b.deviceAt || a.id - b.id);
  const counted = new Set<number>();
  let used = 0;
  for (const admission of ordered)
    if (used + admission.count <= tickets) {
      used += admission.count;
      counted.add(admission.id);
    }
  return counted;
};
