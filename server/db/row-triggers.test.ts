import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db';
import { areaTables } from '../areas';
import { openPglite, type Database } from './client';
import { installRowTriggers, rowTriggerChanges, type RowTriggers } from './row-triggers';

/** A master a new area would add: the table the scaffold's migration creates. */
const venueTypes = pgTable('venue_types', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by'),
  name: jsonb('name'),
});
const venueType: RowTriggers = {
  table: venueTypes,
  audit: { resource: 'venuetype', key: venueTypes.id, provider: venueTypes.createdBy },
  live: { resource: 'venuetype' },
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const triggersOn = async (db: TestDb['db'], table: string) =>
  rowsOf<{ name: string; fn: string; args: string }>(
    await db.execute(sql`
      select t.tgname as name, p.proname as fn, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where c.relname = ${table} and not t.tgisinternal order by t.tgname`),
  );

describe('the areas’ declarations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('are the triggers the migrations wrote by hand, one for one: installing them after the migrations changes nothing', async () => {
    expect(await installRowTriggers(database.db, areaTables())).toEqual([]);
  });
});

describe('installRowTriggers', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await t.db.execute(
      sql`create table venue_types (id serial primary key, version integer not null default 1, created_by integer, name jsonb)`,
    );
  });
  afterAll(() => t?.close());

  it('gives a new area’s table its audit, live and read-cache triggers, once, however many processes start at once', async () => {
    const specs = [...areaTables(), venueType];
    const runs = await Promise.all(Array.from({ length: 5 }, () => installRowTriggers(t.db, specs)));
    // One run created the three; the others, under the same lock, found them.
    expect(runs.map((r) => r.length).sort()).toEqual([0, 0, 0, 0, 3]);
    expect(await triggersOn(t.db, 'venue_types')).toEqual([
      { name: 'venue_types_audit', fn: 'audit_row', args: 'venuetype\\000id\\000created_by\\000\\000' },
      { name: 'venue_types_live', fn: 'live_row', args: 'venuetype\\000\\000' },
      { name: 'venue_types_notify_writes', fn: 'notify_writes', args: '' },
    ]);
    expect(await installRowTriggers(t.db, specs)).toEqual([]);
  });

  it('records a write of the new table on the audit trail and in the live change log', async () => {
    const before = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from live_changes where resource = 'venuetype'`),
    )[0]!.n;
    // Without a request's context: recorded with no actor, as the scheduler's writes are.
    await t.db.execute(sql`insert into venue_types (created_by, name) values (null, '{"en":"Hall"}')`);
    const [entry] = rowsOf<{ resource: string; action: string; after: { name: { en: string } } }>(
      await t.db.execute(
        sql`select resource, action, after from audit_log where table_name = 'venue_types' order by id desc limit 1`,
      ),
    );
    expect(entry).toMatchObject({ resource: 'venuetype', action: 'create', after: { name: { en: 'Hall' } } });
    const after = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from live_changes where resource = 'venuetype'`),
    )[0]!.n;
    expect(after).toBe(before + 1);
  });

  it('replaces a trigger whose declaration changed, and leaves the others', async () => {
    const owned: RowTriggers = { ...venueType, live: { resource: 'venuetype', owner: venueTypes.createdBy } };
    expect(await installRowTriggers(t.db, [...areaTables(), owned])).toEqual([
      'DROP TRIGGER "venue_types_live" ON "venue_types"',
      expect.stringContaining(`CREATE CONSTRAINT TRIGGER "venue_types_live"`),
    ]);
    expect((await triggersOn(t.db, 'venue_types')).find((x) => x.name === 'venue_types_live')).toEqual({
      name: 'venue_types_live',
      fn: 'live_row',
      args: 'venuetype\\000created_by\\000',
    });
  });
});

describe('rowTriggerChanges', () => {
  it('gives every table but sessions and the live log a read-cache trigger, and refuses a name it would have to quote', () => {
    expect(rowTriggerChanges([], ['sessions', 'live_changes', 'rooms'], [])).toEqual([
      'CREATE TRIGGER "rooms_notify_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"()',
    ]);
    expect(() =>
      rowTriggerChanges(
        [],
        [],
        [{ ...venueType, audit: { ...venueType.audit!, resource: "x'); drop table users; --" } }],
      ),
    ).toThrow(/Not a resource key/);
  });
});
