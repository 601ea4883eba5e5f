/**
 * What an event's guests are told of its changes (docs/product.md, "What guests are told";
 * docs/decisions/0067-the-mail-queue.md): the rule the form and the server share, and the count the
 * form asks for before saving.
 */
import { z } from 'zod';
import { id } from '../common';
import { endpoint, needs, ok } from '../http';

/**
 * Whether an edit from `before` to `after` is told to the event's guests: a new start or end, or a
 * new venue (docs/product.md, "What guests are told"). The form and the server ask the same.
 */
export const changeTellsGuests = (
  before: { startsAt: string; endsAt: string; locationId: number },
  after: { startsAt: string; endsAt: string; locationId: number },
) =>
  new Date(before.startsAt).getTime() !== new Date(after.startsAt).getTime() ||
  new Date(before.endsAt).getTime() !== new Date(after.endsAt).getTime() ||
  before.locationId !== after.locationId;

export const eventGuestsApi = {
  eventGuestsToTell: endpoint({
    method: 'GET',
    path: '/api/event/guests-to-tell/:id',
    summary:
      'How many guests a change of the event’s times or venue, or its cancellation, would mail now: its bookings with an e-mail that are not cancelled. The event form asks before saving.',
    tag: 'Events',
    access: needs('event'),
    params: z.strictObject({ id }),
    response: ok(z.object({ guests: z.number().int() })),
  }),
} as const;
