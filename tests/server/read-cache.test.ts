/**
 * The read cache (ADR 0009): answers of cached reads and signed-in sessions are kept until the next
 * write. Whatever is kept, every caller still gets exactly what the database says for them: another
 * user's or language's answer is never served, a write shows at once, a signed-out or blocked
 * session is refused at once, and time-dependent answers last at most a few seconds. On PostgreSQL,
 * another process's writes reach this process's cache through the database's notifications, and
 * without the listening connection nothing is kept.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { hashToken } from '../../server/auth/tokens';
import { openPostgres } from '../../server/db/client';
import { countries, users } from '../../server/db/schema';
import { ReadCache } from '../../server/http/read-cache';
import { tablesRead } from '../../server/db/changes';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let admin: string;
const LIST = '/api/booking?status=pending&sort=createdAt&order=desc&pageSize=10';
const COUNTRIES = '/api/master/listwithpagination?type=country&pageSize=100';
const postgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
});
afterAll(() => t?.close());

const get = async (path: string, token: string, lang = 'en') => {
  const res = await t.request('GET', path, { token, lang });
  expect(res.status, res.text).toBe(200);
  return res;
};
const stats = () => ({ ...t.deps.cache!.stats });

describe('read cache', () => {
  it('every table tells of its writes (the triggers PostgreSQL notifies other processes with)', async () => {
    // Except the live change log (ADR 0019): no answer shows it, and its rows come from writes of
    // tables that notify already.
    const missing = (await t.db.db.execute(sql`
      select tablename from pg_tables t where schemaname = current_schema() and tablename <> 'live_changes'
      and not exists (select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where c.relname = t.tablename and g.tgname = t.tablename || '_notify_writes')`)) as unknown as {
      rows: unknown[];
    };
    expect(missing.rows).toEqual([]);
  });

  it('answers a repeated read without the database, until something is written', async () => {
    // On PostgreSQL the notifications of the set-up's writes (the sign-in) may still arrive and rightly
    // empty the cache between two reads: the pair is read again until no write came between them.
    let settled = false;
    for (let attempt = 0; attempt < 10 && !settled; attempt++) {
      const generation = t.deps.cache!.generation;
      const first = await get(LIST, admin);
      const before = stats();
      const again = await get(LIST, admin);
      if (t.deps.cache!.generation !== generation) continue;
      settled = true;
      expect(again.text).toBe(first.text);
      expect(stats().hits).toBe(before.hits + 1);
    }
    expect(settled).toBe(true);
  });

  it('shows a write at once', async () => {
    const list = (await get(LIST, admin)).body.data;
    const booking = list.items[0] as { id: number; version: number };
    const moved = await t.request('POST', '/api/booking/update-status', {
      token: admin,
      body: { id: booking.id, status: 'confirmed', note: null, version: booking.version },
    });
    expect(moved.status, moved.text).toBe(200);
    const after = (await get(LIST, admin)).body.data;
    expect(after.total).toBe(list.total - 1);
    expect(after.items.map((b: { id: number }) => b.id)).not.toContain(booking.id);
    const details = (await get(`/api/booking/details/${booking.id}`, admin)).body.data;
    expect(details.booking.status).toBe('confirmed');
  });

  it('keeps answers apart by caller and language', async () => {
    const provider = await signInAs(t, 'provider');
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    const everyone = (await get(LIST, admin)).body.data;
    const own = (await get(LIST, provider)).body.data;
    expect(own.total).toBeLessThan(everyone.total);
    for (const b of own.items as { providerId: number }[]) expect(b.providerId).toBe(me!.id);
    const arabic = await get(LIST, admin, 'ar');
    const english = await get(LIST, admin, 'en');
    expect(arabic.body.message).not.toBe(english.body.message);
    expect(arabic.body.data).toEqual(english.body.data);
  });

  it('lets a time-dependent answer live a few seconds of the server’s clock at most', async () => {
    await get('/api/admin-dashboard-stats', admin);
    const before = stats();
    await get('/api/admin-dashboard-stats', admin);
    expect(stats().hits).toBe(before.hits + 1);
    t.clock.advance(5_000);
    await get('/api/admin-dashboard-stats', admin);
    expect(stats().misses).toBe(before.misses + 1);
  });

  it('refuses a signed-out session at once, though it was kept', async () => {
    const token = await signInAs(t, 'manager');
    await get(LIST, token);
    await get(LIST, token);
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    expect((await t.request('GET', LIST, { token })).status).toBe(401);
  });

  it('refuses a blocked user at once, though the session was kept', async () => {
    const provider = await signInAs(t, 'provider');
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    await get(LIST, provider);
    const block = await t.request('POST', '/api/users/approve', {
      token: admin,
      body: { id: me!.id, status: '3', reason: 'Read cache test' },
    });
    expect(block.status, block.text).toBe(200);
    const refused = await t.request('GET', LIST, { token: provider });
    expect(refused.status).toBe(401);
  });

  it('with READ_CACHE=off, reads every answer again but keeps the session until its tables are written', async () => {
    const cache = new ReadCache(t.db.changes, { answers: false });
    const app = createApp({ ...t.deps, cache });
    const read = async (token: string) => {
      const res = await app.request(LIST, { headers: { authorization: `Bearer ${token}` } });
      return res.status;
    };
    const token = await signInAs(t, 'manager');
    expect(await read(token)).toBe(200);
    expect(await read(token)).toBe(200);
    expect(cache.stats).toEqual({ hits: 0, misses: 0, bypassed: 2 });
    const tokenHash = hashToken(token);
    expect(cache.session(tokenHash)?.user.email).toBe(DEMO.manager.email);
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    await cache.wrote();
    expect(cache.session(tokenHash)).toBeUndefined();
    expect(await read(token)).toBe(401);
  });

  it('forgets an answer only when a table it read is written', async () => {
    const first = await get(COUNTRIES, admin);
    const list = (await get(LIST, admin)).body.data;
    const booking = list.items[0] as { id: number; version: number };
    const moved = await t.request('POST', '/api/booking/update-status', {
      token: admin,
      body: { id: booking.id, status: 'cancelled', note: null, version: booking.version },
    });
    expect(moved.status, moved.text).toBe(200);
    // the bookings changed: the countries answer is kept, the bookings list is made again
    let before = stats();
    expect((await get(COUNTRIES, admin)).text).toBe(first.text);
    expect(stats().hits).toBe(before.hits + 1);
    before = stats();
    expect((await get(LIST, admin)).body.data.total).toBe(list.total - 1);
    expect(stats().misses).toBe(before.misses + 1);
    // a country changed: its answer goes
    await t.db.db.update(countries).set({ dialCode: '+9660' }).where(eq(countries.isoCode, 'SA'));
    await t.db.changes.sync(); // as a request that wrote does before it answers
    before = stats();
    const again = await get(COUNTRIES, admin);
    expect(stats().misses).toBe(before.misses + 1);
    expect(again.text).toContain('+9660');
    await t.db.db.update(countries).set({ dialCode: '+966' }).where(eq(countries.isoCode, 'SA'));
  });

  it('notes the tables of every read, also of reads that waited for a connection', async () => {
    // More reads at once than PostgreSQL's pool has connections (10): most wait for one, and a
    // waiting read must still note its tables in its own piece of work, not in the one whose
    // connection it gets.
    const names = ['countries', 'cities', 'categories', 'bookings', 'events', 'users'];
    const reads = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        tablesRead(async () => {
          const table = names[i % names.length]!;
          await t.db.db.execute(sql`select count(*) from ${sql.identifier(table)}`);
          return table;
        }),
      ),
    );
    for (const { value, tables } of reads) expect([...tables]).toEqual([value]);
  });

  it('shows a write in every answer kept, also of answers made while others waited', async () => {
    const token = await signInAs(t, 'admin');
    const pages = ['createdAt', 'total'].flatMap((sort) =>
      ['asc', 'desc'].flatMap((order) =>
        Array.from(
          { length: 10 },
          (_, i) => `/api/booking?status=pending&sort=${sort}&order=${order}&pageSize=10&page=${i + 1}`,
        ),
      ),
    );
    const read = async () =>
      Promise.all(
        pages.map(
          async (path) =>
            (await get(path, token)).body.data as { total: number; items: { id: number; version: number }[] },
        ),
      );
    const before = await read();
    const again = stats();
    expect((await read()).map((p) => p.total)).toEqual(before.map((p) => p.total));
    expect(stats().hits).toBeGreaterThan(again.hits);
    const booking = before[0]!.items[0]!;
    const moved = await t.request('POST', '/api/booking/update-status', {
      token,
      body: { id: booking.id, status: 'confirmed', note: null, version: booking.version },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await read()).map((p) => p.total)).toEqual(before.map((p) => p.total - 1));
  });

  it('does not forget answers when a session’s last use is written', async () => {
    const token = await signInAs(t, 'admin');
    await get(LIST, token);
    const generation = t.deps.cache!.generation;
    t.clock.advance(61_000); // the session's last use is written again (once a minute)
    await get(LIST, token);
    expect(t.deps.cache!.generation).toBe(generation);
    // and the session's idle time counts from that use
    t.clock.advance(t.config.sessionIdleMs - 1_000);
    expect((await t.request('GET', LIST, { token })).status).toBe(200);
  });
});

describe.runIf(postgres)('read cache of several processes on one PostgreSQL', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('forgets what another process changed, and keeps nothing while it cannot listen', async () => {
    const other = await openPostgres(t.db.url!);
    try {
      const second = createApp({ ...t.deps, db: other.db, cache: new ReadCache(other.changes) });
      const call = async (method: string, path: string, token: string, body?: unknown) => {
        const res = await second.request(path, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
      };
      expect(await until(async () => other.changes.live)).toBe(true);
      const token = await signInAs(t, 'admin');
      const list = (await call('GET', LIST, token)).body.data as {
        total: number;
        items: { id: number; version: number }[];
      };
      const before = { ...t.deps.cache!.stats };
      await get(LIST, token);
      await get(LIST, token);
      expect(t.deps.cache!.stats.hits).toBeGreaterThan(before.hits);

      // a write through the second process shows in the first
      const booking = list.items[0]!;
      const moved = await call('POST', '/api/booking/update-status', token, {
        id: booking.id,
        status: 'confirmed',
        note: null,
        version: booking.version,
      });
      expect(moved.status).toBe(200);
      expect(await until(async () => (await get(LIST, token)).body.data.total === list.total - 1)).toBe(true);

      // a booking write of the second process keeps the first's countries answer; a country write does not
      await get(COUNTRIES, token);
      const fresh = (await call('GET', LIST, token)).body.data as {
        items: { id: number; version: number }[];
      };
      const next = fresh.items[0]!;
      expect(
        (
          await call('POST', '/api/booking/update-status', token, {
            id: next.id,
            status: 'cancelled',
            note: null,
            version: next.version,
          })
        ).status,
      ).toBe(200);
      const totals: number[] = [];
      expect(
        await until(async () => {
          totals.push((await get(LIST, token)).body.data.total);
          return totals.at(-1) === list.total - 2;
        }),
        `${list.total}: ${totals.join(',')}`,
      ).toBe(true);
      let seen = { ...t.deps.cache!.stats };
      await get(COUNTRIES, token);
      expect(t.deps.cache!.stats.hits).toBe(seen.hits + 1);
      await other.db.update(countries).set({ dialCode: '+9661' }).where(eq(countries.isoCode, 'SA'));
      expect(await until(async () => (await get(COUNTRIES, token)).text.includes('+9661'))).toBe(true);
      await other.db.update(countries).set({ dialCode: '+966' }).where(eq(countries.isoCode, 'SA'));
      seen = { ...t.deps.cache!.stats };
      expect(seen.misses).toBeGreaterThan(0);

      // a sign-out through the second process is refused by the first
      const manager = await signInAs(t, 'manager');
      await get(LIST, manager);
      expect((await call('POST', '/api/logout', manager)).status).toBe(200);
      expect(await until(async () => (await t.request('GET', LIST, { token: manager })).status === 401)).toBe(
        true,
      );

      // without its listening connection, the first process keeps nothing, then listens again
      await t.db.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and (query = 'LISTEN ebo_writes' or query like 'SELECT pg_notify(%')`,
      );
      expect(await until(async () => !t.db.changes.live)).toBe(true);
      const kept = { ...t.deps.cache!.stats };
      await get(LIST, token);
      await get(LIST, token);
      expect(t.deps.cache!.stats).toEqual({ ...kept, bypassed: kept.bypassed + 2 });
      expect(await until(async () => t.db.changes.live)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
