/**
 * Bookings: allowed transitions with history, payment moves, idempotent replays, editing rules,
 * ownership (provider A never reaches provider B's bookings; a supervisor only its provider's),
 * and the capacity race: 50 concurrent confirmations for the last seat give exactly one success.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingHistory, events, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { eventResource } from '../../src/contract/areas/event';
import { updateBodyOf } from '../support/bodies';
import { apiOf, signInAs } from '../support/kit';
import { approvedEvent } from '../support/events';
import { importTicketKey, parseTicket, verifyTicket } from '../../src/contract/tickets';
import { ticketKeyRing } from '../../server/tickets/keys';
import { sqlRows } from '../../server/db/client';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let manager: string;
let providerA: string;
let providerB: string;
let supervisorA: string;
let idA: number;
let idB: number;
let eventA: Rec;
let eventB: Rec;
let n = 0;

const call = apiOf(() => t);

const newBooking = async (eventId: number, token = admin, tickets = 1) => {
  const res = await call('POST', '/api/booking', token, {
    eventId,
    customerName: `Race Customer ${++n}`,
    customerEmail: `race${n}@test.example.com`,
    customerPhone: '+966500000123',
    tickets,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as Rec;
};

const setStatus = (
  id: number,
  body: Record<string, unknown>,
  token = admin,
  headers?: Record<string, string>,
) => call('POST', '/api/booking/update-status', token, { id, ...body }, { headers });

/** An approved coming event of `providerId` with a small capacity (made for the test). */
const smallEvent = (providerId: number, capacity: number) =>
  approvedEvent(call, admin, providerId, {
    title: { en: `Small event ${++n}`, ar: `فعالية صغيرة ${n}` },
    startsAt: '2027-02-01T16:00:00Z',
    endsAt: '2027-02-01T20:00:00Z',
    price: 12_500,
    capacity,
  });

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  providerA = await signInAs(t, 'provider');
  const [a] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  idA = a!.id;
  // provider B: an approved provider with events; supervisor of A: an active one
  const [someEvent] = await t.db.db.select().from(events).where(eq(events.status, 'approved'));
  const all = await t.db.db.select().from(events);
  idB = all.find((e) => e.providerId !== idA && e.status === 'approved')!.providerId;
  expect(someEvent).toBeTruthy();
  const [b] = await t.db.db.select().from(users).where(eq(users.id, idB));
  providerB = await t.login(b!.email, DEMO_PASSWORD);
  const sups = await t.db.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'manager'), eq(users.providerId, idA)));
  supervisorA = await t.login(sups.find((s) => s.status === '1')!.email, DEMO_PASSWORD);
  eventA = await smallEvent(idA, 10);
  eventB = await smallEvent(idB, 10);
});
afterAll(() => t?.close());

describe('tickets (src/contract/tickets.ts)', () => {
  it('a booking that holds seats has a signed ticket naming it and its event; one that holds none has none', async () => {
    const b = await newBooking(eventA.id as number);
    const ticketOf = async (id: number, token = manager) =>
      (await call('GET', `/api/booking/details/${id}`, token)).body.data.ticket as string | null;
    expect(await ticketOf(b.id)).toBeNull();
    expect((await setStatus(b.id, { status: 'confirmed' })).status).toBe(200);
    const ticket = (await ticketOf(b.id))!;
    // A device verifies it with the published public keys alone.
    const { published } = await ticketKeyRing(t.db.db, t.clock.now());
    const keys = new Map(
      await Promise.all(published.map(async (k) => [k.id, await importTicketKey(k.key)] as const)),
    );
    expect(await verifyTicket(ticket, keys)).toMatchObject({ bookingId: b.id, eventId: eventA.id });
    expect(parseTicket(ticket)!.claims.bookingId).toBe(b.id);
    // The same ticket for everyone who may see the booking.
    expect(await ticketOf(b.id, providerA)).toBe(ticket);
    // The booking's answer carries it too; its list rows do not.
    expect((await call('GET', `/api/booking/${b.id}`, supervisorA)).body.data.ticket).toBe(ticket);
    const page = await call('GET', `/api/booking?eventId=${eventA.id}&pageSize=100`, admin);
    expect(page.body.data.items.find((r: Rec) => r.id === b.id)).not.toHaveProperty('ticket');
    expect((await setStatus(b.id, { status: 'cancelled' })).status).toBe(200);
    expect(await ticketOf(b.id)).toBeNull();
    expect((await call('GET', `/api/booking/${b.id}`, admin)).body.data.ticket).toBeNull();
  });
});

