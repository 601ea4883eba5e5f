/**
 * Idempotency keys are kept a day (./idempotency.ts): a repeat within the day replays the stored
 * answer; one after it runs anew, whether or not the scheduler has purged the key yet; the purge
 * removes expired keys only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { categories, idempotencyKeys } from '../db/schema';
import { createTestServer, type TestServer } from '../../tests/setup/server';
import { signInAs } from '../../tests/support/kit';
import { purgeIdempotencyKeys } from './idempotency';

const HOUR = 60 * 60 * 1000;
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  token = await signInAs(t, 'admin');
});
afterAll(() => t?.close());

const countNamed = async (name: string) =>
  (
    await t.db.db
      .select()
      .from(categories)
      .where(sql`${categories.name}->>'en' = ${name}`)
  ).length;

const addCategory = (name: string, key: string) =>
  t.request('POST', '/api/master/addlist', {
    token,
    headers: { 'Idempotency-Key': key },
    body: { type: 'category', name: { en: name, ar: `فئة ${name}` }, sortOrder: 1, active: true },
  });

const keyRows = (key: string) =>
  t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

describe('idempotency keys are kept a day', () => {
  it('replays within the day; after it, a repeat runs anew even before the purge', async () => {
    const key = 'expiry-key-0001';
    expect((await addCategory('Expiry one', key)).status).toBe(201);
    t.clock.advance(23 * HOUR);
    const within = await addCategory('Expiry one', key);
    expect(within.headers.get('idempotent-replayed')).toBe('true');
    expect(await countNamed('Expiry one')).toBe(1);

    t.clock.advance(2 * HOUR);
    const after = await addCategory('Expiry one', key);
    // Run again, not the day-old answer replayed: a second category.
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(after.status).toBe(201);
    expect(await countNamed('Expiry one')).toBe(2);
    // The key now holds the new answer, claimed at the new time.
    const [row] = await keyRows(key);
    expect(row!.statusCode).toBe(201);
    expect(row!.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('the scheduled purge removes the keys older than a day and keeps the others', async () => {
    expect((await addCategory('Expiry old', 'expiry-key-old1')).status).toBe(201);
    t.clock.advance(12 * HOUR);
    expect((await addCategory('Expiry new', 'expiry-key-new1')).status).toBe(201);
    t.clock.advance(13 * HOUR);
    expect(await purgeIdempotencyKeys(t.db.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keyRows('expiry-key-old1')).toEqual([]);
    expect(await keyRows('expiry-key-new1')).toHaveLength(1);
  });
});
