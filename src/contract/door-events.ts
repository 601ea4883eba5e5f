import { z } from 'zod';
import { endpoint, ok } from './http';
import { doorEvent } from './door';

/**
 * The doors the caller stands at (docs/decisions/0055-the-door.md): where a door account lands
 * after sign-in, and a page for everyone with `checkin`. The events whose door the caller reaches
 * (staff every event, a provider and its supervisors their provider's, a door account those it is
 * assigned to), approved, not ended before today on the venue's clock, soonest first.
 */

/** At most this many events, the soonest: a door account is assigned a handful. */
export const DOOR_EVENTS_MAX = 50;

/** The door's event (src/contract/door.ts) as a row of the doors page, with its counters. */
const doorEventRow = doorEvent
  .pick({ id: true, title: true, startsAt: true, endsAt: true, timeZone: true, locationName: true })
  .extend({
    /** Guests admitted so far, and expected (tickets of confirmed or checked-in bookings). */
    admitted: z.number().int(),
    expected: z.number().int(),
  });
export type DoorEventRow = z.infer<typeof doorEventRow>;

const doorEvents = z.object({
  items: z.array(doorEventRow),
  /** Every event that qualifies (more than the items when capped). */
  total: z.number().int(),
});

export const doorEventsApi = {
  doorEvents: endpoint({
    method: 'GET',
    path: '/api/door',
    summary: `The events whose door you reach: approved, ending today or later on the venue's clock, soonest first (at most ${DOOR_EVENTS_MAX}), with the guests admitted and expected. A door account gets the events it is assigned to.`,
    tag: 'Door',
    access: { kind: 'session', permission: 'checkin' },
    response: ok(doorEvents),
  }),
} as const;
