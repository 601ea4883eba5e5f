/**
 * Bulk actions (docs/decisions/0021-bulk-actions-and-list-keyboard.md): a bulk job runs each row
 * through the single-row action's rules and answers per row; ownership holds (a provider's bulk call
 * on another provider's records changes nothing); a filter selects exactly the list's matching set;
 * two jobs on the same rows never apply a transition twice; the job is reported from the database.
 * Their bounds (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md): one user runs at most
 * BULK_RUNNING_PER_USER jobs at once, even when it starts many in parallel; finished jobs are purged
 * after the retention, by several processes at once; a job stops when its caller, or the provider a
 * supervisor works for, may no longer run it. The server suites run bulk rows without the rest
 * production takes after each (`bulkRowRest`, docs/decisions/0075-test-run-within-its-budget.md);
 * the tests with jobs of hundreds of rows get 90 s on a busy machine.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_BATCH, BULK_RUNNING_PER_USER } from '../../src/contract/bulk';
import { DAY } from '../../server/core/config';
import {
  auditLog,
  bookingHistory,
  bookings,
  bulkJobRows,
  bulkJobs,
  providerApprovals,
  users,
} from '../../server/db/schema';
import { resumeBulk } from '../../server/areas';
import { purgeBulkJobs, stopBulkJobs } from '../../server/resources/bulk-jobs';
import { SERVER_MESSAGES, smsg } from '../../server/core/messages';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { acceptInvitation, apiOf, signInAs } from '../support/kit';

type Job = {
  id: number;
  state: 'running' | 'finished';
  total: number;
  done: number;
  unchanged: number;
  refused: number;
  rows: { id: number; state: string; version: number | null; message: string | null }[];
  next: number | null;
};

let t: TestServer;
let admin: string;
let providerA: string;
let idA: number;
let n = 0;

const call = apiOf(() => t, { lang: 'en' });

/** Follows a job to its end (the rows are processed after the answer) and returns all its rows. */
const finished = async (id: number, token = admin, lang = 'en'): Promise<Job> => {
  for (let i = 0; i < 600; i++) {
    const res = await call('GET', `/api/bulk/${id}`, token, undefined, { lang });
    expect(res.status, res.text).toBe(200);
    const job = res.body.data as Job;
    if (job.state === 'finished') {
      let next = job.next;
      while (next !== null) {
        const page = (await call('GET', `/api/bulk/${id}?from=${next}`, token, undefined, { lang })).body
          .data as Job;
        job.rows.push(...page.rows);
        next = page.next;
      }
      return job;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`bulk job ${id} did not finish`);
};

const bulk = async (resource: string, body: unknown, token = admin, lang = 'en') => {
  const res = await call('POST', `/api/${resource}/bulk`, token, body, { lang });
  expect(res.status, res.text).toBe(201);
  return finished(res.body.data.id as number, token, lang);
};

const newProvider = async () => {
  const k = ++n;
  const res = await call('POST', '/api/serviceprovider', admin, {
    name: { en: `Bulk Contact ${k}`, ar: `جهة ${k}` },
    email: `bulk${k}@test.example.com`,
    phone: `+96655${String(1000000 + k)}`,
    businessName: { en: `Bulk Business ${k}`, ar: `نشاط ${k}` },
    categoryId: null,
    cityId: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  providerA = await signInAs(t, 'provider');
  const [a] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  idA = a!.id;
});
afterAll(() => t?.close());

describe('bulk approve of providers', () => {
  it('approves 49 pending providers and refuses the one row that is not allowed, with its reason', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 49; i++) ids.push(await newProvider());
    // Pending, as after a registration.
    await t.db.db.update(users).set({ status: '0' }).where(inArray(users.id, ids));
    const [manager] = await t.db.db.select().from(users).where(eq(users.email, DEMO.manager.email));
    const selection = [...ids.slice(0, 20), manager!.id, ...ids.slice(20)];
    const job = await bulk('serviceprovider', { ids: selection, action: 'status', params: { status: '1' } });
    expect([job.total, job.done, job.unchanged, job.refused]).toEqual([50, 49, 0, 1]);
    expect(job.rows.map((r) => r.id)).toEqual(selection);
    const refused = job.rows.filter((r) => r.state === 'refused');
    expect(refused).toEqual([{ id: manager!.id, state: 'refused', version: null, message: 'Not found.' }]);
    // Each done row carries the version it produced (for an undo built on the audit trail).
    for (const row of job.rows.filter((r) => r.state === 'done')) expect(row.version).toBeGreaterThan(0);
    const now = await t.db.db.select({ status: users.status }).from(users).where(inArray(users.id, ids));
    expect(now.every((u) => u.status === '1')).toBe(true);
    // One approval history entry per approved row; the refusal is the job's row.
    const history = await t.db.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(providerApprovals)
      .where(and(inArray(providerApprovals.providerId, ids), eq(providerApprovals.toStatus, '1')));
    expect(history[0]!.n).toBe(49 + 49); // created approved, then approved again after pending
    // One audit entry per approved row, the admin's, naming the job (docs/decisions/0017-audit-trail.md).
    const entries = await t.db.db
      .select({ recordId: auditLog.recordId, actorId: auditLog.actorId, operation: auditLog.operation })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'serviceprovider'), eq(auditLog.requestId, `bulk-${job.id}`)));
    expect(entries.map((e) => Number(e.recordId)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    expect(new Set(entries.map((e) => e.actorId))).toEqual(new Set([me!.id]));
    expect(entries[0]!.operation).toBe('POST /api/serviceprovider/bulk (status)');
    // The reason in the reader's language.
    const ar = await call('GET', `/api/bulk/${job.id}?only=refused`, admin, undefined, { lang: 'ar' });
    expect(ar.body.data.rows).toEqual([
      { id: manager!.id, state: 'refused', version: null, message: 'غير موجود.' },
    ]);
    // Again: nothing changes, every row says so.
    const again = await bulk('serviceprovider', { ids, action: 'status', params: { status: '1' } });
    expect([again.done, again.unchanged, again.refused]).toEqual([0, 49, 0]);
  });

  it('checks the parameters once with the single-row rules, and the permission of the action', async () => {
    const id = await newProvider();
    const noReason = await call('POST', '/api/serviceprovider/bulk', admin, {
      ids: [id],
      action: 'status',
      params: { status: '2' },
    });
    expect([noReason.status, noReason.body.errors]).toEqual([
      422,
      { 'params.reason': 'Please give a reason for the rejection.' },
    ]);
    const both = await call('POST', '/api/serviceprovider/bulk', admin, {
      ids: [id],
      filter: {},
      action: 'status',
      params: { status: '1' },
    });
    expect(both.status).toBe(422);
    // A provider may not approve providers, in bulk either.
    const mine = await call('POST', '/api/serviceprovider/bulk', providerA, {
      ids: [idA],
      action: 'status',
      params: { status: '1' },
    });
    expect(mine.status).toBe(403);
    // Another user's job is not found.
    const job = await bulk('serviceprovider', { ids: [id], action: 'status', params: { status: '1' } });
    expect((await call('GET', `/api/bulk/${job.id}`, providerA)).status).toBe(404);
  });
});

