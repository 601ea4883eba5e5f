import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEPS_READ_CACHE, isWrite, tablesRead } from './changes';
import { openPglite, type Database } from './client';
import { countries } from './schema';

describe('isWrite', () => {
  it('tells reads from writes', () => {
    expect(isWrite('select 1')).toBe(false);
    expect(isWrite('  SELECT "id" from "users"')).toBe(false);
    expect(isWrite('explain analyze select 1')).toBe(false);
    expect(isWrite('select * from "events" where "id" = $1 for update')).toBe(true);
    expect(isWrite('select * from "events" for no key update')).toBe(true);
    expect(isWrite('insert into "users" values ($1)')).toBe(true);
    expect(isWrite('update "bookings" set "status" = $1')).toBe(true);
    expect(isWrite('delete from "sessions"')).toBe(true);
    expect(isWrite('with moved as (update "bookings" set "x" = 1 returning *) select * from moved')).toBe(
      true,
    );
    expect(isWrite('vacuum analyze')).toBe(true);
    expect(isWrite(`${KEEPS_READ_CACHE} update "sessions" set "last_used_at" = $1`)).toBe(false);
  });
});

describe('the write generation of PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('moves on after writes and transactions, not after reads', async () => {
    const { db } = database;
    const changes = database.changes!;
    const start = changes.generation;
    await db.select().from(countries);
    await db.execute(sql`select count(*) from bookings`);
    expect(changes.generation).toBe(start);

    await db.insert(countries).values({
      name: { en: 'Oman', ar: 'عُمان' },
      isoCode: 'OM',
      dialCode: '+968',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(changes.generation).toBe(start + 1);

    await db.transaction(async (tx) => {
      await tx.select().from(countries);
    });
    expect(changes.generation).toBe(start + 2);

    // a failed write counts too (it may have changed something before failing)
    await expect(db.execute(sql`update countries set iso_code = null`)).rejects.toThrow();
    expect(changes.generation).toBe(start + 3);

    await db.execute(sql`${sql.raw(KEEPS_READ_CACHE)} update sessions set last_used_at = now()`);
    expect(changes.generation).toBe(start + 3);
  });

  it('notes the tables each write changed, and the tables a piece of work read', async () => {
    const { db } = database;
    const changes = database.changes!;
    const at = changes.clock;
    const { tables } = await tablesRead(async () => {
      await db.select().from(countries);
      await db.transaction(async (tx) => tx.execute(sql`select count(*) from cities`));
    });
    expect([...tables].sort()).toEqual(['cities', 'countries']);
    expect(changes.changedSince(new Set(['countries']), at)).toBe(false);

    await db.transaction(async (tx) => {
      await tx
        .update(countries)
        .set({ dialCode: '+968' })
        .where(sql`iso_code = 'OM'`);
    });
    // PGlite delivers the notification before the transaction returns
    expect(changes.changedSince(new Set(['countries']), at)).toBe(true);
    expect(changes.changedSince(new Set(['bookings', 'cities']), at)).toBe(false);
    // a rolled-back write changes nothing and tells nothing
    const after = changes.clock;
    await expect(
      db.transaction(async (tx) => {
        await tx.update(countries).set({ dialCode: '+969' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(changes.changedSince(new Set(['countries']), after)).toBe(false);
  });
});
