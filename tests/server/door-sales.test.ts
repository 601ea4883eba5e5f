/**
 * Door sales within seat leases (docs/decisions/0055-the-door.md, 0056): taking, selling within
 * and returning a lease; refusals beyond a lease, beyond the free seats and after a lease ended;
 * idempotent replays; leased seats counted by confirmations and capacity changes; and three devices
 * taking leases and selling while bookings are confirmed online, all at once, never overselling.
 * A lease is its taker's (docs/decisions/0059-door-list-accounts-and-leases.md): taking and
 * returning it are on the audit trail, and another user neither sells within it nor returns it, in
 * parallel neither.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingHistory, bookings, events, seatLeases, users } from '../../server/db/schema';
import { seatsTaken } from '../../server/db/seats';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { eventResource } from '../../src/contract/areas/event';
import { updateBodyOf } from '../support/bodies';
import { apiOf, signInAs } from '../support/kit';
import { approvedEvent } from '../support/events';
import type { DoorSale, SeatLease, SeatLeases } from '../../src/contract/door-sales';

type Rec = Record<string, unknown> & { id: number };
let t: TestServer;
let admin: string;
let provider: string;
let otherProvider: string;
let providerId: number;
let n = 0;

const call = apiOf(() => t);
const NOW = '2026-11-22T09:00:00Z';
const PRICE = 12_500;

/** An approved event of the provider today (10:00–14:00Z; the test clock is 09:00Z). */
const newEvent = (capacity: number): Promise<Rec> =>
  approvedEvent(call, admin, providerId, {
    title: { en: `Door sales ${++n}`, ar: `مبيعات البوابة ${n}` },
    startsAt: '2026-11-22T10:00:00Z',
    endsAt: '2026-11-22T14:00:00Z',
    price: PRICE,
    capacity,
  });

const lease = (eventId: number, seats: number, deviceId: string, token = provider, lang = 'en') =>
  call('POST', `/api/event/${eventId}/leases`, token, { seats, deviceId }, { lang });

const sell = (
  eventId: number,
  body: Record<string, unknown>,
  { token = provider, key, lang = 'en' }: { token?: string; key?: string; lang?: string } = {},
) =>
  call(
    'POST',
    `/api/event/${eventId}/door-sales`,
    token,
    {
      customerName: `Walk-in ${++n}`,
      customerPhone: '+966500000777',
      tickets: 1,
      payment: 'cash',
      deviceId: 'device-aaaa',
      at: NOW,
      ...body,
    },
    { lang, headers: key ? { 'Idempotency-Key': key } : {} },
  );

const free = async (eventId: number) =>
  ((await call('GET', `/api/event/${eventId}/leases`, provider)).body.data as SeatLeases).free;

/** Seats held by bookings, and taken (with the active leases' rest), straight from the database. */
const held = async (eventId: number) => {
  const rows = await t.db.db.select().from(bookings).where(eq(bookings.eventId, eventId));
  return rows
    .filter((b) => ['confirmed', 'checked_in', 'completed'].includes(b.status))
    .reduce((sum, b) => sum + b.tickets, 0);
};

