/**
 * Undo (docs/decisions/0025-undo.md, 0034-undo-tokens-minted-by-the-server.md): the user who made a delete, a status move or a bulk action puts
 * the records back from the audit trail, as one more audited write; per record, refused with the
 * reason when it changed again since; only the caller's own writes, only within the window, only
 * with the permission the write needs now; many parallel undo calls apply once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '../../src/contract/undo';
import {
  auditLog,
  bookingHistory,
  bookings,
  bulkJobs,
  categories,
  events,
  rolePermissions,
  users,
} from '../../server/db/schema';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

let t: TestServer;
let admin: string;
let provider: string;
let manager: string;
let providerId: number;

const call = apiOf(() => t, { lang: 'en' });

/** The undo token the server minted on an undoable write's answer. */
const tokenOf = (res: { status: number; text: string; body: { undo?: string } }) => {
  expect(res.status, res.text).toBe(200);
  expect(res.body.undo).toMatch(/^[0-9a-f-]{36}$/);
  return res.body.undo!;
};

const undo = (token: string, write: string, lang = 'en') =>
  call('POST', '/api/undo', token, { token: write }, { lang });

const bookingRow = async (id: number) =>
  (await t.db.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Pending bookings of the demo provider's events (the provider and its supervisor may move them). */
const pendingOfProvider = async (n: number) =>
  (
    await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.providerId, providerId), eq(bookings.status, 'pending')))
      .orderBy(bookings.id)
      .limit(n)
  ).map((b) => b.id);

const move = async (token: string, id: number, status: string) =>
  tokenOf(await call('POST', '/api/booking/update-status', token, { id, status }));

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  manager = await signInAs(t, 'manager');
  const [p] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  providerId = p!.id;
});
afterAll(() => t?.close());

describe('undo of one write', () => {
  it('puts a deleted record back, recorded as restore entries of the undo, and never twice', async () => {
    const created = await call('POST', '/api/master/addlist', admin, {
      type: 'category',
      name: { en: 'Undo Category', ar: 'فئة تراجع' },
      sortOrder: 3,
      active: true,
    });
    expect(created.status, created.text).toBeLessThan(300);
    const id = created.body.data.id as number;
    const write = tokenOf(await call('POST', '/api/master/deletelist', admin, { type: 'category', id }));
    expect(await t.db.db.select().from(categories).where(eq(categories.id, id))).toEqual([]);

    const res = await undo(admin, write);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      token: write,
      undone: 1,
      refused: 0,
      rows: [{ resource: 'category', recordId: String(id), state: 'undone', message: null }],
    });
    expect(res.body.message).toBe('Undone: the record is back as it was.');
    const [back] = await t.db.db.select().from(categories).where(eq(categories.id, id));
    expect(back?.name).toEqual({ en: 'Undo Category', ar: 'فئة تراجع' });
    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'category'), eq(auditLog.recordId, String(id))))
      .orderBy(auditLog.id);
    const deleted = entries.find((e) => e.action === 'delete')!;
    const restore = entries.at(-1)!;
    expect(restore).toMatchObject({ action: 'restore', restoreOf: deleted.id, operation: 'POST /api/undo' });

    const again = await undo(admin, write, 'ar');
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toBe('تم التراجع عن هذا التغيير من قبل.');
  });

  it('moves a booking back to its status, with its history, as the provider that moved it', async () => {
    const [id] = await pendingOfProvider(1);
    const before = await bookingRow(id!);
    const write = await move(provider, id!, 'confirmed');
    expect((await bookingRow(id!)).status).toBe('confirmed');

    const res = await undo(provider, write);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.undone).toBe(1);
    const after = await bookingRow(id!);
    expect(after.status).toBe('pending');
    expect(after.version).toBeGreaterThan(before.version + 1);
    const history = await t.db.db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, id!))
      .orderBy(bookingHistory.id);
    expect(history.at(-1)).toMatchObject({ field: 'status', fromValue: 'confirmed', toValue: 'pending' });
  });

  it("refuses someone else's write (as if there were none), and an unknown token", async () => {
    const [id] = await pendingOfProvider(1);
    const write = await move(admin, id!, 'confirmed');
    const res = await undo(provider, write);
    expect(res.status, res.text).toBe(404);
    expect(res.body.message).toBe('There is no change of yours to undo here.');
    expect((await bookingRow(id!)).status).toBe('confirmed');
    expect((await undo(admin, randomUUID())).status).toBe(404);
    // A write that is not an action (a create, an edit) gets no token, and its request id, read
    // from the trail, cannot be undone either.
    const created = await call('POST', '/api/master/addlist', admin, {
      type: 'category',
      name: { en: 'Not undoable', ar: 'غير قابل' },
      sortOrder: 4,
      active: true,
    });
    expect(created.status, created.text).toBeLessThan(300);
    expect(created.body.undo).toBeUndefined();
    const [entry] = await t.db.db
      .select({ requestId: auditLog.requestId })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'category'), eq(auditLog.recordId, String(created.body.data.id))));
    const refused = await undo(admin, entry!.requestId!);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe('This kind of change cannot be undone.');
    // Bad input: 422 with the field.
    const bad = await call('POST', '/api/undo', admin, { token: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('token');
  });

  it('refuses after the window', async () => {
    const [id] = await pendingOfProvider(1);
    const write = await move(admin, id!, 'confirmed');
    t.clock.advance(UNDO_WINDOW_MS + 1000);
    const res = await undo(admin, write);
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe('It is too late to undo this change (at most 60 seconds after it).');
    expect((await bookingRow(id!)).status).toBe('confirmed');
  });

  it('checks the permission the write needs now: a supervisor whose role lost it cannot undo', async () => {
    const [id] = await pendingOfProvider(1);
    const write = await move(manager, id!, 'confirmed');
    const [perm] = await t.db.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.role, 'manager'), eq(rolePermissions.permission, 'booking')))
      .returning();
    // The session's rights are read with every request: the change counts at once.
    const bookingsList = async () => (await call('GET', '/api/booking', manager)).status;
    try {
      expect(await bookingsList()).toBe(403);
      const res = await undo(manager, write);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ undone: 0, refused: 1 });
      expect(res.body.data.rows[0]).toMatchObject({ recordId: String(id), state: 'refused' });
      expect(res.body.data.rows[0].message).toMatch(/permission/i);
      expect((await bookingRow(id!)).status).toBe('confirmed');
    } finally {
      await t.db.db.insert(rolePermissions).values(perm!);
    }
    // With the permission back, the same undo applies (a refusal changed nothing).
    expect(await bookingsList()).toBe(200);
    const res = await undo(manager, write);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.undone).toBe(1);
    expect((await bookingRow(id!)).status).toBe('pending');
  });

  it('many parallel undo calls of one write apply exactly once', async () => {
    const [id] = await pendingOfProvider(1);
    const write = await move(admin, id!, 'confirmed');
    const restoresOf = async () =>
      (
        await t.db.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.resource, 'booking'),
              eq(auditLog.recordId, String(id)),
              eq(auditLog.action, 'restore'),
            ),
          )
      )[0]!.n;
    const restoredBefore = await restoresOf();
    const answers = await Promise.all(Array.from({ length: 12 }, () => undo(admin, write)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect((await bookingRow(id!)).status).toBe('pending');
    expect((await restoresOf()) - restoredBefore).toBe(1);
  });
});

