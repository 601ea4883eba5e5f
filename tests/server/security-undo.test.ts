/**
 * Undo and restore against a hostile user (docs/security.md "Undo, restore and bulk jobs";
 * docs/decisions/0034-undo-tokens-minted-by-the-server.md). The token of an undo is minted by the
 * server for one undoable write of the caller: a client's `X-Request-Id` names nothing, so writes
 * sent under one id cannot be undone together (an edit slipped in with a status move), and a fresh
 * write cannot stretch an old one's window. Putting a record back runs the rules of a forward
 * write: an admin's restore of an event's capacity cannot oversell it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisementResource } from '../../src/contract/areas/advertisement';
import { eventResource } from '../../src/contract/areas/event';
import { UNDO_WINDOW_MS } from '../../src/contract/undo';
import { advertisements, auditLog, bookings, categories, events, users } from '../../server/db/schema';
import { createTestServer, DEMO, type TestResponse, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { bodyOf } from '../support/bodies';

let t: TestServer;
let admin: string;
let provider: string;
let providerId: number;
let n = 0;

const api = apiOf(() => t, { lang: 'en' });
/** A call sent with the `X-Request-Id` a hostile client chose (`id`), as the old undo trusted it. */
const call = (method: string, path: string, token: string, body?: unknown, id?: string) =>
  api(method, path, token, body, { headers: id ? { 'X-Request-Id': id } : {} });

const ok = (res: TestResponse) => {
  expect(res.status, res.text).toBeLessThan(300);
  return res;
};

const undo = (token: string, write: string) => call('POST', '/api/undo', token, { token: write });

/** A pending booking of an event of the demo provider. */
const pendingOfProvider = async () => {
  const [b] = await t.db.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), eq(bookings.status, 'pending')))
    .orderBy(bookings.id)
    .limit(1);
  return b!.id;
};

/** An undoable write (a pending booking of the demo provider confirmed) sent under the client's `id`. */
const confirmUnder = async (token: string, id: string) =>
  ok(
    await call(
      'POST',
      '/api/booking/update-status',
      token,
      { id: await pendingOfProvider(), status: 'confirmed' },
      id,
    ),
  );

/** The `nth` approved event that has not started, as the API answers it. */
const comingEvent = async (nth: number) => {
  const [e] = await t.db.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.status, 'approved'), gt(events.startsAt, t.clock.now())))
    .orderBy(events.id)
    .offset(nth)
    .limit(1);
  return (await ok(await call('GET', `/api/event/${e!.id}`, admin))).body.data as Record<string, unknown> & {
    id: number;
    capacity: number;
    soldTickets: number;
  };
};

const setCapacity = async (event: { id: number }, capacity: number, id?: string) => {
  const record = (await call('GET', `/api/event/${event.id}`, admin)).body.data;
  return ok(
    await call(
      'PUT',
      `/api/event/${event.id}`,
      admin,
      { ...bodyOf(eventResource.updateBody.shape, record), capacity },
      id,
    ),
  );
};

/** Sells `seats` seats of the event: confirmed bookings of one ticket. */
const sell = async (eventId: number, seats: number) => {
  for (let i = 0; i < seats; i++) {
    const created = ok(
      await call('POST', '/api/booking', admin, {
        eventId,
        customerName: `Door Guest ${++n}`,
        customerEmail: `undo-guest${n}@test.example.com`,
        customerPhone: '+966500000123',
        tickets: 1,
      }),
    );
    ok(
      await call('POST', '/api/booking/update-status', admin, {
        id: created.body.data.id,
        status: 'confirmed',
      }),
    );
  }
};

const seatsOf = async (eventId: number) => {
  const { capacity, soldTickets } = (await ok(await call('GET', `/api/event/${eventId}`, admin))).body.data;
  return { capacity: capacity as number, sold: soldTickets as number };
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  const [p] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  providerId = p!.id;
});
afterAll(() => t?.close());

