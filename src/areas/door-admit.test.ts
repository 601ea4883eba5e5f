/**
 * Admitting offline (docs/decisions/0059-door-list-accounts-and-leases.md): a ticket of a booking
 * newer than the kept list is admitted on its signature for one guest and queued for the server; a
 * cancelled booking on the list is refused and nothing is queued; a device that does not keep the
 * list does not judge. The server's late answers that say other than "admitted" are told.
 */
import { onlineManager } from '@tanstack/react-query';
import { clear } from 'idb-keyval';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discardEntry, loadOutbox, outboxEntries, type OutboxEntry } from '@/app/outbox';
import { keepDeviceKey } from '@/app/outbox-store';
import { storeSignIn } from '@/app/session';
import type { AdmitBody } from '@/contract/door';
import { doorState, EVENT, guest, ticket } from './door-fixtures';
import { admit, lateVerdict, waitingOf } from './door-admit';
import { keepsOffline, setKeepOffline } from './door-keep';

// The event runs all day today on the venue's clock, so the device's time now falls in it.
const state = doorState([guest(), guest({ bookingId: 8, code: 'BK-CANCEL', status: 'cancelled' })], {
  startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  asOf: new Date().toISOString(),
});

const device = { id: 'device-unit-0001', name: 'Gate U' };
const admissions = () => outboxEntries().filter((e) => e.endpoint === 'bookingAdmit');

beforeAll(async () => {
  await storeSignIn({
    token: 'token-of-door',
    name: { en: 'Door', ar: 'بوابة' },
    email: 'door@example.com',
    profileImage: null,
    role: 'manager',
  });
  await keepDeviceKey('door@example.com', {
    id: 'key-of-door',
    key: Buffer.alloc(32, 3).toString('base64url'),
  });
  await loadOutbox();
  onlineManager.setOnline(false);
});
afterAll(async () => {
  onlineManager.setOnline(true);
  await clear();
});
beforeEach(async () => {
  for (const entry of outboxEntries()) await discardEntry(entry.id);
  await setKeepOffline(EVENT, true);
});

describe('admitting offline', () => {
  it('admits a ticket newer than the list on its signature, one guest, queued; the second scan is already in', async () => {
    const verdict = await admit({ ticket: await ticket(9) }, 3, state, device);
    expect(verdict).toEqual({ kind: 'admitted', guest: null, count: 1, queued: true });
    const [queued] = admissions();
    expect(queued!.request.body).toMatchObject({ eventId: EVENT, count: 1, deviceName: 'Gate U' });
    expect(waitingOf(outboxEntries(), EVENT)).toEqual([
      expect.objectContaining({ bookingId: 9, count: 1, deviceName: 'Gate U' }),
    ]);
    expect(await admit({ ticket: await ticket(9) }, 1, state, device)).toMatchObject({
      kind: 'already',
      first: { deviceName: 'Gate U' },
    });
    expect(admissions()).toHaveLength(1);
  });

  it('refuses a ticket of a booking the list names as cancelled, and queues nothing', async () => {
    expect(await admit({ ticket: await ticket(8) }, 1, state, device)).toMatchObject({
      kind: 'refused',
      reason: 'cancelled',
      guest: { bookingId: 8 },
    });
    expect(admissions()).toEqual([]);
  });

  it('does not judge on a device that does not keep the list', async () => {
    await setKeepOffline(EVENT, false);
    expect(keepsOffline(EVENT)).toBe(false);
    expect(keepsOffline(EVENT + 1)).toBe(true);
    expect(await admit({ ticket: await ticket(7) }, 1, state, device)).toEqual({ kind: 'unjudged' });
    expect(admissions()).toEqual([]);
    // The choice is the device's, remembered.
    expect(localStorage.getItem('ebo.door.keep')).toBe(JSON.stringify({ off: [EVENT] }));
  });
});

describe("the server's late word", () => {
  const sent = (body: Partial<AdmitBody>) =>
    ({
      id: 'late-1',
      endpoint: 'bookingAdmit',
      request: { body: { eventId: EVENT, ...body } },
    }) as unknown as OutboxEntry;

  it('tells a refusal and an admission that came second, not an admission', async () => {
    const body = { ticket: await ticket(9) };
    expect(
      lateVerdict(sent(body), { verdict: 'refused', reason: 'cancelled', guest: null, first: null }, EVENT),
    ).toEqual({ id: 'late-1', guest: null, reason: 'cancelled', bookingId: 9 });
    const first = { deviceName: 'Gate A', deviceAt: '2026-11-28T16:00:00.000Z' };
    expect(lateVerdict(sent(body), { verdict: 'already', reason: null, guest: null, first }, EVENT)).toEqual({
      id: 'late-1',
      guest: null,
      first,
    });
    expect(
      lateVerdict(sent(body), { verdict: 'admitted', reason: null, guest: guest(), first: null }, EVENT),
    ).toBeNull();
    expect(
      lateVerdict(
        sent(body),
        { verdict: 'refused', reason: 'cancelled', guest: null, first: null },
        EVENT + 1,
      ),
    ).toBeNull();
  });
});
