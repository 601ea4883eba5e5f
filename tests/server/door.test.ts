/**
 * The door (docs/decisions/0055-the-door.md): who reaches an event's door, the admission rules
 * (signature, event, day, payment, status, tickets left), partial admission, check-in, idempotent
 * replays, parallel admissions of one ticket, and the order of offline admissions by device time.
 * The door state names every booking with its status, cancelled ones too
 * (docs/decisions/0059-door-list-accounts-and-leases.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admissions, auditLog, bookings, events, liveChanges, users } from '../../server/db/schema';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { approvedEvent } from '../support/events';
import { importTicketKey, verifyTicket } from '../../src/contract/tickets';
import { doorRefusalOf, type AdmitResult, type DoorState } from '../../src/contract/door';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let provider: string;
let otherProvider: string;
let providerId: number;
let event: Rec;
let otherEvent: Rec;
let n = 0;

const call = apiOf(() => t);
const NOW = '2026-11-22T09:00:00Z';

/** An approved event of `owner` today on the venue's clock (the test clock is 09:00Z, 12:00 in Riyadh). */
const todaysEvent = (owner: number, price = 12_500) =>
  approvedEvent(call, admin, owner, {
    title: { en: `Door event ${++n}`, ar: `فعالية البوابة ${n}` },
    startsAt: '2026-11-22T10:00:00Z',
    endsAt: '2026-11-22T14:00:00Z',
    price,
    capacity: 100,
  });

/** A confirmed booking of `tickets` (paid unless told), with its ticket. */
const guest = async (eventId: number, tickets = 1, paid = true) => {
  const res = await call('POST', '/api/booking', admin, {
    eventId,
    customerName: `Door Guest ${++n}`,
    customerEmail: `door${n}@test.example.com`,
    customerPhone: '+966500000321',
    tickets,
  });
  expect(res.status, res.text).toBe(201);
  const id = res.body.data.id as number;
  const moved = await call('POST', '/api/booking/update-status', admin, {
    id,
    status: 'confirmed',
    ...(paid ? { paymentStatus: 'paid' } : {}),
  });
  expect(moved.status, moved.text).toBe(200);
  const details = await call('GET', `/api/booking/details/${id}`, admin);
  return { id, ticket: details.body.data.ticket as string };
};

let device = 0;
const admit = async (
  body: Record<string, unknown>,
  { token = provider, key }: { token?: string; key?: string } = {},
) => {
  const res = await call(
    'POST',
    '/api/booking/admit',
    token,
    {
      eventId: event.id,
      count: 1,
      deviceId: `device-${String(++device).padStart(4, '0')}`,
      deviceName: 'Gate A',
      at: NOW,
      ...body,
    },
    { headers: key ? { 'Idempotency-Key': key } : {} },
  );
  expect(res.status, res.text).toBe(200);
  return { ...(res.body.data as AdmitResult), message: res.body.message as string };
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  const all = await t.db.db.select().from(events);
  event = await todaysEvent(all.find((e) => e.status === 'approved')!.providerId);
  providerId = event.providerId as number;
  const [owner] = await t.db.db.select().from(users).where(eq(users.id, providerId));
  provider = await t.login(owner!.email, DEMO_PASSWORD);
  const otherId = all.find((e) => e.providerId !== providerId && e.status === 'approved')!.providerId;
  const [other] = await t.db.db.select().from(users).where(eq(users.id, otherId));
  otherProvider = await t.login(other!.email, DEMO_PASSWORD);
  otherEvent = await todaysEvent(otherId);
});
afterAll(() => t?.close());