/** A pending booking made online (not a door sale). */
const pending = async (eventId: number, tickets: number) => {
  const res = await call('POST', '/api/booking', admin, {
    eventId,
    customerName: `Online ${++n}`,
    customerEmail: `online${n}@test.example.com`,
    customerPhone: '+966500000555',
    tickets,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  const all = await t.db.db.select().from(events);
  providerId = all.find((e) => e.status === 'approved')!.providerId;
  const [owner] = await t.db.db.select().from(users).where(eq(users.id, providerId));
  provider = await t.login(owner!.email, DEMO_PASSWORD);
  const otherId = all.find((e) => e.providerId !== providerId && e.status === 'approved')!.providerId;
  const [other] = await t.db.db.select().from(users).where(eq(users.id, otherId));
  otherProvider = await t.login(other!.email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

describe('seat leases and door sales', () => {
  it('takes a lease, sells within it, and returns the rest; the sales stay', async () => {
    const event = await newEvent(10);
    const taken = await lease(event.id, 5, 'device-aaaa');
    expect(taken.status, taken.text).toBe(201);
    const l = taken.body.data as SeatLease;
    expect(l).toMatchObject({ seats: 5, sold: 0, remaining: 5, active: true, deviceId: 'device-aaaa' });
    expect(l.expiresAt).toBe(new Date(event.endsAt as string).toISOString());
    expect(await free(event.id)).toBe(5);

    const sold = await sell(event.id, { leaseId: l.id, tickets: 2, payment: 'card', deviceName: 'Gate A' });
    expect(sold.status, sold.text).toBe(201);
    const sale = sold.body.data as DoorSale;
    expect(sale).toMatchObject({ tickets: 2, total: 2 * PRICE, payment: 'card', leaseId: l.id });
    expect(sale.code).toMatch(/^BK-[2-9A-Z]{6}$/);
    expect(sale.lease).toMatchObject({ sold: 2, remaining: 3 });
    const [row] = await t.db.db.select().from(bookings).where(eq(bookings.id, sale.bookingId));
    expect(row).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      doorPayment: 'card',
      leaseId: l.id,
      customerEmail: '',
      unitPrice: PRICE,
      total: 2 * PRICE,
    });
    const history = await t.db.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, row!.id));
    expect(history.map((h) => [h.field, h.toValue, h.note])).toEqual(
      expect.arrayContaining([
        ['status', 'confirmed', 'Gate A'],
        ['payment', 'paid', 'Gate A'],
      ]),
    );
    // A sale within the lease leaves the free seats as they were: its seats were taken already.
    expect(await free(event.id)).toBe(5);
    const mine = await call('GET', `/api/event/${event.id}/leases?deviceId=device-aaaa`, provider);
    expect((mine.body.data as SeatLeases).leases).toEqual([
      expect.objectContaining({ id: l.id, remaining: 3 }),
    ]);

    const back = await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ sold: 2, remaining: 0, active: false });
    expect(await free(event.id)).toBe(8);
    expect(await held(event.id)).toBe(2);
    // Returning again changes nothing; the device's active leases are none.
    expect((await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider)).status).toBe(200);
    expect(
      (await call('GET', `/api/event/${event.id}/leases?deviceId=device-aaaa`, provider)).body.data.leases,
    ).toEqual([]);
  });

  it('refuses a sale beyond the lease, a lease beyond the free seats, and another device’s lease', async () => {
    const event = await newEvent(10);
    const tooMany = await lease(event.id, 11, 'device-bbbb');
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 10 seats are free.');
    expect((await lease(event.id, 11, 'device-bbbb', provider, 'ar')).body.message).toBe(
      'المقاعد المتاحة ١٠ فقط.',
    );
    const l = (await lease(event.id, 2, 'device-bbbb')).body.data as SeatLease;
    const beyond = await sell(event.id, { leaseId: l.id, tickets: 3, deviceId: 'device-bbbb' });
    expect(beyond.status).toBe(409);
    expect(beyond.body.message).toBe('Only 2 left in this device’s lease.');
    expect((await sell(event.id, { leaseId: l.id, tickets: 2, deviceId: 'device-bbbb' })).status).toBe(201);
    expect((await sell(event.id, { leaseId: l.id, deviceId: 'device-bbbb' })).body.message).toBe(
      'Only 0 left in this device’s lease.',
    );
    const other = await sell(event.id, { leaseId: l.id, deviceId: 'device-cccc' });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty('leaseId');
    // Without a lease: the free seats (8), as a confirmation counts them.
    const noLease = await sell(event.id, { tickets: 9 });
    expect(noLease.status).toBe(409);
    expect(noLease.body.message).toBe('Not enough seats left: 8 remaining.');
    expect(await held(event.id)).toBe(2);
  });

  it('counts leased seats when a booking is confirmed and when the capacity is lowered', async () => {
    const event = await newEvent(10);
    expect((await lease(event.id, 8, 'device-dddd')).status).toBe(201);
    const id = await pending(event.id, 3);
    const confirm = await call('POST', '/api/booking/update-status', admin, { id, status: 'confirmed' });
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe('Not enough seats left: 2 remaining.');
    const e = (await call('GET', `/api/event/${event.id}`, admin)).body.data as Rec;
    const lowered = await call(
      'PUT',
      `/api/event/${event.id}`,
      admin,
      updateBodyOf(eventResource, e, { capacity: 7 }),
    );
    expect([lowered.status, lowered.body.errors]).toEqual([
      422,
      {
        capacity:
          'The capacity cannot be lower than the 8 seats already taken (sold, or held by door devices).',
      },
    ]);
  });

  it('replays a sale sent twice with its Idempotency-Key: one booking', async () => {
    const event = await newEvent(10);
    const l = (await lease(event.id, 3, 'device-eeee')).body.data as SeatLease;
    const body = { leaseId: l.id, tickets: 2, deviceId: 'device-eeee', customerName: 'Replayed Buyer' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sell(event.id, body, { key: 'door-sale-replay-0001' })),
    );
    const done = answers.filter((a) => a.status === 201);
    expect(done.length).toBeGreaterThan(0);
    // Those that came while the first was under way are told to retry (409 with Retry-After).
    expect(answers.every((a) => a.status === 201 || a.headers.get('retry-after') === '1')).toBe(true);
    expect(new Set(done.map((a) => a.body.data.bookingId)).size).toBe(1);
    const again = await sell(event.id, body, { key: 'door-sale-replay-0001' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.bookingId).toBe(done[0]!.body.data.bookingId);
    const rows = await t.db.db.select().from(bookings).where(eq(bookings.customerName, 'Replayed Buyer'));
    expect(rows).toHaveLength(1);
  });

  it('refuses sales in a returned lease and made after the event ended; ended leases hold nothing; a sale made before the end and sent after it stands', async () => {
    const event = await newEvent(10);
    const l = (await lease(event.id, 4, 'device-ffff')).body.data as SeatLease;
    const k = (await lease(event.id, 4, 'device-gggg')).body.data as SeatLease;
    expect((await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider)).status).toBe(200);
    const returned = await sell(event.id, { leaseId: l.id, deviceId: 'device-ffff' });
    expect(returned.status).toBe(409);
    expect(returned.body.message).toBe('This lease has ended: take new seats to sell.');
    // A sale claiming a time before the return does not reach its freed seats either.
    const backdated = await sell(event.id, {
      leaseId: l.id,
      deviceId: 'device-ffff',
      at: '2026-11-22T08:00:00Z',
    });
    expect(backdated.status).toBe(409);
    expect(await seatsTaken(t.db.db, event.id, t.clock.now())).toBe(4);
    t.clock.set('2026-11-22T14:00:01Z');
    try {
      const ended = await sell(event.id, {
        leaseId: k.id,
        deviceId: 'device-gggg',
        at: '2026-11-22T14:00:01Z',
      });
      expect(ended.status).toBe(409);
      expect(ended.body.message).toBe('This event is not open for bookings.');
      expect((await lease(event.id, 1, 'device-gggg')).status).toBe(409);
      expect(await seatsTaken(t.db.db, event.id, t.clock.now())).toBe(0);
      // Sold offline a minute before the end, in seats the lease held then, sent once back online.
      const late = await sell(event.id, {
        leaseId: k.id,
        deviceId: 'device-gggg',
        at: '2026-11-22T13:59:00Z',
      });
      expect(late.status, late.text).toBe(201);
      expect(late.body.data.createdAt).toBe('2026-11-22T13:59:00.000Z');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers 404 at another provider’s door and 401 without a session', async () => {
    const event = await newEvent(10);
    const l = (await lease(event.id, 1, 'device-hhhh')).body.data as SeatLease;
    expect((await lease(event.id, 1, 'device-iiii', otherProvider)).status).toBe(404);
    expect((await call('GET', `/api/event/${event.id}/leases`, otherProvider)).status).toBe(404);
    expect((await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, otherProvider)).status).toBe(404);
    expect((await sell(event.id, {}, { token: otherProvider })).status).toBe(404);
    expect((await call('POST', `/api/event/${event.id}/door-sales`, undefined, {})).status).toBe(401);
    expect((await call('DELETE', `/api/event/${event.id}/leases/999999`, provider)).status).toBe(404);
  });

  it('refuses bad input with 422 and the fields named', async () => {
    const event = await newEvent(10);
    const badLease = await call('POST', `/api/event/${event.id}/leases`, provider, {
      seats: 0,
      deviceId: 'x',
    });
    expect(badLease.status).toBe(422);
    expect(Object.keys(badLease.body.errors)).toEqual(expect.arrayContaining(['seats', 'deviceId']));
    const badSale = await sell(event.id, {
      customerName: '',
      customerPhone: 'call me',
      customerEmail: 'nope',
      tickets: 0,
      payment: 'bitcoin',
      at: 'yesterday',
    });
    expect(badSale.status).toBe(422);
    expect(Object.keys(badSale.body.errors)).toEqual(
      expect.arrayContaining(['customerName', 'customerPhone', 'customerEmail', 'tickets', 'payment', 'at']),
    );
    expect((await sell(event.id, { expiresAt: '2030-01-01T00:00:00Z' })).status).toBe(422);
    expect((await call('GET', `/api/event/${event.id}/leases?deviceId=%00`, provider)).status).toBe(422);
  });
});

