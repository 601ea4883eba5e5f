/**
 * Display preferences (docs/decisions/0082-dense-width-aware-tables.md): each user reads and writes
 * only their own row density; it is compact until chosen; bad input answers 422 with the field and
 * changes nothing; parallel saves leave one valid value; a sign-in elsewhere reads the same value.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

let t: TestServer;
const call = apiOf(() => t, { lang: 'en' });
const PATH = '/api/profile/preferences';

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
});
afterAll(() => t?.close());

const rows = () => t.db.db.select().from(userPreferences).orderBy(userPreferences.userId);

describe('the list density preference', () => {
  it('is compact until chosen; bad input changes nothing; each user has only their own', async () => {
    const admin = await signInAs(t, 'admin');
    const provider = await signInAs(t, 'provider');
    const first = await call('GET', PATH, admin);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({ listDensity: 'compact' });

    for (const body of [
      { listDensity: 'roomy' },
      { listDensity: null },
      {},
      { listDensity: 'comfortable', userId: 1 },
      { listDensity: ['comfortable'] },
    ]) {
      const bad = await call('PUT', PATH, admin, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.message).toBeTruthy();
      expect(bad.body.errors, JSON.stringify(body)).toBeTruthy();
    }
    expect(await rows()).toEqual([]);
    expect((await call('PUT', PATH, undefined, { listDensity: 'comfortable' })).status).toBe(401);
    expect(await rows()).toEqual([]);

    const saved = await call('PUT', PATH, admin, { listDensity: 'comfortable' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ listDensity: 'comfortable' });
    // Another user's stays theirs; a new sign-in of the same user (another device) reads the choice.
    expect((await call('GET', PATH, provider)).body.data).toEqual({ listDensity: 'compact' });
    const elsewhere = await t.login(DEMO.admin.email, DEMO_PASSWORD);
    expect((await call('GET', PATH, elsewhere)).body.data).toEqual({ listDensity: 'comfortable' });
    const [adminRow] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.admin.email));
    expect((await rows()).map((r) => [r.userId, r.listDensity])).toEqual([[adminRow!.id, 'comfortable']]);
  });

  it('parallel saves of one user leave one row with one of the values', async () => {
    const manager = await signInAs(t, 'manager');
    const values = ['compact', 'comfortable'] as const;
    const saves = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call('PUT', PATH, manager, { listDensity: values[i % 2] })),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(16).fill(200));
    const [managerRow] = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.manager.email));
    const mine = (await rows()).filter((r) => r.userId === managerRow!.id);
    expect(mine).toHaveLength(1);
    expect(values).toContain(mine[0]!.listDensity);
    expect((await call('GET', PATH, manager)).body.data).toEqual({ listDensity: mine[0]!.listDensity });
  });
});
