/**
 * Several server processes on one PostgreSQL (docs/decisions/0019-live-updates-and-many-processes.md;
 * README, "Running several instances"), as real child processes (the server bundle, as `npm run serve` runs it):
 * one plain process and one with WORKERS=2 (two more behind one port). A session ended on one is
 * refused on the others at once, and its live stream held on another ends within 1 s; the sign-in
 * limit counts the attempts made on all; a scheduled notification is sent exactly once; a booking
 * changed through one reaches a live stream held on another within 1 s, only for those who may see
 * it, and resumes there with Last-Event-ID; SIGTERM ends the live streams and the process cleanly. On PGlite: WORKERS stays one process and says so.
 */
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from '../../src/lib/sse';
import { DEMO, DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { events, notifications, userNotifications, users } from '../../server/db/schema';
import { LOGIN_MAX_FAILURES } from '../../server/auth/throttle';
import { createTestDb, type TestDb } from '../setup/db';
import { startSmtpCapture, type SmtpCapture } from '../setup/smtp';
import { freePort } from '../support/ports';
import { callProcess, startServerProcess } from '../support/server-process';

const onPostgres = process.env.TEST_DB === 'postgres';

interface Proc {
  base: string;
  output(): string;
  exit: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

const start = async (env: Record<string, string | undefined>): Promise<Proc> => {
  const port = await freePort();
  const {
    child,
    exit,
    output: out,
  } = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NOTIFICATION_SCHEDULER_MS: '100',
    ...env,
  });
  const end = Date.now() + 90_000;
  while (!out().includes('Press Ctrl+C')) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`The server did not start:\n${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    output: out,
    exit,
    kill: (s = 'SIGTERM') => child.kill(s),
  };
};

const call = (p: Proc, method: string, url: string, token?: string, body?: unknown) =>
  callProcess(p.base, method, url, token, body);

const login = async (p: Proc, email: string) => {
  const res = await call(p, 'POST', '/api/login', undefined, { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.token as string;
};

/** A live stream held on `p`: its events as they come. */
const stream = async (p: Proc, token: string, lastEventId?: string) => {
  const abort = new AbortController();
  const res = await fetch(`${p.base}/api/live`, {
    headers: {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const got: { at: number; e: SseEvent }[] = [];
  const ended = (async () => {
    try {
      for await (const e of readSse(res.body!)) got.push({ at: performance.now(), e });
    } catch {
      // aborted
    }
  })();
  const next = async (match: (e: SseEvent) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = got.find((g) => match(g.e));
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`No matching event; got ${JSON.stringify(got.map((g) => g.e))}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await next((e) => e.event === 'ready');
  return { got, next, ended, close: () => abort.abort() };
};

const isBooking = (id: number) => (e: SseEvent) => {
  if (e.event !== 'change') return false;
  const c = JSON.parse(e.data) as { resource: string; id: number };
  return c.resource === 'booking' && c.id === id;
};