describe('bookings in bulk', () => {
  it("a provider's bulk call on another provider's bookings changes nothing", async () => {
    const others = await t.db.db
      .select({ id: bookings.id, status: bookings.status, version: bookings.version })
      .from(bookings)
      .where(and(sql`${bookings.providerId} <> ${idA}`, eq(bookings.status, 'pending')))
      .limit(10);
    expect(others.length).toBeGreaterThan(0);
    const ids = others.map((b) => b.id);
    const job = await bulk('booking', { ids, action: 'status', params: { status: 'cancelled' } }, providerA);
    expect([job.done, job.refused]).toEqual([0, ids.length]);
    expect(new Set(job.rows.map((r) => r.message))).toEqual(new Set(['Not found.']));
    const after = await t.db.db
      .select({ id: bookings.id, status: bookings.status, version: bookings.version })
      .from(bookings)
      .where(inArray(bookings.id, ids));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(others.sort((a, b) => a.id - b.id));
    // By filter, a provider selects only its own bookings.
    const own = await call('POST', '/api/booking/bulk', providerA, {
      filter: { status: 'cancelled' },
      action: 'status',
      params: { status: 'cancelled' },
    });
    expect(own.status, own.text).toBe(201);
    const rows = (await finished(own.body.data.id as number, providerA)).rows.map((r) => r.id);
    const theirs = await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.id, rows), sql`${bookings.providerId} <> ${idA}`));
    expect(theirs).toEqual([]);
  });

  it("a filter selects exactly the list's matching set (search and filters)", async () => {
    const filter = { status: 'pending', paymentStatus: 'pending' };
    const listed: number[] = [];
    for (let page = 1; ; page++) {
      const res = await call(
        'GET',
        `/api/booking?status=pending&paymentStatus=pending&pageSize=100&page=${page}`,
        admin,
      );
      listed.push(...(res.body.data.items as { id: number }[]).map((b) => b.id));
      if (listed.length >= res.body.data.total) break;
    }
    expect(listed.length).toBeGreaterThan(BULK_BATCH); // more than one batch
    // A payment move that is refused for none and changes them all (pending → paid).
    const job = await bulk('booking', { filter, action: 'status', params: { paymentStatus: 'paid' } });
    expect(job.rows.map((r) => r.id)).toEqual(listed);
    expect(job.done).toBe(listed.length);
    // With a search, the same: the list's matching set.
    const q = 'a';
    const res = await call(
      'GET',
      `/api/booking?q=${q}&pageSize=100&status=confirmed&sort=code&order=asc`,
      admin,
    );
    const searched = (res.body.data.items as { id: number }[]).map((b) => b.id);
    const job2 = await call('POST', '/api/booking/bulk', admin, {
      filter: { q, status: 'confirmed', sort: 'code', order: 'asc' },
      action: 'status',
      params: { status: 'confirmed' },
    });
    expect(job2.status, job2.text).toBe(201);
    const rows = (await finished(job2.body.data.id as number)).rows;
    expect(rows.slice(0, searched.length).map((r) => r.id)).toEqual(searched);
    expect(rows.length).toBe(res.body.data.total);
    expect(rows.every((r) => r.state === 'unchanged')).toBe(true);
  }, 90_000);

  it('two jobs on the same rows never apply a transition twice', async () => {
    const pending = await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.status, 'pending'))
      .limit(120);
    const ids = pending.map((b) => b.id);
    expect(ids.length).toBeGreaterThan(BULK_BATCH);
    const before = await t.db.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookingHistory)
      .where(and(inArray(bookingHistory.bookingId, ids), eq(bookingHistory.field, 'status')));
    const body = { ids, action: 'status', params: { status: 'cancelled', note: 'Event moved' } };
    // Two: as many as one user may run at once.
    const started = await Promise.all([
      call('POST', '/api/booking/bulk', admin, body),
      call('POST', '/api/booking/bulk', admin, { ...body, ids: [...ids].reverse() }),
    ]);
    for (const s of started) expect(s.status, s.text).toBe(201);
    const jobs = await Promise.all([finished(started[0]!.body.data.id), finished(started[1]!.body.data.id)]);
    expect(jobs.reduce((sum, j) => sum + j.done, 0)).toBe(ids.length);
    expect(jobs.reduce((sum, j) => sum + j.unchanged, 0)).toBe(ids.length);
    expect(jobs.every((j) => j.refused === 0)).toBe(true);
    const after = await t.db.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookingHistory)
      .where(and(inArray(bookingHistory.bookingId, ids), eq(bookingHistory.field, 'status')));
    expect(after[0]!.n - before[0]!.n).toBe(ids.length);
  }, 90_000);

  it('replays a bulk request with the same Idempotency-Key as the same job', async () => {
    const [b] = await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.status, 'confirmed'))
      .limit(1);
    const headers = { 'Idempotency-Key': 'bulk-key-0001' };
    const body = { ids: [b!.id], action: 'status', params: { paymentStatus: 'paid' } };
    const first = await t.request('POST', '/api/booking/bulk', { token: admin, body, headers });
    const second = await t.request('POST', '/api/booking/bulk', { token: admin, body, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const job = await finished(first.body.data.id as number);
    expect(job.total).toBe(1);
  });
});

