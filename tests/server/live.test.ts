/**
 * Live updates in one process (docs/decisions/0019-live-updates-and-many-processes.md): health and
 * readiness, the stream's access rules (401, 406, the per-user bound), every committed write on the
 * streams of the users allowed to see it and no one else's, the actor and the version, resuming with
 * Last-Event-ID without gaps, and `reset` when the log no longer reaches back. The same across two
 * processes: tests/server/many-processes.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from '../../src/lib/sse';
import { createApp, type App } from '../../server/app';
import { openPostgres } from '../../server/db/client';
import { events, liveChanges, users } from '../../server/db/schema';
import { startLiveHub } from '../../server/live/hub';
import { watchSessions } from '../../server/live/sessions';
import { createLive, MAX_STREAMS_PER_USER } from '../../server/live/streams';
import { createTestServer, DEMO, DEMO_PASSWORD, startLive, type TestServer } from '../setup/server';
import { acceptInvitation, signInAs } from '../support/kit';

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
  /** When the server ended the stream (performance.now()); never settles while it stays open. */
  ended: Promise<number>;
  /**
   * Waits until an event matches: at most `ms`, by default longer than the hub's poll (a missed
   * wake-up is read by the poll, server/live/hub.ts); fails at once, saying why, on a stream that was
   * refused or that the server ended.
   */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): void;
}

