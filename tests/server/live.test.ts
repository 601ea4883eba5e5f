/**
 * Live updates in one process (docs/decisions/0019-live-updates-and-many-processes.md): health and
 * readiness, the stream's access rules (401, 406, the per-user bound), every committed write on the
 * streams of the users allowed to see it and no one else's, the actor and the version, resuming with
 * Last-Event-ID without gaps, and `reset` when the log no longer reaches back. The same across two
 * processes: tests/server/many-processes.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from '../../src/lib/sse';
import { events, liveChanges, users } from '../../server/db/schema';
import { MAX_STREAMS_PER_USER } from '../../server/live/streams';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';

let t: TestServer;
let admin: string;
let providerA: string;
let providerB: string;
let adminId: number;
let idA: number;
let idB: number;

interface Stream {
  status: number;
  events: SseEvent[];
  /** Waits until an event matches (at most `ms`). */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
}

const open = async (token: string | null, lastEventId?: string): Promise<Stream> => {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  const res = await t.app.request('/api/live', { headers, signal: abort.signal });
  const got: SseEvent[] = [];
  const waiting = new Set<() => void>();
  if (res.status === 200)
    void (async () => {
      try {
        for await (const e of readSse(res.body!)) {
          got.push(e);
          for (const w of waiting) w();
        }
      } catch {
        // closed
      }
    })();
  else await res.text();
  return {
    status: res.status,
    events: got,
    next: (match, ms = 3000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = got.find(match);
          if (!hit) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No matching event within ${ms} ms; got ${JSON.stringify(got)}`));
        }, ms);
        if (!check()) waiting.add(check);
      }),
    close: () => abort.abort(),
  };
};

const changeOf = (e: SseEvent) => JSON.parse(e.data) as Record<string, unknown>;
const isChange = (resource: string, id: number) => (e: SseEvent) =>
  e.event === 'change' && changeOf(e).resource === resource && changeOf(e).id === id;

/** A booking of an approved event of `providerId`, made by the admin. */
const newBooking = async (providerId: number) => {
  const [event] = await t.db.db.select().from(events).where(eq(events.providerId, providerId));
  await t.db.db
    .update(events)
    .set({ status: 'approved', endsAt: new Date('2027-06-01T00:00:00Z'), capacity: 1000 })
    .where(eq(events.id, event!.id));
  const res = await t.request('POST', '/api/booking', {
    token: admin,
    body: {
      eventId: event!.id,
      customerName: 'Live Customer',
      customerEmail: 'live@test.example.com',
      customerPhone: '+966500000123',
      tickets: 1,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; version: number };
};

const confirm = (id: number, token = admin) =>
  t.request('POST', '/api/booking/update-status', { token, body: { id, status: 'confirmed' } });

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await t.login(DEMO.admin.email, DEMO_PASSWORD);
  providerA = await t.login(DEMO.provider.email, DEMO_PASSWORD);
  const all = await t.db.db.select().from(users);
  adminId = all.find((u) => u.email === DEMO.admin.email)!.id;
  idA = all.find((u) => u.email === DEMO.provider.email)!.id;
  const withEvents = await t.db.db.select({ p: events.providerId }).from(events);
  idB = withEvents.find((e) => e.p !== idA)!.p;
  providerB = await t.login(all.find((u) => u.id === idB)!.email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

describe('health and readiness', () => {
  it('answers /api/health without the database and /api/ready with it', async () => {
    const health = await t.request('GET', '/api/health');
    expect([health.status, health.body.data.pid]).toEqual([200, process.pid]);
    const ready = await t.request('GET', '/api/ready', { lang: 'ar' });
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body.data).toMatchObject({ database: t.db.kind });
    expect(ready.body.data.migrations).toBeGreaterThanOrEqual(9);
    expect(ready.body.message).toBe('الخادم جاهز.');
  });
});

describe('GET /api/live', () => {
  it('needs a session and Accept: text/event-stream', async () => {
    expect((await open(null)).status).toBe(401);
    const res = await t.request('GET', '/api/live', { token: admin });
    expect([res.status, res.body.message]).toEqual([406, 'This stream needs Accept: text/event-stream.']);
  });

  it('starts with ready, and bounds the streams one user holds open', async () => {
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(providerB)));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const ready = await streams[0]!.next((e) => e.event === 'ready');
    expect(Number(ready.lastEventId)).toBeGreaterThanOrEqual(0);
    const refused = await t.request('GET', '/api/live', {
      token: providerB,
      headers: { Accept: 'text/event-stream' },
    });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '30']);
    for (const s of streams) s.close();
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(providerB);
    expect(again.status).toBe(200);
    again.close();
  });

  it('sends each committed write to those who may see it, with the actor and the version', async () => {
    const [a, p, other] = await Promise.all([open(admin), open(providerA), open(providerB)]);
    await Promise.all([a, p, other].map((s) => s.next((e) => e.event === 'ready')));
    const mine = await newBooking(idA);
    const theirs = await newBooking(idB);
    expect((await confirm(mine.id)).status).toBe(200);

    const seen = changeOf(
      await p.next((e) => isChange('booking', mine.id)(e) && changeOf(e).action === 'update'),
    );
    expect(seen).toMatchObject({
      resource: 'booking',
      id: mine.id,
      action: 'update',
      version: mine.version + 1,
    });
    expect(seen.actor).toMatchObject({ id: adminId, name: { en: expect.any(String) } });
    expect(new Date(seen.at as string).getTime()).toBe(t.clock.now().getTime());
    await a.next(isChange('booking', mine.id));
    await a.next(isChange('booking', theirs.id));
    // B sees its own booking, never A's.
    await other.next(isChange('booking', theirs.id));
    expect(other.events.filter(isChange('booking', mine.id))).toEqual([]);
    expect(p.events.filter(isChange('booking', theirs.id))).toEqual([]);
    // Ids only grow.
    const ids = a.events.map((e) => Number(e.lastEventId));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    for (const s of [a, p, other]) s.close();
  });

  it('resumes after Last-Event-ID without a gap, and says reset when the log no longer reaches back', async () => {
    const first = await open(providerA);
    const b = await newBooking(idA);
    const created = await first.next(isChange('booking', b.id));
    first.close();
    // Written while no stream was open:
    expect((await confirm(b.id)).status).toBe(200);
    const later = await newBooking(idA);
    const resumed = await open(providerA, created.lastEventId);
    const confirmed = await resumed.next(
      (e) => isChange('booking', b.id)(e) && changeOf(e).action === 'update',
    );
    await resumed.next(isChange('booking', later.id));
    expect(resumed.events.some((e) => e.event === 'ready')).toBe(false);
    expect(Number(confirmed.lastEventId)).toBeGreaterThan(Number(created.lastEventId));
    resumed.close();

    await t.db.db.delete(liveChanges);
    const lost = await open(providerA, created.lastEventId);
    expect((await lost.next((e) => e.event !== 'change')).event).toBe('reset');
    lost.close();
  });
});