describe('delete in bulk', () => {
  it('deletes what may go and refuses what is still used, each with its reason', async () => {
    const a = await newProvider();
    const job = await bulk('serviceprovider', { ids: [a, idA], action: 'delete', params: {} });
    expect(job.rows[0]).toMatchObject({ id: a, state: 'done', version: null });
    expect(job.rows[1]).toMatchObject({ id: idA, state: 'refused' });
    expect(job.rows[1]!.message).toBeTruthy();
    expect((await call('GET', `/api/serviceprovider/${a}`, admin)).status).toBe(404);
    expect((await call('GET', `/api/serviceprovider/${idA}`, admin)).status).toBe(200);
  });
});

/* --------------------------------------------------------------- bounds and standing */

/** A new account of `role` (admin: by the admin), signed in: its id and token. */
const newStaff = async (key: string, role: 'admin' | 'manager' = 'admin') => {
  const email = `bulk-${key}@test.example.com`;
  const res = await call('POST', '/api/users', admin, {
    name: { en: `Bulk ${key}`, ar: `جماعي ${key}` },
    email,
    phone: null,
    role,
  });
  expect(res.status, res.text).toBe(201);
  await acceptInvitation(t, email, 'Test-Pass-2026!');
  return { id: res.body.data.id as number, token: await t.login(email, 'Test-Pass-2026!') };
};

