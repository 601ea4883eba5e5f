import { z } from 'zod';
import { endpoint, ok } from './http';
import { email, id, phone } from './common';
import { dateTime } from './areas/values';
import { deviceId, deviceName } from './door';
import { msg } from './messages';

/**
 * Door sales (docs/product.md, "The door"; docs/decisions/0055-the-door.md and
 * 0056-door-sales-without-an-e-mail.md): staff sell tickets at an event's entrance, online and on
 * a phone that lost its connection, and no number of devices can oversell the event.
 *
 * A device takes a seat lease: N free seats it alone may sell. Leased seats count as taken (as the
 * seats of confirmed bookings do) until they are sold within the lease, given back, or the event
 * ends; so a device offline sells within its lease and never beyond it. A sale without a lease
 * needs free seats, counted under the event's row lock as a confirmation is.
 *
 * Who: as at the door, the `checkin` permission and the event in the caller's reach; 404 otherwise.
 */

/** The most seats one lease takes (a door has a few devices; an event's capacity is far more). */
const LEASE_MAX_SEATS = 1000;
/** The most tickets one door sale sells (as a booking: src/contract/areas/booking.ts). */
const DOOR_SALE_MAX_TICKETS = 20;

const DOOR_PAYMENTS = ['cash', 'card'] as const;
const doorPayment = z.enum(DOOR_PAYMENTS, { error: msg('invalidValue') });

/** A device's lease as it stands: what it may still sell. */
const seatLease = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  deviceId: z.string(),
  /** Seats taken with the lease. */
  seats: z.number().int(),
  /** Tickets sold within it (every sale that names it, whatever became of the booking since). */
  sold: z.number().int(),
  /** Seats it still holds: seats less sold while active, 0 once returned or expired. */
  remaining: z.number().int(),
  /** Set by the server: the event's end. */
  expiresAt: z.string(),
  createdAt: z.string(),
  /** When the unsold rest was given back (null while it holds them). */
  returnedAt: z.string().nullable(),
  active: z.boolean(),
});
export type SeatLease = z.infer<typeof seatLease>;

const leases = z.object({
  leases: z.array(seatLease),
  /** Seats nobody holds now (capacity less bookings that hold seats and active leases). */
  free: z.number().int(),
  capacity: z.number().int(),
});
export type SeatLeases = z.infer<typeof leases>;

const leaseSeats = z
  .number({ error: msg('leaseSeats', { max: LEASE_MAX_SEATS }) })
  .int(msg('leaseSeats', { max: LEASE_MAX_SEATS }))
  .min(1, msg('leaseSeats', { max: LEASE_MAX_SEATS }))
  .max(LEASE_MAX_SEATS, msg('leaseSeats', { max: LEASE_MAX_SEATS }));

const saleTickets = z
  .number({ error: msg('tickets', { max: DOOR_SALE_MAX_TICKETS }) })
  .int(msg('tickets', { max: DOOR_SALE_MAX_TICKETS }))
  .min(1, msg('tickets', { max: DOOR_SALE_MAX_TICKETS }))
  .max(DOOR_SALE_MAX_TICKETS, msg('tickets', { max: DOOR_SALE_MAX_TICKETS }));

const doorSaleBody = z.strictObject({
  /** The device's lease it sells within; absent: a sale from the event's free seats (online only). */
  leaseId: id.optional(),
  customerName: z
    .string({ error: msg('customerName') })
    .trim()
    .min(2, msg('customerName'))
    .max(100, msg('maxChars', { n: 100 })),
  customerPhone: phone,
  /** Optional at the door (ADR 0056): a booking without one keeps an empty e-mail. */
  customerEmail: email.optional(),
  tickets: saleTickets,
  /** How it was paid; recorded, no gateway. */
  payment: doorPayment,
  deviceId,
  /** The device's name, on the booking's history ("Gate A"). */
  deviceName: deviceName.optional(),
  /** When the device sold: now, or earlier for a sale sent after the connection came back. */
  at: dateTime,
});
export type DoorSaleBody = z.output<typeof doorSaleBody>;

const doorSale = z.object({
  bookingId: z.number().int(),
  code: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  tickets: z.number().int(),
  /** Minor units, from the event's price as for any booking. */
  total: z.number().int(),
  payment: doorPayment,
  leaseId: z.number().int().nullable(),
  /** The lease after the sale (null for a sale without one). */
  lease: seatLease.nullable(),
  createdAt: z.string(),
});
export type DoorSale = z.infer<typeof doorSale>;

const eventParams = z.strictObject({ id });
const tag = 'Door';
const access = { kind: 'session', permission: 'checkin' } as const;

export const doorSalesApi = {
  leaseTake: endpoint({
    method: 'POST',
    path: '/api/event/:id/leases',
    summary:
      'Take a seat lease ({ seats, deviceId }): the device may sell that many seats, online or not; they count as taken until sold, returned or the event ends (`expiresAt`, set by the server). Judged under the event row lock with confirmations and sales; 409 naming the free seats when fewer are free. The event must be approved and not ended.',
    tag,
    access,
    params: eventParams,
    body: z.strictObject({ seats: leaseSeats, deviceId }),
    response: ok(seatLease),
    successStatus: 201,
    idempotent: true,
  }),
  leaseList: endpoint({
    method: 'GET',
    path: '/api/event/:id/leases',
    summary:
      "Your active leases at the event's door (of one device with `deviceId`), with sold and remaining, and the event's free seats: how a device recovers its lease.",
    tag,
    access,
    params: eventParams,
    query: z.strictObject({ deviceId: deviceId.optional() }),
    response: ok(leases),
  }),
  leaseReturn: endpoint({
    method: 'DELETE',
    path: '/api/event/:id/leases/:leaseId',
    summary:
      'Give back the unsold rest of a lease: it holds no seats from now on; its sales stay. Returning a returned lease changes nothing.',
    tag,
    access,
    params: z.strictObject({ id, leaseId: id }),
    response: ok(seatLease),
    idempotent: true,
  }),
  doorSale: endpoint({
    method: 'POST',
    path: '/api/event/:id/door-sales',
    summary:
      "Sell tickets at the door ({ leaseId?, customerName, customerPhone, customerEmail?, tickets, payment: cash | card, deviceId, at }): a booking confirmed and paid, marked as a door sale, with its code and the event's price. Within a lease it must fit the lease's remaining seats (409), without one the event's free seats (409). Honours Idempotency-Key (an offline device replays its sales exactly once).",
    tag,
    access,
    params: eventParams,
    body: doorSaleBody,
    response: ok(doorSale),
    successStatus: 201,
    idempotent: true,
  }),
} as const;
