/**
 * The bookings list's and the audit trail's days are the viewer's
 * (docs/decisions/0031-venue-days-and-viewer-moments.md): with `tz=Asia/Kolkata` (UTC+5:30), a
 * booking made at 18:45 UTC on 14 March 2027 (00:15 on the 15th in Kolkata) is "from 15 March", one
 * made at 18:15 UTC (23:45 on the 14th there) is not; without `tz` the platform's day applies
 * (Riyadh: both at 21:xx on the 14th), and the audit trail's UTC day. A bad zone is a 422 with a
 * field error; a bulk job "all matching" with the same filter selects exactly the list's rows.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../../server/db/schema';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let eventId: number;
/** Bookings made at 00:15 on 15 March (early) and 23:45 on 14 March (late) on Kolkata's clock. */
const made: { early: number; late: number } = { early: 0, late: 0 };
const EARLY = new Date('2027-03-14T18:45:00Z');
const LATE = new Date('2027-03-14T18:15:00Z');
/** The audit entries' record id (made by hand at the same instants). */
const RECORD = '987654321';

const call = apiOf(() => t);

/** The test's bookings the list answers for these filters, by name (early, late). */
const listed = async (filters: string) => {
  const res = await call('GET', `/api/booking?eventId=${eventId}&${filters}&pageSize=100`, admin);
  expect(res.status, res.text).toBe(200);
  const ids = (res.body.data.items as Rec[]).map((b) => b.id);
  return (['early', 'late'] as const).filter((k) => ids.includes(made[k]));
};

