import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { countries } from './schema';
import { embeddedVacuum } from './upkeep';
import { sqlRows } from './client';

describe('the embedded database vacuum', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
  });
  afterAll(() => database.close());

  const lastVacuum = async () => {
    const stats = await sqlRows<{ last_vacuum: Date | null; last_analyze: Date | null }>(
      database.db,
      sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'countries'`,
    );
    return stats[0]!;
  };
  const write = (n: number) =>
    database.db.insert(countries).values({
      name: { en: `Upkeep ${n}`, ar: `صيانة ${n}` },
      isoCode: `Q${n}`,
      dialCode: `+${n}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    });

  it('vacuums and analyses once its period has passed and something was written, not before', async () => {
    let clock = 0;
    const run = embeddedVacuum(database, { everyMs: 1000, now: () => clock });
    await write(1);
    expect(await run()).toBe(false); // the period has not passed
    expect((await lastVacuum()).last_vacuum).toBeNull();

    clock = 1000;
    expect(await run()).toBe(true);
    const first = await lastVacuum();
    expect(first.last_vacuum).not.toBeNull();
    expect(first.last_analyze).not.toBeNull();

    clock = 5000;
    expect(await run()).toBe(false); // nothing written since
    await write(2);
    expect(await run()).toBe(true);
  });
});
