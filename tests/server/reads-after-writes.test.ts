/**
 * Every read is the database's answer at that moment (docs/decisions/0054-the-read-cache-goes.md):
 * a write shows in the next read of every caller, in their own scope and language, and a sign-out
 * or block counts at the next request, whichever process the next request reaches. Nothing is kept
 * between requests, so these hold by construction; they are what the read cache once had to earn
 * (ADR 0009), and they must keep holding.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openPostgres } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let admin: string;
const LIST = '/api/booking?status=pending&sort=createdAt&order=desc&pageSize=10';

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

interface Page {
  total: number;
  items: { id: number; version: number; providerId: number }[];
}

describe('one process', () => {
  it('shows a write in the next read of the list and of the record', async () => {
    const list = (await get(LIST, admin)).body.data as Page;
    const booking = list.items[0]!;
    const moved = await t.request('POST', '/api/booking/update-status', {
      token: admin,
      body: { id: booking.id, status: 'confirmed', note: null, version: booking.version },
    });
    expect(moved.status, moved.text).toBe(200);
    const after = (await get(LIST, admin)).body.data as Page;
    expect(after.total).toBe(list.total - 1);
    expect(after.items.map((b) => b.id)).not.toContain(booking.id);
    expect((await get(`/api/booking/details/${booking.id}`, admin)).body.data.booking.status).toBe(
      'confirmed',
    );
  });

  it('answers each caller in their own scope and language', async () => {
    const provider = await signInAs(t, 'provider');
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
    const everyone = (await get(LIST, admin)).body.data as Page;
    const own = (await get(LIST, provider)).body.data as Page;
    expect(own.total).toBeLessThan(everyone.total);
    for (const b of own.items) expect(b.providerId).toBe(me!.id);
    const arabic = await get(LIST, admin, 'ar');
    const english = await get(LIST, admin, 'en');
    expect(arabic.body.message).not.toBe(english.body.message);
    expect(arabic.body.data).toEqual(english.body.data);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two processes on one PostgreSQL', () => {
  it('shows a write and a sign-out made through one in the other’s next request', async () => {
    const other = await openPostgres(t.db.url!);
    try {
      const second = createApp({ ...t.deps, db: other.db });
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
      const token = await signInAs(t, 'admin');
      const list = (await get(LIST, token)).body.data as Page;
      const booking = list.items[0]!;
      const moved = await call('POST', '/api/booking/update-status', token, {
        id: booking.id,
        status: 'confirmed',
        note: null,
        version: booking.version,
      });
      expect(moved.status).toBe(200);
      expect(((await get(LIST, token)).body.data as Page).total).toBe(list.total - 1);

      const manager = await signInAs(t, 'manager');
      await get(LIST, manager);
      expect((await call('POST', '/api/logout', manager)).status).toBe(200);
      expect((await t.request('GET', LIST, { token: manager })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
