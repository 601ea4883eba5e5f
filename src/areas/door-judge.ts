/**
 * The door's judgement on the device (docs/decisions/0055-the-door.md): a ticket is verified with the
 * kept public keys and judged against the kept guest list by the contract's own rules
 * (`doorRefusalOf`), counting the guests already in and this device's admissions still waiting in
 * the outbox. Online, the same look-up finds the guest before the server judges (how many of a
 * group arrived); offline, it is the verdict.
 *
 * The kept list names every booking of the event with its status, cancelled ones too, so a ticket
 * of a booking that is not on it was booked after the list was kept: offline it is admitted on its
 * signature alone, for the guests the ticket names (a T1 ticket names none: one), and judged again
 * by the server when it is sent (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
import {
  doorRefusalOf,
  type AdmitBody,
  type DoorGuest,
  type DoorRefusal,
  type DoorState,
} from '@/contract/door';
import {
  importTicketKey,
  parseTicket,
  verifyTicket,
  type TicketClaims,
  type TicketKey,
} from '@/contract/tickets';

/** What was scanned or typed: a ticket's text, a booking code, or a guest picked by name. */
export type DoorInput = { ticket: string } | { bookingId: number };

/** An admission of this device not yet sent (in the outbox). */
export interface WaitingAdmission {
  bookingId: number;
  count: number;
  at: string;
  deviceName: string;
}

export type LookUp =
  | { kind: 'refused'; reason: DoorRefusal; guest: DoorGuest | null }
  | { kind: 'already'; guest: DoorGuest | null; first: { deviceName: string; deviceAt: string } }
  | { kind: 'open'; guest: DoorGuest; left: number }
  /**
   * A genuine ticket of a booking newer than the kept list: admissible on its signature, for `count`
   * guests (`SIGNATURE_ONLY_COUNT`).
   */
  | { kind: 'unlisted'; bookingId: number; count: number };

/**
 * Guests a ticket admits on its signature alone: one, as a ticket (T1, src/contract/tickets.ts)
 * names its booking and event but not how many it is for; the verdict says so.
 */
const SIGNATURE_ONLY_COUNT = 1;

const keyCache = new WeakMap<DoorState['keys'], Promise<Map<number, TicketKey>>>();

/** The kept public keys, imported once per list. */
const keysOf = (keys: DoorState['keys']): Promise<Map<number, TicketKey>> => {
  let imported = keyCache.get(keys);
  if (!imported) {
    imported = Promise.all(
      keys.map(async ({ id, publicKey }) => [id, await importTicketKey(publicKey)] as const),
    ).then((pairs) => new Map(pairs));
    keyCache.set(keys, imported);
  }
  return imported;
};

/**
 * The kept list's guests by booking id and by code (upper case), built once per list: a scan looks
 * a guest up among thousands without walking them (docs/decisions/0055-the-door.md, a mid phone).
 */
const indexCache = new WeakMap<
  readonly DoorGuest[],
  { byId: Map<number, DoorGuest>; byCode: Map<string, DoorGuest> }
>();
const indexOf = (guests: readonly DoorGuest[]) => {
  let index = indexCache.get(guests);
  if (!index) {
    index = {
      byId: new Map(guests.map((g) => [g.bookingId, g])),
      byCode: new Map(guests.map((g) => [g.code.toUpperCase(), g])),
    };
    indexCache.set(guests, index);
  }
  return index;
};

/**
 * Tickets verified against a key set, by their text: a scan verifies once, however many times it is
 * looked up (the first look, then the admission).
 */
const verifiedCache = new WeakMap<
  ReadonlyMap<number, TicketKey>,
  Map<string, Promise<TicketClaims | null>>
>();
const verified = (ticket: string, keys: ReadonlyMap<number, TicketKey>) => {
  let known = verifiedCache.get(keys);
  if (!known) verifiedCache.set(keys, (known = new Map()));
  let claims = known.get(ticket);
  if (!claims) known.set(ticket, (claims = verifyTicket(ticket, keys)));
  return claims;
};

/** Ticket text → `{ ticket }`; a booking code of the list → `{ bookingId }`; anything else: a ticket (refused). */
export const inputOf = (text: string, guests: readonly DoorGuest[]): DoorInput => {
  const trimmed = text.trim();
  const guest = indexOf(guests).byCode.get(trimmed.toUpperCase());
  return guest && !trimmed.startsWith('T1.') ? { bookingId: guest.bookingId } : { ticket: trimmed };
};

/** The booking an admission body names (a ticket's claims, unverified: it is this device's own). */
export const bookingOfBody = (body: Pick<AdmitBody, 'ticket' | 'bookingId'>): number | null =>
  body.bookingId ?? (body.ticket ? (parseTicket(body.ticket)?.claims.bookingId ?? null) : null);

/** The guest with this device's waiting admissions counted in. */
export const withWaiting = (guest: DoorGuest, waiting: readonly WaitingAdmission[]): DoorGuest => {
  const mine = waiting.filter((w) => w.bookingId === guest.bookingId);
  if (!mine.length) return guest;
  const last = mine[mine.length - 1]!;
  return {
    ...guest,
    admitted: guest.admitted + mine.reduce((sum, w) => sum + w.count, 0),
    lastAt: last.at,
    lastDevice: last.deviceName,
  };
};

/** A booking id picked from a list that no longer names it: nothing to judge it by. */
const refusedUnknown: LookUp = { kind: 'refused', reason: 'invalid', guest: null };

/**
 * A verified ticket of a booking the kept list does not name: admissible once on its signature;
 * after this device admitted it (waiting to be sent), already in.
 */
const unlisted = (bookingId: number, waiting: readonly WaitingAdmission[]): LookUp => {
  const mine = waiting.find((w) => w.bookingId === bookingId);
  if (mine)
    return { kind: 'already', guest: null, first: { deviceName: mine.deviceName, deviceAt: mine.at } };
  return { kind: 'unlisted', bookingId, count: SIGNATURE_ONLY_COUNT };
};

/** Finds and judges the guest `input` names at `at` (the device's time). */
export async function lookUp(
  input: DoorInput,
  state: DoorState,
  waiting: readonly WaitingAdmission[],
  at: Date,
): Promise<LookUp> {
  let bookingId: number;
  if ('ticket' in input) {
    const claims = await verified(input.ticket, await keysOf(state.keys));
    if (!claims) return { kind: 'refused', reason: 'invalid', guest: null };
    if (claims.eventId !== state.event.id) return { kind: 'refused', reason: 'another_event', guest: null };
    bookingId = claims.bookingId;
  } else bookingId = input.bookingId;
  const kept = indexOf(state.guests).byId.get(bookingId);
  if (!kept) return 'ticket' in input ? unlisted(bookingId, waiting) : refusedUnknown;
  const guest = withWaiting(kept, waiting);
  const refusal = doorRefusalOf(guest, state.event, at);
  if (refusal) return { kind: 'refused', reason: refusal, guest };
  const left = guest.tickets - guest.admitted;
  if (left <= 0)
    return {
      kind: 'already',
      guest,
      first: { deviceName: guest.lastDevice ?? '', deviceAt: guest.lastAt ?? at.toISOString() },
    };
  return { kind: 'open', guest, left };
}
