/**
 * The door's test fixtures (the unit tests of ./door-judge.ts and ./door-admit.ts): a ticket key
 * pair, a guest, a kept door state and tickets signed with the pair. Never imported by the app.
 */
import type { DoorGuest, DoorState } from '@/contract/door';
import { signTicket, TICKET_ALGORITHM, toBase64Url, type TicketKeyPair } from '@/contract/tickets';

const pair = (await crypto.subtle.generateKey(TICKET_ALGORITHM, true, ['sign', 'verify'])) as TicketKeyPair;
const raw = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));

/** Event 4's door, whose guests are given. */
export const EVENT = 4;

export const guest = (over: Partial<DoorGuest> = {}): DoorGuest => ({
  bookingId: 7,
  code: 'BK-ABCDEF',
  name: 'Lina Haddad',
  phone: '+966500000001',
  tickets: 3,
  status: 'confirmed',
  paymentStatus: 'paid',
  admitted: 0,
  lastAt: null,
  lastDevice: null,
  ...over,
});

/** A kept door state of event 4 (a paid event in Riyadh) held from `startsAt` to `endsAt`. */
export const doorState = (
  guests: DoorGuest[],
  { startsAt, endsAt, asOf }: { startsAt: string; endsAt: string; asOf: string },
): DoorState => ({
  event: {
    id: EVENT,
    title: { en: 'Night', ar: 'ليلة' },
    startsAt,
    endsAt,
    timeZone: 'Asia/Riyadh',
    locationName: { en: 'Hall', ar: 'القاعة' },
    price: 5000,
    capacity: 100,
  },
  keys: [{ id: 1, publicKey: raw }],
  admitted: 0,
  expected: 3,
  guests,
  log: [],
  asOf,
});

/** A ticket of `bookingId` at `eventId`, signed with the pair's key 1. */
export const ticket = (bookingId = 7, eventId = EVENT) =>
  signTicket({ keyId: 1, bookingId, eventId }, pair.privateKey);