describe('undo of a move with consequences', () => {
  it("an event's cancellation is undone with the bookings it cancelled", async () => {
    const [ev] = await t.db.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.status, 'approved'),
          sql`exists (select 1 from bookings b where b.event_id = ${events.id} and b.status in ('pending', 'confirmed'))`,
        ),
      )
      .limit(1);
    const before = await t.db.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, ev!.id));
    const write = tokenOf(
      await call('POST', '/api/event/update-status', admin, {
        id: ev!.id,
        status: 'cancelled',
        reason: 'Venue closed',
      }),
    );
    const cancelled = before.filter((b) => b.status === 'pending' || b.status === 'confirmed');
    expect(cancelled.length).toBeGreaterThan(0);

    const undone = await undo(admin, write);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.data).toMatchObject({ undone: 1 + cancelled.length, refused: 0 });
    const [back] = await t.db.db.select({ status: events.status }).from(events).where(eq(events.id, ev!.id));
    expect(back!.status).toBe('approved');
    const after = await t.db.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, ev!.id));
    expect(new Map(after.map((b) => [b.id, b.status]))).toEqual(new Map(before.map((b) => [b.id, b.status])));
  });
});

describe('undo of a bulk action', () => {
  const finished = async (job: number) => {
    for (let i = 0; i < 600; i++) {
      const res = await call('GET', `/api/bulk/${job}`, admin);
      if (res.body.data.state === 'finished') return res.body.data as { done: number };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not finish');
  };

  it('puts every row back but the one changed again meanwhile, which is refused with its reason', async () => {
    const ids = await pendingOfProvider(6);
    expect(ids).toHaveLength(6);
    const started = await call('POST', '/api/booking/bulk', admin, {
      ids,
      action: 'status',
      params: { status: 'confirmed' },
    });
    expect(started.status, started.text).toBe(201);
    const job = started.body.data.id as number;
    expect((await finished(job)).done).toBe(6);
    // While a job runs, its undo is refused (marked running again here: a job of six rows is quick).
    await t.db.db.update(bulkJobs).set({ state: 'running' }).where(eq(bulkJobs.id, job));
    const early = await undo(admin, `bulk-${job}`);
    await t.db.db.update(bulkJobs).set({ state: 'finished' }).where(eq(bulkJobs.id, job));
    expect([early.status, early.body.message]).toEqual([
      409,
      'This bulk action is still running: undo it when it has finished.',
    ]);
    // Someone checks one of them in meanwhile.
    const changed = ids[2]!;
    await move(provider, changed, 'checked_in');

    const res = await undo(admin, `bulk-${job}`, 'ar');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ undone: 5, refused: 1 });
    expect(res.body.data.rows[0]).toEqual({
      resource: 'booking',
      recordId: String(changed),
      state: 'refused',
      message: 'تغيّر مرة أخرى منذ ذلك الحين: تُرك كما هو الآن.',
    });
    const now = await t.db.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, ids));
    for (const b of now) expect(b.status).toBe(b.id === changed ? 'checked_in' : 'pending');
    // The bulk job's undo is the admin's; the provider cannot undo it.
    expect((await undo(provider, `bulk-${job}`)).status).toBe(404);
  });
});