/** The job as the database holds it (its owner may no longer be able to ask), once it has finished. */
const endOf = async (id: number) => {
  for (let i = 0; i < 600; i++) {
    const [job] = await t.db.db.select().from(bulkJobs).where(eq(bulkJobs.id, id));
    if (job!.state === 'finished') {
      const rows = await t.db.db
        .select()
        .from(bulkJobRows)
        .where(eq(bulkJobRows.jobId, id))
        .orderBy(asc(bulkJobRows.seq));
      return { job: job!, rows };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`bulk job ${id} did not finish`);
};

/**
 * The rows refused with `reason` are the job's last ones, all after the batch under way when the
 * caller's standing changed: at most two batches ran with the old standing.
 */
const stoppedWith = (rows: { state: string; message: string | null }[], reason: string) => {
  const first = rows.findIndex((r) => r.message === reason);
  expect(first, 'no row refused with the reason').toBeGreaterThanOrEqual(0);
  expect(first).toBeLessThanOrEqual(2 * BULK_BATCH);
  expect(rows.slice(first).every((r) => r.state === 'refused' && r.message === reason)).toBe(true);
  return rows.length - first;
};

describe('bounds of bulk jobs', () => {
  it('of 8 parallel starts by one user exactly 2 run; the others answer 429 and leave nothing behind', async () => {
    expect(BULK_RUNNING_PER_USER).toBe(2);
    const me = await newStaff('bound');
    const confirmed = await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.status, 'confirmed'))
      .orderBy(asc(bookings.id))
      .limit(100);
    // Rows that stay as they are (confirmed again): long enough to run while all 8 are judged.
    const body = { ids: confirmed.map((b) => b.id), action: 'status', params: { status: 'confirmed' } };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/booking/bulk', me.token, body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      const retry = refused.headers.get('retry-after')!;
      expect(Number(retry)).toBeGreaterThanOrEqual(1);
      expect({
        limit: refused.headers.get('ratelimit-limit'),
        remaining: refused.headers.get('ratelimit-remaining'),
        reset: refused.headers.get('ratelimit-reset'),
        policy: refused.headers.get('ratelimit-policy'),
      }).toEqual({ limit: '2', remaining: '0', reset: retry, policy: `2;w=${retry}` });
      expect(refused.body.message).toMatch(/^You already have 2 bulk actions running\./);
    }
    // Nothing of the refused ones: two jobs and their rows.
    const mine = await t.db.db.select().from(bulkJobs).where(eq(bulkJobs.userId, me.id));
    expect(mine.map((j) => j.id).sort()).toEqual(
      answers
        .filter((a) => a.status === 201)
        .map((a) => a.body.data.id as number)
        .sort(),
    );
    const [rows] = await t.db.db
      .select({ n: count() })
      .from(bulkJobRows)
      .where(
        inArray(
          bulkJobRows.jobId,
          mine.map((j) => j.id),
        ),
      );
    expect(rows!.n).toBe(2 * body.ids.length);
    // In Arabic; and a refused start with an Idempotency-Key is not kept as the key's answer.
    const ar = await call('POST', '/api/booking/bulk', me.token, body, { lang: 'ar' });
    expect(ar.status).toBe(429);
    expect(ar.body.message).toMatch(/^لديك بالفعل ٢ من الإجراءات الجماعية قيد التنفيذ\. /);
    const headers = { 'Idempotency-Key': 'bulk-bound-0001' };
    const keyed = await t.request('POST', '/api/booking/bulk', { token: me.token, body, headers });
    expect(keyed.status).toBe(429);
    // Another user is not held back by this one's jobs.
    const other = await call('POST', '/api/booking/bulk', admin, { ...body, ids: body.ids.slice(0, 1) });
    expect(other.status, other.text).toBe(201);
    // Once they have finished, the user may start again (the key's request runs now).
    await Promise.all(mine.map((j) => finished(j.id, me.token)));
    const again = await t.request('POST', '/api/booking/bulk', { token: me.token, body, headers });
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    await finished(again.body.data.id as number, me.token);
  }, 90_000);

  it('purges the jobs finished longer ago than the retention, with their rows, in several processes at once', async () => {
    expect(t.config.bulkRetentionDays).toBe(30);
    const now = t.clock.now().getTime();
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const make = async (state: 'running' | 'finished', finishedDaysAgo: number | null) => {
      const [job] = await t.db.db
        .insert(bulkJobs)
        .values({
          userId: me!.id,
          resource: 'booking',
          action: 'status',
          params: { status: 'confirmed' },
          state,
          total: 3,
          done: state === 'finished' ? 3 : 0,
          createdAt: new Date(now - 40 * DAY),
          finishedAt: finishedDaysAgo === null ? null : new Date(now - finishedDaysAgo * DAY),
        })
        .returning();
      await t.db.db.insert(bulkJobRows).values(
        [0, 1, 2].map((seq) => ({
          jobId: job!.id,
          seq,
          recordId: seq + 1,
          state: state === 'finished' ? 'done' : 'pending',
        })),
      );
      return job!.id;
    };
    const old: number[] = [];
    for (let i = 0; i < 25; i++) old.push(await make('finished', 31));
    const kept = [await make('finished', 29), await make('running', null)];
    // Three processes purge at once: each job goes once, none fails.
    const purged = await Promise.all([1, 2, 3].map(() => purgeBulkJobs(t.db.db, t.clock.now(), 30)));
    expect(purged.reduce((a, b) => a + b, 0)).toBe(old.length);
    const left = await t.db.db
      .select({ id: bulkJobs.id })
      .from(bulkJobs)
      .where(inArray(bulkJobs.id, [...old, ...kept]));
    expect(left.map((j) => j.id).sort((a, b) => a - b)).toEqual(kept);
    const [rows] = await t.db.db
      .select({ n: count() })
      .from(bulkJobRows)
      .where(inArray(bulkJobRows.jobId, old));
    expect(rows!.n).toBe(0);
    // Its owner no longer finds it; a kept one is still there.
    expect((await call('GET', `/api/bulk/${old[0]}`, admin)).status).toBe(404);
    expect((await call('GET', `/api/bulk/${kept[0]}`, admin)).status).toBe(200);
    await t.db.db.delete(bulkJobs).where(eq(bulkJobs.id, kept[1]!)); // the made-up running one
  });
});

