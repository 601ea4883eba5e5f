/**
 * An idempotent write's key is recorded in the same transaction as its effect (docs/security.md,
 * "Idempotent writes"): a process that dies after the effect but before its answer is stored
 * leaves neither, so the replay applies the change exactly once. The crash is simulated by making
 * the write of the stored answer fail (a trigger), as a kill -9 at that moment would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categories } from '../../server/db/schema';
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