/** The hand-made audit entries the trail answers for these filters, by operation (early, late). */
const audited = async (filters: string) => {
  const res = await call('GET', `/api/audit?resource=booking&recordId=${RECORD}&${filters}`, admin);
  expect(res.status, res.text).toBe(200);
  return (res.body.data.items as { operation: string }[]).map((e) => e.operation).sort();
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  const base = (await call('GET', '/api/event?status=approved&pageSize=10', admin)).body.data.items[0] as Rec;
  const created = await call('POST', '/api/event', admin, {
    title: { en: 'Viewer days', ar: 'أيام المشاهد' },
    description: base.description,
    categoryId: base.categoryId,
    providerId: base.providerId,
    countryId: base.countryId,
    cityId: base.cityId,
    locationId: base.locationId,
    startsAt: '2027-06-01T16:00:00Z',
    endsAt: '2027-06-01T20:00:00Z',
    price: 10_000,
    capacity: 50,
  });
  expect(created.status, created.text).toBe(201);
  eventId = created.body.data.id as number;
  expect(
    (await call('POST', '/api/event/update-status', admin, { id: eventId, status: 'pending' })).status,
  ).toBe(200);
  expect(
    (await call('POST', '/api/event/approve', admin, { id: eventId, status: 'approved', reason: null }))
      .status,
  ).toBe(200);
  for (const key of ['early', 'late'] as const) {
    const res = await call('POST', '/api/booking', admin, {
      eventId,
      customerName: `Viewer ${key}`,
      customerEmail: `viewer-${key}@test.example.com`,
      customerPhone: '+966500000124',
      tickets: 1,
    });
    expect(res.status, res.text).toBe(201);
    made[key] = res.body.data.id as number;
  }
  // When they were made: set by hand (the server's clock is now).
  await t.db.db.update(bookings).set({ createdAt: EARLY }).where(eq(bookings.id, made.early));
  await t.db.db.update(bookings).set({ createdAt: LATE }).where(eq(bookings.id, made.late));
  // The trail is append-only: two entries written at those instants.
  await t.db.db.insert(auditLog).values([
    { at: EARLY, action: 'update', resource: 'booking', recordId: RECORD, operation: 'early' },
    { at: LATE, action: 'update', resource: 'booking', recordId: RECORD, operation: 'late' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe("the bookings list's days", () => {
  it("count on the viewer's clock when it is sent", async () => {
    expect(await listed('from=2027-03-15&tz=Asia/Kolkata')).toEqual(['early']);
    expect(await listed('to=2027-03-14&tz=Asia/Kolkata')).toEqual(['late']);
    expect(await listed('from=2027-03-15&to=2027-03-15&tz=Asia/Kolkata')).toEqual(['early']);
    expect(await listed('from=2027-03-14&to=2027-03-14&tz=Asia/Kolkata')).toEqual(['late']);
    // The old name of the zone, and any spelling of its case, are the same clock.
    expect(await listed('from=2027-03-15&tz=Asia/Calcutta')).toEqual(['early']);
    expect(await listed('from=2027-03-15&tz=asia/kolkata')).toEqual(['early']);
    // UTC (both at 18:xx on the 14th) and a clock behind it.
    expect(await listed('from=2027-03-14&to=2027-03-14&tz=UTC')).toEqual(['early', 'late']);
    expect(await listed('from=2027-03-14&to=2027-03-14&tz=America/New_York')).toEqual(['early', 'late']);
  });

  it("count on the platform's clock without it", async () => {
    expect(await listed('from=2027-03-15')).toEqual([]);
    expect(await listed('from=2027-03-14&to=2027-03-14')).toEqual(['early', 'late']);
    // The same URL with and without tz: each answer counts on its own clock.
    expect(await listed('from=2027-03-15&tz=Asia/Kolkata')).toEqual(['early']);
    expect(await listed('from=2027-03-15')).toEqual([]);
  });

  it('refuse an offset or an unknown zone with a field error', async () => {
    for (const tz of ['%2B05:30', 'Nowhere/City', 'GMT%2B5']) {
      const res = await call('GET', `/api/booking?from=2027-03-15&tz=${tz}`, admin);
      expect(res.status, `${tz}: ${res.text}`).toBe(422);
      expect(res.body.errors).toHaveProperty('tz');
    }
    const csv = await call('GET', '/api/export/booking?from=2027-03-15&tz=Nowhere/City', admin);
    expect(csv.status).toBe(422);
    expect(csv.body.errors).toHaveProperty('tz');
  });

  it('count the same in the CSV export', async () => {
    const res = await call(
      'GET',
      `/api/export/booking?eventId=${eventId}&from=2027-03-15&tz=Asia/Kolkata`,
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.text).toContain('Viewer early');
    expect(res.text).not.toContain('Viewer late');
  });

  it("select exactly the list's rows in a bulk job on every matching row", async () => {
    const run = async (filter: Record<string, string>) => {
      const res = await call('POST', '/api/booking/bulk', admin, {
        filter: { eventId: String(eventId), ...filter },
        action: 'status',
        params: { status: 'confirmed' },
      });
      expect(res.status, res.text).toBe(201);
      for (let i = 0; i < 400; i++) {
        const job = (await call('GET', `/api/bulk/${res.body.data.id}`, admin)).body.data as {
          state: string;
          rows: { id: number }[];
        };
        if (job.state === 'finished') return job.rows.map((r) => r.id);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the job did not finish');
    };
    expect(await run({ from: '2027-03-15', tz: 'Asia/Kolkata' })).toEqual([made.early]);
    const rows = await t.db.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [made.early, made.late]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [made.early]: 'confirmed',
      [made.late]: 'pending',
    });
    expect(await run({ to: '2027-03-14', tz: 'Asia/Kolkata' })).toEqual([made.late]);
    const bad = await call('POST', '/api/booking/bulk', admin, {
      filter: { from: '2027-03-15', tz: '+05:30' },
      action: 'status',
      params: { status: 'confirmed' },
    });
    expect(bad.status, bad.text).toBe(422);
  });
});

describe("the audit trail's days", () => {
  it("count on the viewer's clock when it is sent, else on UTC's", async () => {
    expect(await audited('from=2027-03-15&tz=Asia/Kolkata')).toEqual(['early']);
    expect(await audited('to=2027-03-14&tz=Asia/Kolkata')).toEqual(['late']);
    expect(await audited('from=2027-03-15')).toEqual([]);
    expect(await audited('from=2027-03-14&to=2027-03-14')).toEqual(['early', 'late']);
    const csv = await call(
      'GET',
      `/api/audit/export?resource=booking&recordId=${RECORD}&from=2027-03-15&tz=Asia/Kolkata`,
      admin,
    );
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(2); // the header and the early entry
  });

  it('refuse an offset or an unknown zone with a field error', async () => {
    for (const tz of ['%2B05:30', 'Nowhere/City']) {
      for (const path of ['/api/audit', '/api/audit/export']) {
        const res = await call('GET', `${path}?from=2027-03-15&tz=${tz}`, admin);
        expect(res.status, `${path} ${tz}: ${res.text}`).toBe(422);
        expect(res.body.errors).toHaveProperty('tz');
      }
    }
  });
});