describe('three devices and online confirmations at once', () => {
  it('never oversell the event', async () => {
    const capacity = 20;
    const event = await newEvent(capacity);
    const devices = ['device-one1', 'device-two2', 'device-thr3'];
    const waiting = await Promise.all(Array.from({ length: 12 }, () => pending(event.id, 2)));
    const confirm = (id: number) =>
      call('POST', '/api/booking/update-status', admin, { id, status: 'confirmed', paymentStatus: 'paid' });

    // Round one: the three devices take leases while bookings are confirmed and sold without a lease.
    const round1 = await Promise.all([
      ...devices.flatMap((d) => [lease(event.id, 5, d), lease(event.id, 3, d)]),
      ...waiting.slice(0, 6).map(confirm),
      ...Array.from({ length: 6 }, (_, i) => sell(event.id, { deviceId: devices[i % 3] })),
    ]);
    expect(
      round1.every((r) => [200, 201, 409].includes(r.status)),
      round1.map((r) => r.text).join(),
    ).toBe(true);
    expect(round1.some((r) => r.status === 409)).toBe(true);
    const leases = round1
      .filter((r) => r.status === 201 && 'seats' in r.body.data)
      .map((r) => r.body.data as SeatLease);
    expect(await seatsTaken(t.db.db, event.id, t.clock.now())).toBeLessThanOrEqual(capacity);

    // Round two: every device sells more than its leases hold, beside more confirmations and sales.
    const round2 = await Promise.all([
      ...leases.flatMap((l) =>
        Array.from({ length: l.seats + 2 }, () => sell(event.id, { leaseId: l.id, deviceId: l.deviceId })),
      ),
      ...waiting.slice(6).map(confirm),
      ...Array.from({ length: 4 }, () => sell(event.id, { tickets: 2 })),
    ]);
    expect(
      round2.every((r) => [200, 201, 409].includes(r.status)),
      round2.map((r) => r.text).join(),
    ).toBe(true);
    expect(round2.some((r) => r.status === 409)).toBe(true);

    // However the requests fell, the seats held and taken never exceed the capacity, and no lease
    // sold more than it held.
    expect(await held(event.id)).toBeLessThanOrEqual(capacity);
    expect(await seatsTaken(t.db.db, event.id, t.clock.now())).toBeLessThanOrEqual(capacity);
    const rows = await t.db.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    for (const l of leases) {
      const sold = rows.filter((b) => b.leaseId === l.id).reduce((sum, b) => sum + b.tickets, 0);
      expect(sold).toBe(l.seats);
    }
    // Every seat is accounted for: the leases' seats sold in full, so what is taken is what is held.
    const accepted = [...round1, ...round2].filter((r) => r.status < 300);
    const confirmed = accepted.filter((r) => 'status' in r.body.data && r.body.data.status === 'confirmed');
    const free = accepted.filter((r) => 'bookingId' in r.body.data && r.body.data.leaseId === null);
    const leased = leases.reduce((sum, l) => sum + l.seats, 0);
    expect(
      confirmed.reduce((s, r) => s + (r.body.data.tickets as number), 0) +
        free.reduce((s, r) => s + (r.body.data.tickets as number), 0) +
        leased,
    ).toBe(await held(event.id));
  });
});