describe('the door of an event', () => {
  it('gives its provider and staff the guests, counters, log and keys; another provider gets 404', async () => {
    const { id } = await guest(event.id as number, 2);
    const res = await call('GET', `/api/event/${event.id}/door`, provider);
    expect(res.status, res.text).toBe(200);
    const state = res.body.data as DoorState;
    expect(state.event).toMatchObject({ id: event.id, timeZone: expect.any(String), price: 12_500 });
    expect(state.guests.find((g) => g.bookingId === id)).toMatchObject({ tickets: 2, admitted: 0 });
    expect(state.expected).toBe(
      state.guests
        .filter((g) => g.status !== 'pending' && g.status !== 'cancelled')
        .reduce((sum, g) => sum + g.tickets, 0),
    );
    // The published keys verify the tickets.
    const keys = new Map(
      await Promise.all(state.keys.map(async (k) => [k.id, await importTicketKey(k.publicKey)] as const)),
    );
    const { ticket } = await guest(event.id as number);
    expect(await verifyTicket(ticket, keys)).toMatchObject({ eventId: event.id });
    expect((await call('GET', `/api/event/${event.id}/door`, admin)).status).toBe(200);
    expect((await call('GET', `/api/event/${event.id}/door`, otherProvider)).status).toBe(404);
    expect((await call('GET', `/api/event/${event.id}/door`, undefined)).status).toBe(401);
  });

  it('names every booking with its status, cancelled and pending too, and counts those that hold seats', async () => {
    const stateOf = async () =>
      (await call('GET', `/api/event/${event.id}/door`, provider)).body.data as DoorState;
    const before = await stateOf();
    const kept = await guest(event.id as number, 2);
    const cancelled = await guest(event.id as number, 3);
    expect(
      (await call('POST', '/api/booking/update-status', admin, { id: cancelled.id, status: 'cancelled' }))
        .status,
    ).toBe(200);
    const pendingRes = await call('POST', '/api/booking', admin, {
      eventId: event.id,
      customerName: `Door Pending ${++n}`,
      customerEmail: `door-pending${n}@test.example.com`,
      customerPhone: '+966500000322',
      tickets: 4,
    });
    expect(pendingRes.status, pendingRes.text).toBe(201);
    const theirs = await guest(otherEvent.id as number);
    // The cancelled guest admitted in part before it was cancelled: not counted as in.
    const partly = await guest(event.id as number, 2);
    expect((await admit({ bookingId: partly.id })).verdict).toBe('admitted');
    expect(
      (await call('POST', '/api/booking/update-status', admin, { id: partly.id, status: 'cancelled' }))
        .status,
    ).toBe(200);

    const after = await stateOf();
    const byId = new Map(after.guests.map((g) => [g.bookingId, g]));
    expect(byId.get(kept.id)).toMatchObject({ status: 'confirmed', tickets: 2 });
    expect(byId.get(cancelled.id)).toMatchObject({ status: 'cancelled', tickets: 3, admitted: 0 });
    expect(byId.get(pendingRes.body.data.id as number)).toMatchObject({ status: 'pending', tickets: 4 });
    expect(byId.get(partly.id)).toMatchObject({ status: 'cancelled', admitted: 1 });
    expect(byId.has(theirs.id)).toBe(false);
    // The counters: only the bookings that hold seats (the kept one's 2 tickets were added).
    expect(after.expected).toBe(before.expected + 2);
    expect(after.admitted).toBe(before.admitted);
    // Offline, a device refuses the cancelled booking's ticket by the contract's rule, as the server does.
    expect((await admit({ ticket: cancelled.ticket })).reason).toBe('cancelled');
    expect(doorRefusalOf(byId.get(cancelled.id)!, after.event, new Date(NOW))).toBe('cancelled');
    expect(doorRefusalOf(byId.get(kept.id)!, after.event, new Date(NOW))).toBeNull();
  });

  it('admits part of a ticket, then the rest, checks the booking in, and says "already" after', async () => {
    const { id, ticket } = await guest(event.id as number, 3);
    const first = await admit({ ticket, count: 2, deviceName: 'Gate A' });
    expect(first).toMatchObject({ verdict: 'admitted', reason: null, guest: { admitted: 2, tickets: 3 } });
    expect(first.message).toBe('Admitted: 2 of 3.');
    expect((await admit({ ticket, count: 2 })).reason).toBe('count');
    const rest = await admit({ ticket, count: 1, deviceName: 'Gate B' });
    expect(rest).toMatchObject({ verdict: 'admitted', guest: { admitted: 3, status: 'checked_in' } });
    const again = await admit({ ticket, deviceName: 'Gate C' });
    expect(again).toMatchObject({ verdict: 'already', first: { deviceName: 'Gate A' } });
    expect(again.message).toMatch(/^Already admitted at .+ on “Gate A”\.$/);
    const [row] = await t.db.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('checked_in');
    // Audited with the device's name and time, and the server's.
    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admit'), eq(auditLog.recordId, String(id))));
    expect(audit.map((a) => (a.detail as Record<string, unknown>).verdict).sort()).toEqual([
      'admitted',
      'admitted',
      'already',
    ]);
    expect(audit[0]!.detail).toMatchObject({
      deviceName: expect.any(String),
      deviceAt: NOW,
      at: new Date(NOW).toISOString(),
    });
    // The other devices hear of it.
    const heard = await t.db.db.select().from(liveChanges).where(eq(liveChanges.resource, 'door'));
    expect(heard.some((c) => Number(c.recordId) === event.id)).toBe(true);
  });

  it('refuses a forged ticket, another event’s, an unpaid one, a cancelled one and one on another day', async () => {
    const { id, ticket } = await guest(event.id as number);
    const forged = ticket.replace(
      /\.(\d+)\.(\d+)\./,
      (_, booking: string, ev: string) => `.${Number(booking) + 1}.${ev}.`,
    );
    expect(await admit({ ticket: forged })).toMatchObject({
      verdict: 'refused',
      reason: 'invalid',
      guest: null,
    });
    // One character of the signature changed (never to itself), and a non-canonical spelling of it.
    const at = ticket.length - 20;
    const changed = `${ticket.slice(0, at)}${ticket[at] === 'A' ? 'B' : 'A'}${ticket.slice(at + 1)}`;
    expect((await admit({ ticket: changed })).reason).toBe('invalid');
    const spelled = `${ticket.slice(0, -1)}${String.fromCharCode(ticket.charCodeAt(ticket.length - 1) + 1)}`;
    expect((await admit({ ticket: spelled })).reason).toBe('invalid');
    expect((await admit({ ticket: 'not a ticket' })).reason).toBe('invalid');
    const theirs = await guest(otherEvent.id as number);
    expect(await admit({ ticket: theirs.ticket })).toMatchObject({ reason: 'another_event', guest: null });
    expect((await admit({ bookingId: theirs.id })).reason).toBe('another_event');
    const unpaid = await guest(event.id as number, 1, false);
    expect((await admit({ ticket: unpaid.ticket })).reason).toBe('unpaid');
    t.clock.set('2026-11-23T09:00:00Z');
    expect((await admit({ ticket, at: '2026-11-23T09:00:00Z' })).reason).toBe('another_day');
    t.clock.set(NOW);
    expect((await admit({ ticket, at: '2026-11-21T09:00:00Z' })).reason).toBe('another_day');
    expect(
      (await call('POST', '/api/booking/update-status', admin, { id, status: 'cancelled' })).status,
    ).toBe(200);
    expect((await admit({ ticket })).reason).toBe('cancelled');
    // Nothing was recorded for a refusal.
    expect(await t.db.db.select().from(admissions).where(eq(admissions.bookingId, id))).toEqual([]);
  });

  it('refuses bad input with field errors and another provider’s event with 404', async () => {
    const { ticket } = await guest(event.id as number);
    const bad = await call('POST', '/api/booking/admit', provider, {
      ticket,
      bookingId: 1,
      eventId: event.id,
      count: 0,
      deviceId: 'x',
      deviceName: '',
      at: 'yesterday',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['at', 'count', 'deviceId', 'deviceName', 'ticket']);
    const theirs = await call('POST', '/api/booking/admit', otherProvider, {
      ticket,
      eventId: event.id,
      count: 1,
      deviceId: 'device-other',
      deviceName: 'Gate Z',
      at: NOW,
    });
    expect(theirs.status).toBe(404);
  });

  it('admits a guest found by name (no ticket), and replays an Idempotency-Key once', async () => {
    const { id } = await guest(event.id as number, 2);
    const replayed = { bookingId: id, deviceId: `replaying-${id}` };
    const once = await admit(replayed, { key: `door-replay-${id}` });
    const twice = await admit(replayed, { key: `door-replay-${id}` });
    expect(twice).toEqual(once);
    expect(await t.db.db.select().from(admissions).where(eq(admissions.bookingId, id))).toHaveLength(1);
  });

  it('admits one ticket once when twenty devices scan it at the same moment', async () => {
    const { id, ticket } = await guest(event.id as number);
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admit({ ticket, deviceName: `Gate ${i}` })),
    );
    expect(verdicts.filter((v) => v.verdict === 'admitted')).toHaveLength(1);
    expect(verdicts.filter((v) => v.verdict === 'already')).toHaveLength(19);
    const rows = await t.db.db.select().from(admissions).where(eq(admissions.bookingId, id));
    expect(rows.filter((r) => r.lostTo === null)).toHaveLength(1);
  });

  it('commits admissions sent at once together, each judged, audited and keyed on its own (ADR 0077)', async () => {
    const many = await Promise.all(Array.from({ length: 8 }, () => guest(event.id as number)));
    const shared = await guest(event.id as number);
    const send = (body: Record<string, unknown>, key: string, token = provider) =>
      call(
        'POST',
        '/api/booking/admit',
        token,
        { eventId: event.id, count: 1, deviceName: 'Gate A', at: NOW, ...body },
        { headers: { 'Idempotency-Key': key } },
      );
    const run = `together-${shared.id}`;
    // Eight tickets, one ticket from twelve devices (two users), and the first three keys sent twice.
    const requests = [
      ...many.map((g, i) => () => send({ ticket: g.ticket, deviceId: `${run}-${i}` }, `${run}-own-${i}`)),
      ...Array.from(
        { length: 12 },
        (_, i) => () =>
          send(
            { ticket: shared.ticket, deviceId: `${run}-shared-${i}`, deviceName: `Gate ${i}` },
            `${run}-shared-${i}`,
            i % 2 ? provider : admin,
          ),
      ),
      ...many
        .slice(0, 3)
        .map((g, i) => () => send({ ticket: g.ticket, deviceId: `${run}-${i}` }, `${run}-own-${i}`)),
    ];
    const answers = await Promise.all(requests.map((request) => request()));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const verdicts = answers.map((a) => (a.body.data as AdmitResult).verdict);
    // Every ticket of its own admitted once (a repeated key answers as the first time).
    expect(verdicts.slice(0, 8)).toEqual(Array(8).fill('admitted'));
    expect(answers.slice(20).map((a) => a.body)).toEqual(answers.slice(0, 3).map((a) => a.body));
    // The shared ticket: one admitted, eleven already, one admission counting.
    const onShared = verdicts.slice(8, 20);
    expect(onShared.filter((v) => v === 'admitted')).toHaveLength(1);
    expect(onShared.filter((v) => v === 'already')).toHaveLength(11);
    const ids = [...many.map((g) => g.id), shared.id];
    const rows = await t.db.db.select().from(admissions).where(inArray(admissions.bookingId, ids));
    expect(rows).toHaveLength(8 + 12);
    expect(rows.filter((r) => r.lostTo === null)).toHaveLength(9);
    const checkedIn = await t.db.db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(checkedIn.every((b) => b.status === 'checked_in')).toBe(true);
    // Each admission's audit entry and its booking's check-in (a row trigger's entry) name the
    // request that made them, though they were committed with others.
    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'booking'), inArray(auditLog.recordId, ids.map(String))));
    for (const id of ids) {
      const admitted = entries.find(
        (e) =>
          e.recordId === String(id) &&
          e.action === 'admit' &&
          (e.detail as Record<string, unknown>).verdict === 'admitted',
      )!;
      const checkIn = entries.find(
        (e) =>
          e.recordId === String(id) &&
          e.action === 'update' &&
          (e.after as Record<string, unknown>)?.status === 'checked_in',
      )!;
      expect(checkIn.requestId).toBe(admitted.requestId);
      expect(checkIn.actorId).toBe(admitted.actorId);
    }
    expect(new Set(entries.filter((e) => e.action === 'admit').map((e) => e.requestId)).size).toBe(20);
  });

  it('reads a booking only once it holds it: an admission another process commits meanwhile is seen (ADR 0060)', async () => {
    const { id, ticket } = await guest(event.id as number);
    // Another server process admits the guest: it holds the booking until it commits.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const other = t.db.db.transaction(async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for('update');
      await tx.insert(admissions).values({
        eventId: event.id as number,
        bookingId: id,
        providerId,
        count: 1,
        deviceId: 'other-process',
        deviceName: 'Gate Z',
        deviceAt: new Date(NOW),
        at: new Date(NOW),
      });
      held();
      await committing;
    });
    await holding;
    const admitted = admit({ ticket, deviceName: 'Gate A' });
    // The admission waits for the booking (on the embedded database, for the database).
    await wait(300);
    commit();
    await other;
    expect(await admitted).toMatchObject({ verdict: 'already' });
  });

  it("begins a group's transaction while the one before it commits, so the database goes from one to the next (ADR 0091)", async () => {
    const db = t.deps.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const transaction = db.transaction;
    let open = 0;
    let most = 0;
    const spy = vi.spyOn(db, 'transaction').mockImplementation(function (this: unknown, ...args: unknown[]) {
      most = Math.max(most, ++open);
      return transaction.apply(this, args).finally(() => open--);
    });
    try {
      // Two callers' admissions at once: two groups at least (a group is one caller's). The second
      // is begun while the first commits if its admissions are in by then: up to three bursts.
      for (let burst = 0; burst < 3 && most < 2; burst++) {
        const guests = await Promise.all(Array.from({ length: 8 }, () => guest(event.id as number)));
        most = 0;
        const verdicts = await Promise.all(
          guests.map((g, i) => admit({ ticket: g.ticket }, { token: i % 2 ? provider : admin })),
        );
        expect(verdicts.map((v) => v.verdict)).toEqual(Array(8).fill('admitted'));
      }
    } finally {
      spy.mockRestore();
    }
    // On the embedded database the second waits for the first (at most two); on PostgreSQL groups
    // that share no booking may run side by side.
    if (t.deps.databaseKind === 'pglite') expect(most).toBe(2);
    else expect(most).toBeGreaterThanOrEqual(2);
  });

  it('keeps the first admission by device time when an offline device is heard of last', async () => {
    const { id, ticket } = await guest(event.id as number);
    // Gate B admits online at 12:05 (Riyadh); Gate A had admitted offline at 12:02 and syncs later.
    t.clock.set('2026-11-22T09:05:00Z');
    expect(await admit({ ticket, deviceName: 'Gate B', at: '2026-11-22T09:05:00Z' })).toMatchObject({
      verdict: 'admitted',
    });
    t.clock.set('2026-11-22T09:30:00Z');
    const late = await admit({ ticket, deviceName: 'Gate A', at: '2026-11-22T09:02:00Z' });
    expect(late).toMatchObject({ verdict: 'admitted', guest: { admitted: 1, lastDevice: 'Gate A' } });
    // Gate B's admission came second: on the door log, with Gate A's.
    const log = (await call('GET', `/api/event/${event.id}/door`, provider)).body.data
      .log as DoorState['log'];
    const ofGuest = log.filter((entry) => entry.bookingId === id);
    expect(ofGuest.find((e) => e.deviceName === 'Gate B')!.lostTo).toEqual({
      deviceName: 'Gate A',
      deviceAt: '2026-11-22T09:02:00.000Z',
    });
    expect(ofGuest.find((e) => e.deviceName === 'Gate A')!.lostTo).toBeNull();
    // A third device, later still: already, naming the first by device time.
    expect(await admit({ ticket, deviceName: 'Gate C', at: '2026-11-22T09:10:00Z' })).toMatchObject({
      verdict: 'already',
      first: { deviceName: 'Gate A', deviceAt: '2026-11-22T09:02:00.000Z' },
    });
    // A device clock ahead of the server's is taken as the server's.
    const ahead = await guest(event.id as number);
    await admit({ ticket: ahead.ticket, at: '2026-11-22T11:00:00Z' });
    const [row] = await t.db.db.select().from(admissions).where(eq(admissions.bookingId, ahead.id));
    expect(row!.deviceAt.toISOString()).toBe('2026-11-22T09:30:00.000Z');
    t.clock.set(NOW);
  });
});