describe('a job stops when its caller may no longer run it', () => {
  it("a supervisor's job stops when its provider is blocked: the rest is refused with the reason", async () => {
    // The provider with the most bookings a cancellation could move (not the demo provider).
    const [busiest] = await t.db.db
      .select({ providerId: bookings.providerId, n: count() })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.providerId))
      .where(and(sql`${bookings.providerId} <> ${idA}`, eq(users.status, '1')))
      .groupBy(bookings.providerId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const providerId = busiest!.providerId;
    expect(busiest!.n).toBeGreaterThan(3 * BULK_BATCH);
    const email = 'bulk-supervisor@test.example.com';
    const created = await call('POST', '/api/event-manager/add', admin, {
      name: { en: 'Bulk Supervisor', ar: 'مشرف جماعي' },
      email,
      phone: null,
      providerId,
    });
    expect(created.status, created.text).toBe(201);
    await acceptInvitation(t, email, 'Supervisor-Pass-2026!');
    const supervisor = await t.login(email, 'Supervisor-Pass-2026!');
    const before = await t.db.db
      .select({ id: bookings.id, status: bookings.status, version: bookings.version })
      .from(bookings)
      .where(eq(bookings.providerId, providerId));
    const started = await call('POST', '/api/booking/bulk', supervisor, {
      filter: {},
      action: 'status',
      params: { status: 'cancelled', note: 'Bulk test' },
    });
    expect(started.status, started.text).toBe(201);
    expect(started.body.data.total).toBe(before.length);
    const setProvider = (status: '1' | '3') =>
      call('POST', '/api/serviceprovider/approve', admin, {
        id: providerId,
        status,
        reason: status === '3' ? 'Bulk test' : null,
      });
    expect((await setProvider('3')).status).toBe(200);
    const { job, rows } = await endOf(started.body.data.id as number);
    // A row keeps its message by key (docs/decisions/0051-messages-by-key.md).
    const reason = smsg('bulkStoppedProvider');
    const stopped = stoppedWith(rows, reason);
    expect(stopped).toBeGreaterThanOrEqual(before.length - 2 * BULK_BATCH);
    expect(job.refused).toBe(rows.filter((r) => r.state === 'refused').length);
    expect(job.done + job.unchanged + job.refused).toBe(job.total);
    // The bookings of the stopped rows are as they were.
    const untouched = new Set(rows.filter((r) => r.message === reason).map((r) => r.recordId));
    const after = await t.db.db
      .select({ id: bookings.id, status: bookings.status, version: bookings.version })
      .from(bookings)
      .where(inArray(bookings.id, [...untouched]));
    const was = new Map(before.map((b) => [b.id, b]));
    for (const b of after) expect(b).toEqual(was.get(b.id));
    // Active again, the supervisor reads why, in Arabic too.
    expect((await setProvider('1')).status).toBe(200);
    const back = await t.login(email, 'Supervisor-Pass-2026!');
    const ar = await call(
      'GET',
      `/api/bulk/${job.id}?only=refused&from=${rows.length - 1}`,
      back,
      undefined,
      { lang: 'ar' },
    );
    expect(ar.body.data.rows.at(-1).message).toBe(SERVER_MESSAGES.bulkStoppedProvider.ar);
  }, 60_000);

  it('a job stops when its caller is blocked or loses the permission, each with its reason', async () => {
    const cases = [
      {
        key: 'blocked',
        reason: 'bulkStoppedInactive' as const,
        change: async (id: number) => {
          const res = await call('POST', '/api/users/approve', admin, {
            id,
            status: '3',
            reason: 'Bulk test',
          });
          expect(res.status, res.text).toBe(200);
        },
      },
      {
        key: 'demoted',
        reason: 'bulkStoppedPermission' as const,
        // A role change that takes away the providers' approvals (managers have none).
        change: (id: number) => t.db.db.update(users).set({ role: 'manager' }).where(eq(users.id, id)),
      },
    ];
    for (const c of cases) {
      const me = await newStaff(c.key);
      // Every active provider approved again (each stays as it is), and ids of none (not found).
      const active = await t.db.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'serviceprovider'), eq(users.status, '1')));
      const none = Array.from({ length: 3 * BULK_BATCH }, (_, i) => 2_000_000 + i);
      const started = await call('POST', '/api/serviceprovider/bulk', me.token, {
        ids: [...active.map((u) => u.id), ...none],
        action: 'status',
        params: { status: '1' },
      });
      expect(started.status, started.text).toBe(201);
      const total = started.body.data.total as number;
      expect(total, c.key).toBeGreaterThan(2 * BULK_BATCH);
      await c.change(me.id);
      const { job, rows } = await endOf(started.body.data.id as number);
      expect(stoppedWith(rows, smsg(c.reason)), c.key).toBeGreaterThanOrEqual(total - 2 * BULK_BATCH);
      expect(
        rows.filter((r) => r.state === 'done'),
        c.key,
      ).toEqual([]);
      expect(job.done + job.unchanged + job.refused).toBe(total);
    }
  }, 60_000);
});

