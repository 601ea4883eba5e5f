// @vitest-environment node
/**
 * The door's judgement on the device (docs/decisions/0055-the-door.md): a ticket verified with the
 * kept public key, its event, the booking's status and the guests left, counting this device's
 * admissions still waiting to be sent; a cancelled booking on the list refused, a booking newer
 * than the list admitted on the ticket's signature (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
import { describe, expect, it } from 'vitest';
import type { DoorGuest } from '@/contract/door';
import { doorState, guest, ticket } from './door-fixtures';
import { inputOf, lookUp } from './door-judge';

const now = new Date('2026-11-28T16:00:00Z');
const state = (guests: DoorGuest[]) =>
  doorState(guests, {
    startsAt: '2026-11-28T15:00:00Z',
    endsAt: '2026-11-28T20:00:00Z',
    asOf: now.toISOString(),
  });

describe('the door judging on the device', () => {
  it('finds the guest of a genuine ticket with the guests left, counting waiting admissions', async () => {
    const kept = state([guest({ admitted: 1 })]);
    expect(await lookUp({ ticket: await ticket() }, kept, [], now)).toMatchObject({ kind: 'open', left: 2 });
    const waiting = [{ bookingId: 7, count: 2, at: now.toISOString(), deviceName: 'Gate B' }];
    expect(await lookUp({ ticket: await ticket() }, kept, waiting, now)).toMatchObject({
      kind: 'already',
      first: { deviceName: 'Gate B' },
    });
  });

  it('refuses a forged ticket, another event, a cancelled or unpaid booking and another day', async () => {
    const text = await ticket();
    const forged = `${text.slice(0, -2)}${text.endsWith('AA') ? 'AB' : 'AA'}`;
    const kept = state([guest(), guest({ bookingId: 8, paymentStatus: 'pending' })]);
    expect(await lookUp({ ticket: forged }, kept, [], now)).toMatchObject({
      kind: 'refused',
      reason: 'invalid',
    });
    expect(await lookUp({ ticket: await ticket(7, 5) }, kept, [], now)).toMatchObject({
      reason: 'another_event',
    });
    expect(await lookUp({ bookingId: 8 }, kept, [], now)).toMatchObject({ reason: 'unpaid' });
    expect(
      await lookUp({ ticket: await ticket() }, kept, [], new Date('2026-11-30T10:00:00Z')),
    ).toMatchObject({
      reason: 'another_day',
    });
  });

  it('refuses the ticket of a booking the list names as cancelled or pending', async () => {
    const kept = state([
      guest(),
      guest({ bookingId: 8, status: 'cancelled' }),
      guest({ bookingId: 10, status: 'pending', paymentStatus: 'pending' }),
    ]);
    expect(await lookUp({ ticket: await ticket(8) }, kept, [], now)).toMatchObject({
      kind: 'refused',
      reason: 'cancelled',
      guest: { bookingId: 8, status: 'cancelled' },
    });
    expect(await lookUp({ ticket: await ticket(10) }, kept, [], now)).toMatchObject({
      kind: 'refused',
      reason: 'cancelled',
    });
  });

  it('admits a genuine ticket of a booking newer than the list on its signature, once, for one guest', async () => {
    const kept = state([guest(), guest({ bookingId: 8, status: 'cancelled' })]);
    expect(await lookUp({ ticket: await ticket(9) }, kept, [], now)).toEqual({
      kind: 'unlisted',
      bookingId: 9,
      count: 1,
    });
    // Once this device admitted it (waiting to be sent): already in, naming the admission.
    const waiting = [{ bookingId: 9, count: 1, at: now.toISOString(), deviceName: 'Gate B' }];
    expect(await lookUp({ ticket: await ticket(9) }, kept, waiting, now)).toEqual({
      kind: 'already',
      guest: null,
      first: { deviceName: 'Gate B', deviceAt: now.toISOString() },
    });
    // Not on the signature of a forged ticket, nor another event's; nor a booking picked by id.
    const text = await ticket(9);
    const forged = `${text.slice(0, -2)}${text.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await lookUp({ ticket: forged }, kept, [], now)).toMatchObject({ reason: 'invalid' });
    expect(await lookUp({ ticket: await ticket(9, 5) }, kept, [], now)).toMatchObject({
      reason: 'another_event',
    });
    expect(await lookUp({ bookingId: 9 }, kept, [], now)).toMatchObject({
      kind: 'refused',
      reason: 'invalid',
    });
  });

  it('takes a booking code of the list as the booking, anything else as a ticket', () => {
    const guests = [guest()];
    expect(inputOf(' bk-abcdef ', guests)).toEqual({ bookingId: 7 });
    expect(inputOf('BK-ZZZZZZ', guests)).toEqual({ ticket: 'BK-ZZZZZZ' });
  });
});