describe('a client header never groups writes into one undo', () => {
  it('every request has its own server-minted id on the trail, whatever X-Request-Id says', async () => {
    const chosen = randomUUID();
    const moved = await confirmUnder(provider, chosen);
    expect(moved.body.undo).toBeDefined();
    expect(moved.body.undo).not.toBe(chosen);
    const entries = await t.db.db.select().from(auditLog).where(eq(auditLog.requestId, chosen));
    expect(entries).toEqual([]);
    // Another user's token is nothing to them.
    expect((await undo(admin, moved.body.undo as string)).status).toBe(404);
  });

  it("an advertisement's edit sent under a status move's id is not undone with it (approval bypass)", async () => {
    // An approved advertisement of the provider's (a link, running for weeks yet).
    const [ad] = await t.db.db
      .update(advertisements)
      .set({ providerId, status: 'approved', endsOn: '2027-01-31' })
      .where(eq(advertisements.id, sql`(select min(id) from advertisements where target_type = 'url')`))
      .returning({ id: advertisements.id });
    const approvedTitle = (await call('GET', `/api/advertisement/${ad!.id}`, provider)).body.data.title;
    const chosen = randomUUID();
    const moved = await confirmUnder(provider, chosen);
    const record = (await call('GET', `/api/advertisement/${ad!.id}`, provider)).body.data;
    const edited = ok(
      await call(
        'PUT',
        `/api/advertisement/${ad!.id}`,
        provider,
        {
          ...bodyOf(advertisementResource.updateBody.shape, record),
          title: { en: 'Edited and approved again', ar: 'عُدّل ووُوفق عليه مجددًا' },
        },
        chosen,
      ),
    );
    expect(edited.body.data.status).toBe('pending');
    expect(edited.body.undo).toBeUndefined();
    ok(await call('POST', '/api/advertisement/adsApprove', admin, { id: ad!.id, status: 'approved' }));

    // The id the client chose undoes nothing; the move's own token undoes the move alone.
    expect((await undo(provider, chosen)).status).toBe(404);
    const res = ok(await undo(provider, moved.body.undo as string));
    expect(res.body.data).toMatchObject({ undone: 1, refused: 0 });
    expect(res.body.data.rows.map((r: { resource: string }) => r.resource)).toEqual(['booking']);
    const [after] = await t.db.db.select().from(advertisements).where(eq(advertisements.id, ad!.id));
    expect(after!.status).toBe('approved');
    expect(after!.title).toEqual({ en: 'Edited and approved again', ar: 'عُدّل ووُوفق عليه مجددًا' });
    expect(after!.title).not.toEqual(approvedTitle);
  });

  it("a capacity raise sent under a status move's id is not undone after its seats were sold (oversold)", async () => {
    const event = await comingEvent(0);
    const chosen = randomUUID();
    const moved = await confirmUnder(admin, chosen);
    const before = await seatsOf(event.id);
    await setCapacity(event, before.sold + 3, chosen);
    await sell(event.id, 3);
    expect((await undo(admin, chosen)).status).toBe(404);
    ok(await undo(admin, moved.body.undo as string));
    const after = await seatsOf(event.id);
    expect(after.capacity).toBe(before.sold + 3);
    expect(after.sold).toBeLessThanOrEqual(after.capacity);
  });

  it("a master's edit sent under a status move's id is not undone once another provider uses it", async () => {
    const created = ok(
      await call('POST', '/api/master/addlist', provider, {
        type: 'category',
        name: { en: `Provider Category ${++n}`, ar: `فئة المزود ${n}` },
        sortOrder: 5,
        active: true,
      }),
    );
    const category = created.body.data as { id: number; version: number };
    const chosen = randomUUID();
    const moved = await confirmUnder(provider, chosen);
    ok(
      await call(
        'POST',
        '/api/master/addlist',
        provider,
        {
          type: 'category',
          id: category.id,
          version: category.version,
          name: { en: `Renamed Category ${n}`, ar: `فئة معاد تسميتها ${n}` },
          sortOrder: 5,
          active: true,
        },
        chosen,
      ),
    );
    // Another provider's event now uses it: the provider may no longer change it.
    const [other] = await t.db.db
      .select({ id: events.id })
      .from(events)
      .where(and(ne(events.providerId, providerId), inArray(events.status, ['draft', 'pending', 'approved'])))
      .limit(1);
    const record = (await call('GET', `/api/event/${other!.id}`, admin)).body.data;
    ok(
      await call('PUT', `/api/event/${other!.id}`, admin, {
        ...bodyOf(eventResource.updateBody.shape, record),
        categoryId: category.id,
      }),
    );
    expect((await undo(provider, chosen)).status).toBe(404);
    ok(await undo(provider, moved.body.undo as string));
    const [after] = await t.db.db.select().from(categories).where(eq(categories.id, category.id));
    expect(after!.name.en).toBe(`Renamed Category ${n}`);
  });

  it("a fresh write under an old write's id does not reopen its window", async () => {
    const event = await comingEvent(1);
    const chosen = randomUUID();
    const cancelled = ok(
      await call(
        'POST',
        '/api/event/update-status',
        admin,
        { id: event.id, status: 'cancelled', reason: 'Hostile test' },
        chosen,
      ),
    );
    t.clock.advance(UNDO_WINDOW_MS + 10_000);
    await confirmUnder(admin, chosen);
    expect((await undo(admin, chosen)).status).toBe(404);
    const late = await undo(admin, cancelled.body.undo as string);
    expect([late.status, late.body.message]).toEqual([
      409,
      'It is too late to undo this change (at most 60 seconds after it).',
    ]);
    const [after] = await t.db.db
      .select({ status: events.status })
      .from(events)
      .where(eq(events.id, event.id));
    expect(after!.status).toBe('cancelled');
  });
});

describe('putting a record back runs the rules of a forward write', () => {
  it("an admin's restore of a capacity edit is refused when the seats were sold meanwhile, and allowed when not", async () => {
    const event = await comingEvent(2);
    const before = await seatsOf(event.id);
    const raised = await setCapacity(event, before.sold + 4);
    const entryOf = async () => {
      const [entry] = await t.db.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.resource, 'event'),
            eq(auditLog.recordId, String(event.id)),
            eq(auditLog.action, 'update'),
            sql`${auditLog.fields} @> array['capacity']::text[]`,
          ),
        )
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      return entry!.id;
    };
    await setCapacity(event, before.sold + 8);
    await sell(event.id, 6);
    // Putting the capacity back to sold + 4 would leave 6 seats sold beyond it: refused, unchanged.
    const version = (await call('GET', `/api/event/${event.id}`, admin)).body.data.version;
    const refused = await call('POST', `/api/audit/${await entryOf()}/restore`, admin, { version });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toMatch(/sold/i);
    expect(await seatsOf(event.id)).toEqual({ capacity: before.sold + 8, sold: before.sold + 6 });
    expect(raised.body.data.capacity).toBe(before.sold + 4);
    // A restore that leaves every sold seat a place is a forward write like any other: allowed.
    await setCapacity(event, before.sold + 20);
    const entry = await entryOf();
    const fine = await call('POST', `/api/audit/${entry}/restore`, admin, {
      version: (await call('GET', `/api/event/${event.id}`, admin)).body.data.version,
    });
    expect(fine.status, fine.text).toBe(200);
    expect((await seatsOf(event.id)).capacity).toBe(before.sold + 8);
  });
});