describe('status and payment', () => {
  it('moves only along the allowed transitions and records who, when, from and to', async () => {
    const b = await newBooking(eventA.id as number);
    expect(b).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      tickets: 1,
      unitPrice: 12_500,
      total: 12_500,
    });
    expect(b.code).toMatch(/^BK-[2-9A-HJKMNP-Z]{6}$/);
    const bad = await setStatus(b.id, { status: 'checked_in' });
    expect([bad.status, bad.body.message]).toEqual([
      409,
      'This booking is “Pending”: it cannot be changed to “Checked in”.',
    ]);
    const ar = await t.request('POST', '/api/booking/update-status', {
      token: admin,
      lang: 'ar',
      body: { id: b.id, status: 'completed' },
    });
    // Said as a person would, in Arabic words (no stored codes).
    expect(ar.body.message).toBe('هذا الحجز «قيد الانتظار»: لا يمكن تغييره إلى «مكتمل».');
    expect(
      (await setStatus(b.id, { status: 'confirmed', paymentStatus: 'paid', note: 'Paid at the desk' }))
        .status,
    ).toBe(200);
    expect((await setStatus(b.id, { status: 'checked_in' })).body.data).toMatchObject({
      status: 'checked_in',
      version: 2,
    });
    const failed = await setStatus(b.id, { paymentStatus: 'failed' });
    expect([failed.status, failed.body.message]).toEqual([
      409,
      'The payment of this booking is “Paid”: it cannot be marked “Payment failed”.',
    ]);
    const failedAr = await t.request('POST', '/api/booking/update-status', {
      token: admin,
      lang: 'ar',
      body: { id: b.id, paymentStatus: 'pending' },
    });
    expect(failedAr.body.message).toBe('دفع هذا الحجز «مدفوع»: لا يمكن جعله «الدفع قيد الانتظار».');
    const none = await setStatus(b.id, {});
    expect([none.status, Object.keys(none.body.errors)]).toEqual([422, ['status']]);

    const details = await call('GET', `/api/booking/details/${b.id}`, manager);
    expect(details.status).toBe(200);
    const history = details.body.data.history as {
      field: string;
      from: string | null;
      to: string;
      by: unknown;
    }[];
    expect(history.map((h) => [h.field, h.from, h.to])).toEqual([
      ['status', 'confirmed', 'checked_in'],
      ['payment', 'pending', 'paid'],
      ['status', 'pending', 'confirmed'],
      ['status', null, 'pending'],
    ]);
    expect(history[0]!.by).toMatchObject({ name: { en: 'Layla Haddad' } });
    expect(details.body.data.allowed).toEqual({ status: ['completed'], paymentStatus: ['refunded'] });
    expect(details.body.data.event).toMatchObject({ id: eventA.id, soldTickets: 1, capacity: 10 });
  });

  it('a cancelled booking is never marked paid again, only refunded; its details offer only that', async () => {
    const unpaid = await newBooking(eventA.id as number);
    expect((await setStatus(unpaid.id, { status: 'cancelled' })).status).toBe(200);
    for (const paymentStatus of ['paid', 'failed']) {
      const refused = await setStatus(unpaid.id, { paymentStatus });
      expect([refused.status, refused.body.message]).toEqual([
        409,
        `This booking is cancelled: its payment cannot be marked “${paymentStatus === 'paid' ? 'Paid' : 'Payment failed'}”.`,
      ]);
      const ar = await t.request('POST', '/api/booking/update-status', {
        token: admin,
        lang: 'ar',
        body: { id: unpaid.id, paymentStatus },
      });
      expect(ar.body.message).toBe(
        `هذا الحجز ملغى: لا يمكن جعل دفعه «${paymentStatus === 'paid' ? 'مدفوع' : 'فشل الدفع'}».`,
      );
    }
    const details = await call('GET', `/api/booking/details/${unpaid.id}`, manager);
    expect(details.body.data.allowed).toEqual({ status: [], paymentStatus: [] });

    // Cancelling and paying in one request is refused as a whole.
    const both = await newBooking(eventA.id as number);
    expect((await setStatus(both.id, { status: 'cancelled', paymentStatus: 'paid' })).status).toBe(409);
    expect((await call('GET', `/api/booking/details/${both.id}`, manager)).body.data.booking).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });

    const paid = await newBooking(eventA.id as number);
    expect((await setStatus(paid.id, { paymentStatus: 'paid' })).status).toBe(200);
    expect((await setStatus(paid.id, { status: 'cancelled' })).status).toBe(200);
    const paidDetails = await call('GET', `/api/booking/details/${paid.id}`, manager);
    expect(paidDetails.body.data.allowed).toEqual({ status: [], paymentStatus: ['refunded'] });
    expect((await setStatus(paid.id, { paymentStatus: 'refunded' })).status).toBe(200);
  });

  it('is safe to replay: the same Idempotency-Key answers the first result, the same status changes nothing', async () => {
    const b = await newBooking(eventA.id as number);
    const key = { 'Idempotency-Key': `replay-${b.id}-confirm` };
    const first = await setStatus(b.id, { status: 'confirmed' }, admin, key);
    const again = await setStatus(b.id, { status: 'confirmed' }, admin, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    const noKey = await setStatus(b.id, { status: 'confirmed' });
    expect([noKey.status, noKey.body.message, noKey.body.data.version]).toEqual([
      200,
      'Nothing to change.',
      1,
    ]);
    const rows = await t.db.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, b.id));
    expect(rows.map((r) => r.toValue).sort()).toEqual(['confirmed', 'pending']);
    // a stale version is refused
    expect((await setStatus(b.id, { status: 'cancelled', version: 0 })).status).toBe(409);
  });

  it('changes the event and tickets only while pending; unit price and total follow the event', async () => {
    const b = await newBooking(eventA.id as number, admin, 2);
    const body = {
      eventId: eventA.id,
      customerName: b.customerName,
      customerEmail: b.customerEmail,
      customerPhone: b.customerPhone,
      tickets: 3,
      notes: null,
      version: 0,
    };
    const edited = await call('PUT', `/api/booking/${b.id}`, admin, body);
    expect(edited.body.data).toMatchObject({ tickets: 3, total: 37_500, version: 1 });
    await setStatus(b.id, { status: 'cancelled' });
    const locked = await call('PUT', `/api/booking/${b.id}`, admin, { ...body, tickets: 1, version: 2 });
    expect([locked.status, locked.body.message]).toEqual([
      409,
      'The event and the ticket count change only while the booking is pending.',
    ]);
  });

  it('refuses bookings for events that are not open', async () => {
    const [draft] = await t.db.db.select().from(events).where(eq(events.status, 'draft'));
    const res = await call('POST', '/api/booking', admin, {
      eventId: draft!.id,
      customerName: 'Nope',
      customerEmail: 'nope@test.example.com',
      customerPhone: '+966500000999',
      tickets: 1,
    });
    expect([res.status, res.body.errors]).toEqual([409, { eventId: 'This event is not open for bookings.' }]);
  });
});

