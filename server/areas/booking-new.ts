/**
 * New bookings (docs/decisions/0078-imports-commit-in-chunks.md): their codes, the event each is
 * made at, and their insert, one or many at once, by the same rules (the booking's create, an
 * import's rows, a door sale's event).
 */
import { randomInt } from 'node:crypto';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { bookingResource } from '../../src/contract/areas/booking';
import { fieldError, HttpError } from '../core/errors';
import { smsg } from '../core/messages';
import type { Executor, Tx } from '../db/client';
import { bookingHistory, bookings, events } from '../db/schema';
import type { Input, ResourceCtx } from '../resources/impl';

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newBookingCode = () =>
  `BK-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/**
 * The event a booking is made at, with what the booking copies of it, found within `scope` (its row
 * locked when `lock`), and whether it takes bookings at `now`: approved and not ended. Undefined when
 * not found: each caller says so, and refuses an event that takes none, in its own words.
 */
export const eventToBook = async (
  db: Executor,
  eventId: number,
  { scope, now, lock = false }: { scope: SQL | undefined; now: Date; lock?: boolean },
) => {
  const { id, providerId, status, endsAt, price, capacity } = getTableColumns(events);
  const query = db
    .select({ id, providerId, status, endsAt, price, capacity })
    .from(events)
    .where(and(eq(events.id, eventId), scope));
  const [event] = await (lock ? query.for('update') : query);
  return (
    event && { ...event, bookable: event.status === 'approved' && event.endsAt.getTime() > now.getTime() }
  );
};

/** The event of a new or moved booking: one the caller may see, approved and not ended. */
export const bookableEvent = async (tx: Tx, eventId: number, ctx: ResourceCtx) => {
  const scope = ctx.ownerId === null ? undefined : eq(events.providerId, ctx.ownerId);
  const e = await eventToBook(tx, eventId, { scope, now: ctx.now });
  if (!e) throw fieldError('eventId', smsg('unknownEvent'));
  if (!e.bookable) throw fieldError('eventId', smsg('eventNotBookable'), 409);
  return e;
};

type BookingInput = Input<typeof bookingResource>;
type Bookable = Awaited<ReturnType<typeof bookableEvent>>;

/**
 * New bookings, pending and unpaid, at the price of their events (each one the caller may see,
 * approved and not ended: else that booking's refusal), each with a fresh code and its first
 * status entry, in three statements for any number of them: the create of one booking and an
 * import's rows run these same rules (docs/decisions/0078-imports-commit-in-chunks.md).
 */
export const insertBookings = async (
  tx: Tx,
  inputs: BookingInput[],
  ctx: ResourceCtx,
): Promise<(number | HttpError)[]> => {
  const answers: (number | HttpError)[] = new Array<number | HttpError>(inputs.length);
  const eventsOf = new Map<number, Bookable | HttpError>();
  for (const eventId of new Set(inputs.map((input) => input.eventId)))
    eventsOf.set(
      eventId,
      await bookableEvent(tx, eventId, ctx).catch((err: unknown) => {
        if (err instanceof HttpError) return err;
        throw err;
      }),
    );
  let waiting: number[] = [];
  for (const [i, input] of inputs.entries()) {
    const e = eventsOf.get(input.eventId)!;
    if (e instanceof HttpError) answers[i] = e;
    else waiting.push(i);
  }
  // A code another booking holds skips that row (ON CONFLICT): it goes again with a new code.
  for (let attempt = 0; waiting.length; attempt++) {
    if (attempt > 5) throw new Error('Could not find a free booking code');
    const codes = new Map<string, number>();
    for (const i of waiting) {
      let code = newBookingCode();
      while (codes.has(code)) code = newBookingCode();
      codes.set(code, i);
    }
    const rows = await tx
      .insert(bookings)
      .values(
        [...codes].map(([code, i]) => {
          const input = inputs[i]!;
          const e = eventsOf.get(input.eventId) as Bookable;
          return {
            code,
            eventId: e.id,
            providerId: e.providerId,
            customerName: input.customerName,
            customerEmail: input.customerEmail,
            customerPhone: input.customerPhone,
            tickets: input.tickets,
            unitPrice: e.price,
            total: e.price * input.tickets,
            paymentStatus: 'pending',
            status: 'pending',
            notes: input.notes,
            language: input.language,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          };
        }),
      )
      .onConflictDoNothing({ target: bookings.code })
      .returning({ id: bookings.id, code: bookings.code });
    if (rows.length)
      await tx.insert(bookingHistory).values(
        rows.map((row) => ({
          bookingId: row.id,
          field: 'status',
          fromValue: null,
          toValue: 'pending',
          note: null,
          byUserId: ctx.auth.user.id,
          at: ctx.now,
        })),
      );
    for (const row of rows) {
      answers[codes.get(row.code)!] = row.id;
      codes.delete(row.code);
    }
    waiting = [...codes.values()];
  }
  return answers;
};