const open = async (token: string | null, lastEventId?: string, app: App = t.app): Promise<Stream> => {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  const res = await app.request('/api/live', { headers, signal: abort.signal });
  const got: SseEvent[] = [];
  const waiting = new Set<() => void>();
  let ended: Promise<number> = new Promise(() => {});
  /** Why no event can come any more (a refused or ended stream), once known. */
  let over: string | null = null;
  if (res.status === 200)
    ended = (async () => {
      try {
        for await (const e of readSse(res.body!)) {
          got.push(e);
          for (const w of waiting) w();
        }
      } catch {
        // closed by the client
        return new Promise<number>(() => {});
      }
      over = 'the server ended the stream';
      for (const w of waiting) w();
      return performance.now();
    })();
  else over = `the stream was refused: ${res.status} ${await res.text()}`;
  return {
    status: res.status,
    events: got,
    ended,
    next: (match, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = got.find(match);
          if (!hit && !over) return false;
          waiting.delete(check);
          clearTimeout(timer);
          if (hit) resolve(hit);
          else reject(new Error(`No matching event: ${over}; got ${JSON.stringify(got)}`));
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
  admin = await signInAs(t, 'admin');
  providerA = await signInAs(t, 'provider');
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
    // the RateLimit fields every 429 carries (docs/security.md, "Limits and their values")
    expect({
      status: refused.status,
      ...Object.fromEntries(
        ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'].map(
          (h) => [h, refused.headers.get(h)],
        ),
      ),
    }).toEqual({
      status: 429,
      'Retry-After': '30',
      'RateLimit-Limit': String(MAX_STREAMS_PER_USER),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '30',
      'RateLimit-Policy': `${MAX_STREAMS_PER_USER};w=30`,
    });
    expect(refused.body.message).toBe(
      `Too many live streams are open for this user (at most ${MAX_STREAMS_PER_USER}): close one.`,
    );
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

  it('reads a burst of commits a few at a time, at least 50 ms apart, and hands every change on once, in order', async () => {
    const hub = await startLiveHub(t.db);
    const batches: { at: number; seqs: number[] }[] = [];
    const unsubscribe = hub.subscribe((changes) =>
      batches.push({ at: performance.now(), seqs: changes.map((c) => c.seq) }),
    );
    try {
      const from = hub.head;
      for (let i = 1; i <= 30; i++)
        await t.db.db.execute(sql`select live_log('booking', ${-i}, 'update', 1, null)`);
      await expect.poll(() => batches.flatMap((b) => b.seqs).length, { timeout: 5000 }).toBe(30);
      const seqs = batches.flatMap((b) => b.seqs);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(30);
      expect(seqs[0]).toBeGreaterThan(from);
      // Reads start at least 50 ms apart; each batch is handed on when its read ends, so two can be
      // closer by the difference of their reads' times (milliseconds, more on a loaded machine):
      // far from a read per commit, a millisecond or two apart.
      expect(batches.length).toBeLessThan(15);
      for (let i = 1; i < batches.length; i++)
        expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThanOrEqual(30);
    } finally {
      unsubscribe();
      await hub.close();
      await t.db.db.execute(sql`delete from live_changes where record_id < 0`);
    }
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

/**
 * A session's end (sign-out, password change, block, deletion) ends its streams within 1 s, on
 * this process and on another one on the same PostgreSQL, and they carry no change written after
 * it (docs/security.md, "Live streams").
 */
describe('a session that ends ends its live streams within 1 s', () => {
  let n = 0;
  /** A new supervisor of provider A (it sees A's bookings), signed in twice. */
  const supervisor = async () => {
    const email = `live.supervisor.${++n}@test.example.com`;
    const password = 'Live-Supervisor-2026!';
    const created = await t.request('POST', '/api/event-manager/add', {
      token: admin,
      body: { name: { en: 'Live', ar: 'مباشر' }, email, phone: null, providerId: idA },
    });
    expect(created.status, created.text).toBe(201);
    await acceptInvitation(t, email, password);
    const tokens = [await t.login(email, password), await t.login(email, password)] as const;
    return { id: created.body.data.id as number, password, tokens };
  };

  /** What ends the first session (or both: `both`), through the first server. */
  const endings: {
    what: string;
    both: boolean;
    end(s: Awaited<ReturnType<typeof supervisor>>): Promise<{ status: number; text: string }>;
  }[] = [
    {
      what: 'a sign-out',
      both: false,
      end: (s) => t.request('POST', '/api/logout', { token: s.tokens[0] }),
    },
    {
      what: 'a password change from the other session',
      both: false,
      end: (s) =>
        t.request('POST', '/api/profile/password', {
          token: s.tokens[1],
          body: { currentPassword: s.password, newPassword: 'Live-Changed-2026!' },
        }),
    },
    {
      what: 'an end from the profile of the other session',
      both: false,
      end: async (s) => {
        const listed = await t.request('GET', '/api/profile/sessions', { token: s.tokens[0] });
        const id = (listed.body.data as { id: number; current: boolean }[]).find((x) => x.current)!.id;
        return t.request('DELETE', `/api/profile/sessions/${id}`, { token: s.tokens[1] });
      },
    },
    {
      what: "the other session's sign-out of all other devices",
      both: false,
      end: (s) => t.request('POST', '/api/profile/sessions/end-others', { token: s.tokens[1] }),
    },
    {
      what: 'a block by an admin',
      both: true,
      end: (s) =>
        t.request('POST', '/api/users/approve', {
          token: admin,
          body: { id: s.id, status: '3', reason: 'Live test' },
        }),
    },
    {
      what: 'a deletion by an admin',
      both: true,
      end: (s) => t.request('DELETE', `/api/event-manager/${s.id}`, { token: admin }),
    },
  ];

  /** A second server on the same PostgreSQL: its own pool, listeners, hub and streams. */
  const secondServer = async () => {
    const other = await openPostgres(t.db.url!);
    const live = await startLive(other, t.config);
    const app = createApp({ ...t.deps, db: other.db, live });
    return {
      app,
      close: async () => {
        live.closeAll();
        await live.hub.close();
        await other.close();
      },
    };
  };

  const within = (stream: Stream, ms: number) =>
    Promise.race([stream.ended, new Promise<null>((r) => setTimeout(() => r(null), ms))]);

  it('checks the sessions of the open streams twice a second, with no other write to wake it', async () => {
    const hub = await startLiveHub(t.db);
    const live = createLive(hub, watchSessions(t.db, t.config));
    const app = createApp({ ...t.deps, live });
    try {
      const who = await supervisor();
      const stream = await open(who.tokens[0], undefined, app);
      await stream.next((e) => e.event === 'ready');
      expect((await t.request('POST', '/api/logout', { token: who.tokens[0] })).status).toBe(200);
      const endedAt = performance.now();
      const at = await within(stream, 2500);
      expect(at, 'the stream ended').not.toBeNull();
      expect(at! - endedAt).toBeLessThan(1000);
    } finally {
      live.closeAll();
      await hub.close();
    }
  });

  it('hands no change to a stream whose session ended before the change was read, even before the next check', async () => {
    // A server whose own checks come late (a minute apart, here): only the check the hub makes
    // before it hands a batch on stands between the stream and the change.
    const hub = await startLiveHub(t.db);
    const live = createLive(hub, watchSessions(t.db, t.config, 60_000));
    const app = createApp({ ...t.deps, live });
    try {
      const who = await supervisor();
      const [first, second] = await Promise.all([
        open(who.tokens[0], undefined, app),
        open(who.tokens[1], undefined, app),
      ]);
      await Promise.all([first, second].map((s) => s.next((e) => e.event === 'ready')));
      expect((await t.request('POST', '/api/logout', { token: who.tokens[0] })).status).toBe(200);
      const booking = await newBooking(idA);
      await second.next(isChange('booking', booking.id));
      expect(first.events.filter((e) => e.event === 'change')).toEqual([]);
      expect(await within(first, 1000)).not.toBeNull();
      second.close();
    } finally {
      live.closeAll();
      await hub.close();
    }
  });

  for (const elsewhere of [false, true])
    describe.skipIf(elsewhere && process.env.TEST_DB !== 'postgres')(
      elsewhere ? 'held on another server on the same PostgreSQL' : 'held on the same server',
      () => {
        for (const { what, both, end } of endings)
          it(`after ${what}`, async () => {
            const other = elsewhere ? await secondServer() : null;
            const app = other?.app ?? t.app;
            try {
              const who = await supervisor();
              const [first, second, watcher] = await Promise.all([
                open(who.tokens[0], undefined, app),
                open(who.tokens[1], undefined, app),
                open(admin, undefined, app),
              ]);
              await Promise.all([first, second, watcher].map((s) => s.next((e) => e.event === 'ready')));

              const res = await end(who);
              expect(res.status, res.text).toBe(200);
              const endedAt = performance.now();
              // written right after the session ended
              const booking = await newBooking(idA);
              const ending = both ? [first, second] : [first];
              for (const s of ending) {
                const at = await within(s, 1500);
                expect(at, `${what}: the stream ended`).not.toBeNull();
                expect(at! - endedAt, `${what}: ms until the stream ended`).toBeLessThan(1000);
              }
              await watcher.next(isChange('booking', booking.id));
              // a session that did not end keeps its stream, and sees the booking
              if (!both) await second.next(isChange('booking', booking.id));
              for (const s of ending) expect(s.events.filter((e) => e.event === 'change')).toEqual([]);
              for (const s of [first, second, watcher]) s.close();
            } finally {
              await other?.close();
            }
          });
      },
    );
});