describe('ownership', () => {
  it('a provider never reaches another provider’s bookings, by id or in lists', async () => {
    const b = await newBooking(eventB.id as number);
    for (const [method, path, body] of [
      ['GET', `/api/booking/${b.id}`, undefined],
      ['GET', `/api/booking/details/${b.id}`, undefined],
      [
        'PUT',
        `/api/booking/${b.id}`,
        {
          eventId: b.eventId,
          customerName: 'X Y',
          customerEmail: 'x@y.example',
          customerPhone: '+966500000000',
          tickets: 1,
          version: 0,
        },
      ],
      ['POST', '/api/booking/update-status', { id: b.id, status: 'cancelled' }],
    ] as const) {
      const res = await call(method, path, providerA, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/api/booking/${b.id}`, admin)).body.data.status).toBe('pending');
    const list = await call('GET', '/api/booking?pageSize=100', providerA);
    expect(list.body.data.total).toBeGreaterThan(0);
    for (const item of list.body.data.items) expect(item.providerId).toBe(idA);
    expect((await call('GET', `/api/booking?eventId=${eventB.id}`, providerA)).body.data.total).toBe(0);
    expect(
      (await call('GET', `/api/booking?eventId=${eventB.id}`, providerB)).body.data.total,
    ).toBeGreaterThan(0);
    // a provider cannot book someone else's event either
    const foreign = await call('POST', '/api/booking', providerA, {
      eventId: eventB.id,
      customerName: 'Foreign',
      customerEmail: 'foreign@test.example.com',
      customerPhone: '+966500000777',
      tickets: 1,
    });
    expect([foreign.status, Object.keys(foreign.body.errors)]).toEqual([422, ['eventId']]);
  });

  it('a supervisor sees only its provider’s bookings; a platform manager sees all', async () => {
    const b = await newBooking(eventB.id as number);
    const own = await newBooking(eventA.id as number);
    expect((await call('GET', `/api/booking/${b.id}`, supervisorA)).status).toBe(404);
    expect((await call('GET', `/api/booking/${own.id}`, supervisorA)).status).toBe(200);
    const list = await call('GET', '/api/booking?pageSize=100', supervisorA);
    for (const item of list.body.data.items) expect(item.providerId).toBe(idA);
    expect((await call('GET', `/api/booking/${b.id}`, manager)).status).toBe(200);
    const all = (await call('GET', '/api/booking', manager)).body.data.total;
    expect(all).toBeGreaterThan(list.body.data.total);
  });
});

describe('capacity', () => {
  it('50 concurrent confirmations for the last seat: exactly one succeeds, capacity is never oversold', async () => {
    const event = await smallEvent(idA, 5);
    // four seats taken
    for (let i = 0; i < 2; i++) {
      const b = await newBooking(event.id as number, admin, 2);
      expect((await setStatus(b.id, { status: 'confirmed' })).status).toBe(200);
    }
    const contenders: Rec[] = [];
    for (let i = 0; i < 50; i++) contenders.push(await newBooking(event.id as number));
    const answers = await Promise.all(contenders.map((b) => setStatus(b.id, { status: 'confirmed' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.message).toBe('Not enough seats left: 0 remaining.');
    const after = (await call('GET', `/api/event/${event.id}`, admin)).body.data;
    expect([after.soldTickets, after.capacity]).toEqual([5, 5]);
    const confirmed = await call('GET', `/api/booking?eventId=${event.id}&status=confirmed`, admin);
    expect(confirmed.body.data.total).toBe(3);
    // cancelling one frees its seats for another
    const winner = contenders[statuses.indexOf(200)]!;
    expect((await setStatus(winner.id, { status: 'cancelled' })).status).toBe(200);
    const next = contenders.find((c) => c.id !== winner.id)!;
    expect((await setStatus(next.id, { status: 'confirmed' })).status).toBe(200);
  });

  it('the event’s capacity cannot drop below the seats sold', async () => {
    const e = (await call('GET', `/api/event/${eventA.id}`, admin)).body.data as Rec;
    const sold = e.soldTickets as number;
    expect(sold).toBeGreaterThan(0);
    const res = await call(
      'PUT',
      `/api/event/${e.id}`,
      admin,
      updateBodyOf(eventResource, e, { capacity: sold - 1 }),
    );
    expect([res.status, res.body.errors]).toEqual([
      422,
      {
        capacity: `The capacity cannot be lower than the ${sold} seats already taken (sold, or held by door devices).`,
      },
    ]);
  });

  it('a capacity cut racing 20 confirmations: the seats held never exceed the capacity', async () => {
    const cutBody = (e: Rec, capacity: number) => updateBodyOf(eventResource, e, { capacity });
    const held = async (eventId: number) =>
      Number(
        (
          (await t.db.db.execute(
            sql`select coalesce(sum(tickets), 0)::int as n from bookings where event_id = ${eventId} and status in ('confirmed', 'checked_in', 'completed')`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    for (let round = 0; round < 3; round++) {
      const event = await smallEvent(idA, 40);
      const pending: Rec[] = [];
      for (let i = 0; i < 20; i++) pending.push(await newBooking(event.id as number, admin, 2));
      const confirm = (b: Rec) => setStatus(b.id, { status: 'confirmed' });
      // the cut goes out among the confirmations (earlier each round)
      const at = 10 - round * 5;
      const answers = await Promise.all([
        ...pending.slice(0, at).map(confirm),
        call('PUT', `/api/event/${event.id}`, admin, cutBody(event, 10)),
        ...pending.slice(at).map(confirm),
      ]);
      const cut = answers[at]!;
      const confirmed = answers.filter((a, i) => i !== at && a.status === 200).length;
      const after = (await call('GET', `/api/event/${event.id}`, admin)).body.data;
      const seats = await held(event.id as number);
      console.info(
        `capacity cut round ${round}: cut ${cut.status}, ${confirmed} confirmed, ${seats} seats held, capacity ${after.capacity}`,
      );
      expect([200, 422, 409]).toContain(cut.status);
      expect(seats).toBeLessThanOrEqual(after.capacity as number);
      expect(seats).toBe(confirmed * 2);
    }
  });
});

describe('list totals and pages', () => {
  /** What a plain count over the table says for the same filters. */
  const counted = async (where: ReturnType<typeof sql>) =>
    Number(
      (
        (await t.db.db.execute(sql`select count(*)::int as n from bookings where ${where}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('the counters agree with the table after creates, moves and event changes', async () => {
    // Writes of every kind the counters follow: new bookings, status and payment moves, and a
    // pending booking moved to another provider's event.
    const fresh = await newBooking(eventA.id as number);
    await newBooking(eventB.id as number);
    expect((await setStatus(fresh.id, { status: 'confirmed', paymentStatus: 'paid' })).status).toBe(200);
    const moving = await newBooking(eventA.id as number);
    const moved = await call('PUT', `/api/booking/${moving.id}`, admin, {
      eventId: eventB.id,
      customerName: moving.customerName,
      customerEmail: moving.customerEmail,
      customerPhone: moving.customerPhone,
      tickets: 2,
      notes: null,
      version: moving.version,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.providerId).toBe(idB);

    const kept = await sqlRows<unknown>(
      t.db.db,
      sql`select provider_id, status, payment_status, n::int as n from booking_counts where n <> 0 order by 1, 2, 3`,
    );
    const real = await sqlRows<unknown>(
      t.db.db,
      sql`select provider_id, status, payment_status, count(*)::int as n from bookings group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept).toEqual(real);

    const cases: [string, string, ReturnType<typeof sql>][] = [
      [admin, '', sql`true`],
      [admin, 'status=confirmed', sql`status = 'confirmed'`],
      [admin, 'status=pending&paymentStatus=pending', sql`status = 'pending' and payment_status = 'pending'`],
      [admin, `providerId=${idB}`, sql`provider_id = ${idB}`],
      [admin, `providerId=${idB}&status=pending`, sql`provider_id = ${idB} and status = 'pending'`],
      [providerA, '', sql`provider_id = ${idA}`],
      [providerA, 'paymentStatus=paid', sql`provider_id = ${idA} and payment_status = 'paid'`],
      [providerA, `providerId=${idB}`, sql`false`],
      [supervisorA, 'status=confirmed', sql`provider_id = ${idA} and status = 'confirmed'`],
      // filters the counters do not keep: a real count
      [admin, `eventId=${eventB.id}`, sql`event_id = ${eventB.id}`],
      [admin, 'q=race', sql`customer_name ilike '%race%' or customer_email ilike '%race%'`],
    ];
    for (const [token, filter, where] of cases) {
      const res = await call('GET', `/api/booking?${filter}`, token);
      expect(res.status, `${filter}: ${res.text}`).toBe(200);
      expect(res.body.data.total, filter).toBe(await counted(where));
    }
  });

  it('the search ignores case and takes % and _ as themselves', async () => {
    // "Race Customer n", race<n>@test.example.com, BK-XXXXXX
    const code = String((await newBooking(eventA.id as number)).code);
    // What ILIKE over the four searched texts says.
    const text = sql`code || ' ' || customer_name || ' ' || customer_email || ' ' || customer_phone`;
    const cases: [string, ReturnType<typeof sql>][] = [
      ['RACE CUSTOMER', sql`${text} ilike '%race customer%'`],
      ['rAcE', sql`${text} ilike '%race%'`],
      [code.toLowerCase(), sql`code = ${code}`],
      ['%', sql`strpos(${text}, '%') > 0`],
      ['_', sql`strpos(${text}, '_') > 0`],
      ['ce_1', sql`strpos(lower(${text}), 'ce_1') > 0`],
    ];
    for (const [q, where] of cases) {
      const res = await call('GET', `/api/booking?q=${encodeURIComponent(q)}`, admin);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.total, q).toBe(await counted(where));
    }
    expect(await counted(sql`${text} ilike '%race%'`)).toBeGreaterThan(0);
    const header = await call('GET', `/api/search?q=${encodeURIComponent(code.toLowerCase())}`, admin);
    expect(header.body.data.bookings.map((b: Rec) => b.code)).toEqual([code]);
  });

  it('pages follow the sort without gaps or repeats, deep pages included', async () => {
    const idsOf = async (query: ReturnType<typeof sql>) =>
      ((await t.db.db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    const walk = async (filter: string, pageSize: number) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const res = await call('GET', `/api/booking?${filter}&pageSize=${pageSize}&page=${page}`, admin);
        expect(res.status, res.text).toBe(200);
        const items = res.body.data.items as Rec[];
        for (const b of items)
          expect([typeof b.eventTitle, typeof b.providerName]).toEqual(['object', 'object']);
        seen.push(...items.map((b) => b.id));
        if (items.length < pageSize) return seen;
      }
    };
    const all = await idsOf(sql`select id from bookings order by created_at desc, id desc`);
    expect(all.length).toBeGreaterThan(1000);
    expect(await walk('sort=createdAt&order=desc', 100)).toEqual(all);
    expect(await walk('status=cancelled&sort=customerName&order=asc', 25)).toEqual(
      await idsOf(sql`select id from bookings where status = 'cancelled' order by lower(customer_name), id`),
    );
  });
});
