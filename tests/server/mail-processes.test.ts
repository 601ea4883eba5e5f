/**
 * The mail queue across processes (docs/decisions/0067-the-mail-queue.md), as real server processes
 * on one PostgreSQL with a real SMTP server on 127.0.0.1: two processes drain one event's mails and
 * each goes out exactly once, and so does a staff digest both schedulers find due
 * (docs/decisions/0072-staff-digests.md); processes killed (`kill -9`) while the SMTP server stalls
 * leave their mails leased, and a new process sends each of them once after the lease.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { events, mails, staffDigests, users } from '../../server/db/schema';
import { createTestDb, type TestDb } from '../setup/db';
import { startSmtpCapture, type SmtpCapture } from '../setup/smtp';
import { freePort } from '../support/ports';
import { callProcess, startServerProcess, waitFor } from '../support/server-process';
import { eventResource } from '../../src/contract/areas/event';
import { updateBodyOf } from '../support/bodies';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Short, so that a killed sender's lease (four times this) runs out within the test. */
const SMTP_TIMEOUT_MS = 1500;

const start = async (env: Record<string, string>) => {
  const port = await freePort();
  const proc = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    NOTIFICATION_SCHEDULER_MS: '200',
    ...env,
  });
  await waitFor(
    () => proc.output().includes('Press Ctrl+C') || proc.child.exitCode !== null,
    90_000,
    proc.output,
  );
  expect(proc.child.exitCode, proc.output()).toBeNull();
  return { ...proc, base: `http://127.0.0.1:${port}` };
};

const api = callProcess;

/** Each captured queued mail's id, from its Message-ID. */
const mailIds = (smtp: SmtpCapture) =>
  smtp.messages.map((m) => /^Message-ID:\s*<mail-(\d+)@/im.exec(m.raw)?.[1]).filter((id) => id !== undefined);

describe.runIf(onPostgres)('the mail queue in several processes', () => {
  let db: TestDb;
  let smtp: SmtpCapture;
  let dataDir: string;
  const procs: Awaited<ReturnType<typeof start>>[] = [];

  /** `n` bookings of `eventId`, straight into the table (as many guests as a big event has). */
  const addGuests = async (eventId: number, n: number, prefix: string) =>
    db.db.execute(sql`
      insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone,
                            tickets, unit_price, total, language, created_at, updated_at)
      select ${prefix} || g, e.id, e.provider_id, 'Guest ' || g, ${prefix} || g || '@guests.example.com',
             '+966500000000', 1, 0, 0, case when g % 2 = 0 then 'ar' else 'en' end, now(), now()
      from events e, generate_series(1, ${n}) g where e.id = ${eventId}`);

  beforeAll(async () => {
    [db, smtp, dataDir] = await Promise.all([
      createTestDb(),
      startSmtpCapture(),
      mkdtemp(path.join(tmpdir(), 'ebo-mail-')),
    ]);
  }, 60_000);
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all([smtp?.close(), db?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('two processes send each mail once; after a kill -9 mid-send, a new process sends the rest once', async () => {
    const env = {
      DATABASE_URL: db.url!,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
    };
    procs.push(await start(env));
    procs.push(await start(env));
    const [a, b] = procs;
    const token = (
      await api(a!.base, 'POST', '/api/login', undefined, {
        email: DEMO.admin.email,
        password: DEMO_PASSWORD,
      })
    ).body.token as string;
    const [first, second] = await db.db
      .select()
      .from(events)
      .where(and(eq(events.status, 'approved'), gt(events.startsAt, new Date())))
      .orderBy(events.id)
      .limit(2);

    // A cancellation through one process: both drain its 300 mails.
    await addGuests(first!.id, 300, 'MQA-');
    const cancel = await api(b!.base, 'POST', '/api/event/update-status', token, {
      id: first!.id,
      status: 'cancelled',
      reason: 'Flood',
    });
    expect(cancel.status).toBe(200);
    const queued = await db.db.select({ id: mails.id }).from(mails).where(eq(mails.eventId, first!.id));
    expect(queued.length).toBeGreaterThanOrEqual(300);
    await waitFor(
      () => mailIds(smtp).length >= queued.length,
      60_000,
      () => `${mailIds(smtp).length} of ${queued.length} sent`,
    );
    expect(new Set(mailIds(smtp)).size).toBe(mailIds(smtp).length);

    // A staff digest that came due: both processes' schedulers claim, one mail goes.
    const [admin] = await db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    await db.db.insert(staffDigests).values({
      userId: admin!.id,
      enabled: true,
      timeZone: 'Asia/Riyadh',
      dueAt: new Date(Date.now() - 60_000),
      updatedAt: new Date(),
    });
    const digests = () => smtp.messages.filter((m) => m.subject.startsWith('Your morning digest'));
    await waitFor(
      () => digests().length > 0,
      30_000,
      () => 'no digest',
    );
    // Rounds of both schedulers (every 200 ms) later, still one.
    await new Promise((r) => setTimeout(r, 1500));
    expect(digests()).toHaveLength(1);
    expect(mailIds(smtp).length).toBe(queued.length + 1);

    // The server stalls; both senders are killed mid-send.
    await addGuests(second!.id, 100, 'MQB-');
    smtp.fault = 'stall';
    const record = (await api(a!.base, 'GET', `/api/event/${second!.id}`, token)).body.data;
    const hour = 60 * 60_000;
    const moved = await api(
      a!.base,
      'PUT',
      `/api/event/${second!.id}`,
      token,
      updateBodyOf(eventResource, record, {
        startsAt: new Date(Date.parse(record.startsAt) + hour).toISOString(),
        endsAt: new Date(Date.parse(record.endsAt) + hour).toISOString(),
      }),
    );
    expect(moved.status).toBe(200);
    const sending = async () =>
      (
        await db.db
          .select({ id: mails.id })
          .from(mails)
          .where(and(eq(mails.eventId, second!.id), eq(mails.state, 'sending')))
      ).length;
    for (let end = Date.now() + 10_000; (await sending()) === 0;) {
      if (Date.now() > end) throw new Error('No mail was claimed');
      await new Promise((r) => setTimeout(r, 20));
    }
    a!.child.kill('SIGKILL');
    b!.child.kill('SIGKILL');
    await Promise.all([a!.exit, b!.exit]);
    const leased = await sending();
    expect(leased).toBeGreaterThan(0);
    smtp.fault = null;

    // A new process sends what they left, once each, after their lease.
    const before = mailIds(smtp).length;
    procs.push(await start(env));
    const total = (await db.db.select({ id: mails.id }).from(mails)).length;
    await waitFor(
      () => mailIds(smtp).length >= total,
      60_000,
      () => `${mailIds(smtp).length} of ${total} sent`,
    );
    const ids = mailIds(smtp);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    const ofSecond = await db.db.select({ id: mails.id }).from(mails).where(eq(mails.eventId, second!.id));
    expect(ofSecond.length).toBeGreaterThanOrEqual(100);
    expect(ids.length - before).toBe(ofSecond.length);
    const states = await db.db
      .select({ state: mails.state, n: sql<number>`count(*)::int` })
      .from(mails)
      .groupBy(mails.state);
    expect(states).toEqual([{ state: 'sent', n: total }]);
  }, 180_000);
});
