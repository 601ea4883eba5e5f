/**
 * The read cache (ADR 0009): on PGlite, answers of cached reads and signed-in sessions are kept
 * until the next write. Whatever is kept, every caller still gets exactly what the database says
 * for them: another user's or language's answer is never served, a write shows at once, a signed-out
 * or blocked session is refused at once, and time-dependent answers last at most a few seconds.
 * On PostgreSQL (no cache) the same behaviour holds and the cache-only checks are skipped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';

let t: TestServer;
let admin: string;
const LIST = '/api/booking?status=pending&sort=createdAt&order=desc&pageSize=10';
const cached = process.env.TEST_DB !== 'postgres';

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await t.login(DEMO.admin.email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

const get = async (path: string, token: string, lang = 'en') => {
  const res = await t.request('GET', path, { token, lang });
  expect(res.status, res.text).toBe(200);
  return res;
};
const stats = () => ({ ...t.deps.cache!.stats });

describe('read cache', () => {
  it('exists exactly when this process alone writes to the database', () => {
    expect(Boolean(t.deps.cache)).toBe(cached);
  });

  it.runIf(cached)('answers a repeated read without the database, until something is written', async () => {
    const first = await get(LIST, admin);
    const before = stats();
    const generation = t.deps.cache!.generation;
    const again = await get(LIST, admin);
    expect(again.text).toBe(first.text);
    expect(stats().hits).toBe(before.hits + 1);
    expect(t.deps.cache!.generation).toBe(generation);
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
    const provider = await t.login(DEMO.provider.email, DEMO_PASSWORD);
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

  it.runIf(cached)(
    'lets a time-dependent answer live a few seconds of the server’s clock at most',
    async () => {
      await get('/api/admin-dashboard-stats', admin);
      const before = stats();
      await get('/api/admin-dashboard-stats', admin);
      expect(stats().hits).toBe(before.hits + 1);
      t.clock.advance(5_000);
      await get('/api/admin-dashboard-stats', admin);
      expect(stats().misses).toBe(before.misses + 1);
    },
  );

  it('refuses a signed-out session at once, though it was kept', async () => {
    const token = await t.login(DEMO.manager.email, DEMO_PASSWORD);
    await get(LIST, token);
    await get(LIST, token);
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(200);
    expect((await t.request('GET', LIST, { token })).status).toBe(401);
  });

  it('refuses a blocked user at once, though the session was kept', async () => {
    const provider = await t.login(DEMO.provider.email, DEMO_PASSWORD);
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

  it.runIf(cached)('does not forget answers when a session’s last use is written', async () => {
    const token = await t.login(DEMO.admin.email, DEMO_PASSWORD);
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
