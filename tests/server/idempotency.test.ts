/**
 * An idempotent write's key is recorded in the same transaction as its effect (docs/security.md,
 * "Idempotent writes"): a process that dies after the effect but before its answer is stored
 * leaves neither, so the replay applies the change exactly once. The crash is simulated by making
 * the write of the stored answer fail (a trigger), as a kill -9 at that moment would.
 *
 * A key is kept a day (server/http/idempotency.ts): a repeat within the day replays the stored
 * answer; one after it runs anew, whether or not the scheduler has purged the key yet; the purge
 * removes expired keys only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { categories, idempotencyKeys } from '../../server/db/schema';
import { purgeIdempotencyKeys } from '../../server/http/idempotency';
import { createTestServer, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  token = await signInAs(t, 'admin');
});
afterAll(() => t?.close());

const exec = (sqlText: string) =>
  t.db.db.execute(sqlText as unknown as Parameters<typeof t.db.db.execute>[0]);

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

describe('idempotency record and effect commit together', () => {
  it('a replay after the process died between the effect and the stored answer applies it once', async () => {
    const name = 'Crash-replay category';
    const key = 'crash-replay-key-1';
    // The stored answer cannot be written: the process "dies" right after the effect.
    await exec(`CREATE FUNCTION die_before_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated kill -9'; END $$`);
    await exec(`CREATE TRIGGER die_before_answer BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.status_code IS NOT NULL) EXECUTE FUNCTION die_before_answer()`);
    const first = await addCategory(name, key);
    expect(first.status).toBe(500);
    await exec('DROP TRIGGER die_before_answer ON idempotency_keys');
    await exec('DROP FUNCTION die_before_answer()');

    // The app's outbox replays it later (past the window in which a claim counts as in progress).
    t.clock.advance(5 * 60_000);
    const replay = await addCategory(name, key);
    expect(replay.status).toBe(201);
    const again = await addCategory(name, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await countNamed(name)).toBe(1);
  });

  it('concurrent replays of one key apply it once and all get its answer', async () => {
    const name = 'Concurrent-replay category';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => addCategory(name, 'concurrent-replay-key-1')),
    );
    expect(await countNamed(name)).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
  });
});

const HOUR = 60 * 60 * 1000;

const keyRows = (key: string) => t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

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