/** The lease entries of the event's audit trail, oldest first. */
const leaseEntries = (eventId: number) =>
  t.db.db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.action, ['lease_take', 'lease_return']), eq(auditLog.eventId, eventId)))
    .orderBy(auditLog.id);

describe('a lease is its taker’s', () => {
  it('puts taking and returning it on the audit trail, with the seats, the device and who', async () => {
    const event = await newEvent(10);
    const l = (await lease(event.id, 4, 'device-audit-1')).body.data as SeatLease;
    expect((await sell(event.id, { leaseId: l.id, deviceId: 'device-audit-1' })).status).toBe(201);
    // Refused and replayed takes add nothing: one entry per lease taken.
    expect((await lease(event.id, 11, 'device-audit-1')).status).toBe(409);
    const key = { headers: { 'Idempotency-Key': 'lease-audit-replay-1' } };
    const replay = () =>
      call('POST', `/api/event/${event.id}/leases`, provider, { seats: 2, deviceId: 'device-audit-2' }, key);
    const once = await replay();
    expect(once.status, once.text).toBe(201);
    expect((await replay()).headers.get('idempotent-replayed')).toBe('true');
    expect((await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider)).status).toBe(200);
    // Returning a returned lease changes nothing, and adds no entry.
    expect((await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider)).status).toBe(200);
    const entries = await leaseEntries(event.id);
    expect(entries.map((e) => [e.action, e.resource, e.recordId])).toEqual([
      ['lease_take', 'event', String(event.id)],
      ['lease_take', 'event', String(event.id)],
      ['lease_return', 'event', String(event.id)],
    ]);
    expect(entries[0]).toMatchObject({
      actorId: providerId,
      actorRole: 'serviceprovider',
      providerId,
      detail: { leaseId: l.id, seats: 4, deviceId: 'device-audit-1' },
    });
    expect(entries[1]!.detail).toMatchObject({ leaseId: once.body.data.id, seats: 2 });
    expect(entries[2]).toMatchObject({
      actorId: providerId,
      detail: { leaseId: l.id, seats: 4, sold: 1, returned: 3, deviceId: 'device-audit-1' },
    });
    // The provider reads them on its event's trail; another provider does not.
    const trail = await call('GET', `/api/audit?resource=event&recordId=${event.id}`, provider);
    expect(trail.status, trail.text).toBe(200);
    const actions = (trail.body.data.items as { action: string }[]).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith('lease_')).sort()).toEqual([
      'lease_return',
      'lease_take',
      'lease_take',
    ]);
    const theirs = await call('GET', `/api/audit?resource=event&recordId=${event.id}`, otherProvider);
    expect((theirs.body.data.items as unknown[]).length).toBe(0);
  });

  it('refuses another user’s sale within it and return of it, even with its device id: 403, nothing changed', async () => {
    const event = await newEvent(10);
    const l = (await lease(event.id, 3, 'device-mine-1')).body.data as SeatLease;
    const leaseRow = async () => (await t.db.db.select().from(seatLeases).where(eq(seatLeases.id, l.id)))[0]!;
    const before = await leaseRow();
    const sale = await sell(event.id, { leaseId: l.id, deviceId: 'device-mine-1' }, { token: admin });
    expect(sale.status).toBe(403);
    expect(sale.body.message).toBe('This lease was taken by another user: sell within a lease of your own.');
    const ar = await sell(
      event.id,
      { leaseId: l.id, deviceId: 'device-mine-1' },
      { token: admin, lang: 'ar' },
    );
    expect(ar.body.message).toBe('أخذ هذه الحصة مستخدم آخر: بِع ضمن حصة خاصة بك.');
    const back = await call('DELETE', `/api/event/${event.id}/leases/${l.id}`, admin);
    expect(back.status).toBe(403);
    expect(back.body.message).toBe('Only the user who took this lease can give its seats back.');
    // Nothing changed: the lease holds its seats, nothing was sold, nothing is on the trail but the take.
    expect(await leaseRow()).toEqual(before);
    expect(await t.db.db.select().from(bookings).where(eq(bookings.leaseId, l.id))).toEqual([]);
    expect((await leaseEntries(event.id)).map((e) => e.action)).toEqual(['lease_take']);
    expect(await free(event.id)).toBe(7);
    // The admin does not see it among its own leases, and its taker still sells within it.
    expect(
      (await call('GET', `/api/event/${event.id}/leases?deviceId=device-mine-1`, admin)).body.data.leases,
    ).toEqual([]);
    expect((await sell(event.id, { leaseId: l.id, deviceId: 'device-mine-1' })).status).toBe(201);
  });

  it('holds under parallel requests: another user’s sales and returns all refused, its taker’s judged once', async () => {
    const event = await newEvent(20);
    const l = (await lease(event.id, 5, 'device-par-1')).body.data as SeatLease;
    const theirSale = () => sell(event.id, { leaseId: l.id, deviceId: 'device-par-1' }, { token: admin });
    const theirReturn = () => call('DELETE', `/api/event/${event.id}/leases/${l.id}`, admin);
    const mySale = () => sell(event.id, { leaseId: l.id, deviceId: 'device-par-1' });
    const round1 = await Promise.all([
      ...Array.from({ length: 8 }, theirSale),
      ...Array.from({ length: 4 }, theirReturn),
      ...Array.from({ length: 3 }, mySale),
    ]);
    expect(round1.map((r) => r.status)).toEqual([...Array(12).fill(403), 201, 201, 201]);
    // Its taker returns it from several requests at once beside the other user's: one return.
    const round2 = await Promise.all([
      ...Array.from({ length: 5 }, () => call('DELETE', `/api/event/${event.id}/leases/${l.id}`, provider)),
      ...Array.from({ length: 3 }, theirReturn),
      ...Array.from({ length: 3 }, theirSale),
      ...Array.from({ length: 4 }, (_, i) => lease(event.id, 2, `device-par-${i + 2}`)),
    ]);
    expect(round2.map((r) => r.status)).toEqual([
      ...Array(5).fill(200),
      ...Array(6).fill(403),
      201,
      201,
      201,
      201,
    ]);
    const sold = await t.db.db.select().from(bookings).where(eq(bookings.leaseId, l.id));
    expect(sold).toHaveLength(3);
    const entries = await leaseEntries(event.id);
    expect(entries.filter((e) => e.action === 'lease_return')).toEqual([
      expect.objectContaining({
        actorId: providerId,
        detail: expect.objectContaining({ sold: 3, returned: 2 }),
      }),
    ]);
    // Every lease taken has its entry, no more: the first and the four of round two.
    const taken = round2.slice(-4).map((r) => (r.body.data as SeatLease).id);
    expect(
      entries
        .filter((e) => e.action === 'lease_take')
        .map((e) => (e.detail as { leaseId: number }).leaseId)
        .sort((a, b) => a - b),
    ).toEqual([l.id, ...taken].sort((a, b) => a - b));
    // 20 seats: 3 sold, 8 leased now.
    expect(await free(event.id)).toBe(9);
  });
});