describe('a stopped process', () => {
  it('stops its jobs after the row under way; the next start goes on with them, each row once', async () => {
    const confirmed = await t.db.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.status, 'confirmed'))
      .orderBy(asc(bookings.id))
      .limit(3 * BULK_BATCH);
    const started = await call('POST', '/api/booking/bulk', admin, {
      ids: confirmed.map((b) => b.id),
      action: 'status',
      params: { status: 'confirmed' },
    });
    expect(started.status, started.text).toBe(201);
    const id = started.body.data.id as number;
    await stopBulkJobs(); // as on SIGTERM
    const [stopped] = await t.db.db.select().from(bulkJobs).where(eq(bulkJobs.id, id));
    const processed = stopped!.done + stopped!.unchanged + stopped!.refused;
    expect(stopped!.state).toBe('running');
    expect(processed).toBeLessThan(confirmed.length);
    await new Promise((r) => setTimeout(r, 200));
    const [still] = await t.db.db.select().from(bulkJobs).where(eq(bulkJobs.id, id));
    expect(still!.done + still!.unchanged + still!.refused).toBe(processed);
    await resumeBulk(t.deps); // the next start
    const job = await finished(id);
    expect([job.total, job.unchanged, job.done, job.refused]).toEqual([
      confirmed.length,
      confirmed.length,
      0,
      0,
    ]);
    expect(job.rows.map((r) => r.id)).toEqual(confirmed.map((b) => b.id));
  });
});