describe.runIf(onPostgres)('several processes on one PostgreSQL', () => {
  let db: TestDb;
  let smtp: SmtpCapture;
  let dataDir: string;
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    [db, smtp, dataDir] = await Promise.all([
      createTestDb(),
      startSmtpCapture(),
      mkdtemp(path.join(tmpdir(), 'ebo-many-')),
    ]);
    const env = { DATABASE_URL: db.url!, SMTP_URL: smtp.url, DATA_DIR: dataDir };
    a = await start(env);
    b = await start({ ...env, WORKERS: '2' });
    // The second worker starts once the first serves.
    for (let end = Date.now() + 90_000; !/Worker \d+ is serving/.test(b.output());) {
      if (Date.now() > end) throw new Error(`The second worker did not start:\n${b.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);
  afterAll(async () => {
    for (const p of [a, b]) p?.kill();
    await Promise.all([a?.exit, b?.exit]);
    await Promise.all([db?.close(), smtp?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs WORKERS=2 as two processes behind one port, each healthy and ready', async () => {
    expect(b.output()).toContain('Starting 2 server processes (WORKERS=2) on PostgreSQL');
    const pids = new Set<number>();
    // A new connection each time (node:cluster hands connections out in turn).
    for (let i = 0; i < 40 && pids.size < 2; i++) {
      const body = await new Promise<string>((resolve, reject) =>
        get(`${b.base}/api/health`, { agent: false }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve(text));
        }).on('error', reject),
      );
      pids.add((JSON.parse(body) as { data: { pid: number } }).data.pid);
    }
    expect(pids.size).toBe(2);
    for (const p of [a, b]) expect((await call(p, 'GET', '/api/ready')).body.data.database).toBe('postgres');
  });

  it('refuses a session ended on one process on the other at once, and ends its live stream there within 1 s', async () => {
    const token = await login(a, DEMO.manager.email);
    expect((await call(b, 'GET', '/api/master/role', token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/master/role', token)).status).toBe(200);
    const held = await stream(b, token);
    const signedOut = performance.now();
    expect((await call(a, 'POST', '/api/logout', token)).status).toBe(200);
    const ended = await Promise.race([
      held.ended.then(() => performance.now()),
      new Promise<null>((r) => setTimeout(() => r(null), 1500)),
    ]);
    expect(ended, 'the stream on the other process ended').not.toBeNull();
    expect(ended! - signedOut).toBeLessThan(1000);
    // Every worker of b (requests alternate between them):
    for (let i = 0; i < 4; i++) expect((await call(b, 'GET', '/api/master/role', token)).status).toBe(401);
  });

  it('counts the sign-in attempts made on every process against one limit', async () => {
    const email = DEMO.provider.email;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++)
      statuses.push(
        (await call(i % 2 ? a : b, 'POST', '/api/login', undefined, { email, password: 'wrong password 1' }))
          .status,
      );
    expect(statuses.slice(0, LOGIN_MAX_FAILURES)).toEqual(Array(LOGIN_MAX_FAILURES).fill(401));
    expect(statuses.slice(LOGIN_MAX_FAILURES)).toEqual([429, 429]);
    // Even the right password waits now, on both.
    for (const p of [a, b])
      expect(
        (await call(p, 'POST', '/api/login', undefined, { email, password: DEMO_PASSWORD })).status,
      ).toBe(429);
  });

  it('sends a scheduled notification exactly once', async () => {
    const now = new Date();
    const [n] = await db.db
      .insert(notifications)
      .values({
        title: { en: 'Once', ar: 'مرة' },
        body: { en: 'Only once', ar: 'مرة واحدة فقط' },
        audienceType: 'roles',
        audienceRoles: ['admin', 'manager'],
        status: 'scheduled',
        sendAt: new Date(now.getTime() - 1000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: notifications.id });
    const end = Date.now() + 15_000;
    let row: typeof notifications.$inferSelect | undefined;
    do {
      await new Promise((r) => setTimeout(r, 100));
      [row] = await db.db.select().from(notifications).where(eq(notifications.id, n!.id));
    } while (row?.status !== 'sent' && Date.now() < end);
    expect(row?.status).toBe('sent');
    const staff = await db.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(sql`${users.role} in ('admin', 'manager') and ${users.status} = '1'`);
    const entries = await db.db
      .select({ userId: userNotifications.userId })
      .from(userNotifications)
      .where(eq(userNotifications.notificationId, n!.id));
    expect(entries.length).toBe(row!.recipients);
    expect(new Set(entries.map((e) => e.userId)).size).toBe(entries.length);
    expect(entries.length).toBeGreaterThanOrEqual(Math.min(1, staff[0]!.n));
    // Stays sent: no process claims it again.
    await new Promise((r) => setTimeout(r, 500));
    const [after] = await db.db.select().from(notifications).where(eq(notifications.id, n!.id));
    expect([after!.status, after!.sentAt?.getTime()]).toEqual(['sent', row!.sentAt?.getTime()]);
  });

  it('delivers a booking changed through one process to a live stream on another within 1 s, to those who may see it', async () => {
    const admin = await login(a, DEMO.admin.email);
    const providerA = await login(b, DEMO.provider.email).catch(async () => {
      // The sign-in test above throttled this e-mail on this IP: clear it for the next step.
      await db.db.execute(sql`delete from login_failures`);
      return login(b, DEMO.provider.email);
    });
    const [pa] = await db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    const [other] = await db.db
      .select()
      .from(events)
      .where(sql`${events.providerId} <> ${pa!.id}`)
      .limit(1);
    const [otherUser] = await db.db.select().from(users).where(eq(users.id, other!.providerId));
    const providerB = await login(b, otherUser!.email);
    const [mine] = await db.db
      .select()
      .from(events)
      .where(and(eq(events.providerId, pa!.id)));
    await db.db
      .update(events)
      .set({ status: 'approved', endsAt: new Date(Date.now() + 90 * 86_400_000), capacity: 1000 })
      .where(eq(events.id, mine!.id));
    const made = await call(a, 'POST', '/api/booking', admin, {
      eventId: mine!.id,
      customerName: 'Two Processes',
      customerEmail: 'two@test.example.com',
      customerPhone: '+966500000123',
      tickets: 1,
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;

    const onB = await stream(b, providerA);
    const otherOnB = await stream(b, providerB);
    const adminOnA = await stream(a, admin);
    const sent = performance.now();
    expect(
      (await call(a, 'POST', '/api/booking/update-status', admin, { id, status: 'confirmed' })).status,
    ).toBe(200);
    const confirmed = (e: SseEvent) =>
      isBooking(id)(e) && (JSON.parse(e.data) as { action: string }).action === 'update';
    const arrived = await onB.next(confirmed, 1000);
    expect(arrived.at - sent).toBeLessThan(1000);
    expect(JSON.parse(arrived.e.data)).toMatchObject({
      resource: 'booking',
      id,
      action: 'update',
      version: 1,
    });
    await adminOnA.next(confirmed);
    await new Promise((r) => setTimeout(r, 300));
    expect(otherOnB.got.filter((g) => isBooking(id)(g.e))).toEqual([]);

    // Resume on the other process from the last event seen: what was written meanwhile comes first.
    onB.close();
    expect(
      (await call(b, 'POST', '/api/booking/update-status', admin, { id, paymentStatus: 'paid' })).status,
    ).toBe(200);
    const resumed = await (async () => {
      const abort = new AbortController();
      const res = await fetch(`${a.base}/api/live`, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${providerA}`,
          'Last-Event-ID': arrived.e.lastEventId,
        },
        signal: abort.signal,
      });
      for await (const e of readSse(res.body!)) {
        abort.abort();
        return e;
      }
      return null;
    })();
    expect(resumed?.event).toBe('change');
    expect(JSON.parse(resumed!.data)).toMatchObject({ resource: 'booking', id, version: 2 });
    otherOnB.close();
    adminOnA.close();
  });

  it('on SIGTERM ends its live streams (clients reconnect elsewhere) and exits cleanly', async () => {
    const admin = await login(a, DEMO.admin.email);
    const held = await stream(a, admin);
    const t0 = Date.now();
    a.kill('SIGTERM');
    await held.ended;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await a.exit).toBe(0);
    // The other process still serves the same session.
    expect((await call(b, 'GET', '/api/master/role', admin)).status).toBe(200);
  });
});

describe.runIf(!onPostgres)('WORKERS on the embedded database', () => {
  it('stays one process and says so', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ebo-workers-'));
    try {
      const p = await start({ DATA_DIR: dataDir, WORKERS: '3', DATABASE_URL: undefined });
      expect(p.output()).toContain(
        'the embedded database (PGlite) can be opened by one process only: running one',
      );
      expect((await call(p, 'GET', '/api/ready')).body.data.database).toBe('pglite');
      p.kill();
      expect(await p.exit).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
