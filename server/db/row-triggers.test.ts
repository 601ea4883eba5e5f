import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db';
import { areaTables } from '../areas';
import { MIGRATIONS_FOLDER } from '../core/paths';
import { openPglite, type Database } from './client';
import { installRowTriggers, rowTriggerChanges, type RowTriggers } from './row-triggers';

/** A master a new area would add (its table as the scaffold's migration creates it). */
const plantedRooms = pgTable('planted_rooms', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by'),
  name: jsonb('name'),
});
const plantedRoom: RowTriggers = {
  table: plantedRooms,
  audit: { resource: 'plantedroom', key: plantedRooms.id, provider: plantedRooms.createdBy },
  live: { resource: 'plantedroom' },
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const triggersOn = async (db: TestDb['db'], table: string) =>
  rowsOf<{ name: string; fn: string; args: string }>(
    await db.execute(sql`
      select t.tgname as name, p.proname as fn, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where c.relname = ${table} and not t.tgisinternal order by t.tgname`),
  );

/** The schema's triggers (each with its table, function and arguments) and functions. */
const catalogOf = async (db: TestDb['db']) => ({
  triggers: rowsOf<{ table: string; name: string; fn: string; args: string }>(
    await db.execute(sql`
      select c.relname as "table", t.tgname as name, p.proname as fn, encode(t.tgargs, 'escape') as args
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and n.nspname = current_schema()
      order by 1, 2`),
  ),
  functions: rowsOf<{ name: string }>(
    await db.execute(sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() order by 1`),
  ).map((f) => f.name),
});

/** The read cache's triggers and function (migration 0005), gone since migration 0025. */
const readCacheLeft = ({ triggers, functions }: Awaited<ReturnType<typeof catalogOf>>) => [
  ...triggers.filter((t) => t.fn === 'notify_writes' || t.name.endsWith('_notify_writes')).map((t) => t.name),
  ...functions.filter((f) => f === 'notify_writes'),
];

describe('the areas’ declarations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('are the triggers the migrations wrote by hand: installing them after the migrations replaces none, and leaves no audit or live trigger undeclared', async () => {
    const statements = await installRowTriggers(database.db, areaTables());
    // Only a table added since (by a new area) gets triggers here; the migrations' ones all fit.
    expect(statements.filter((s) => !s.startsWith('CREATE'))).toEqual([]);
    const names = rowsOf<{ name: string }>(
      await database.db.execute(sql`select tgname as name from pg_trigger where not tgisinternal`),
    )
      .map((t) => t.name)
      .filter((name) => /_(audit|live)$/.test(name));
    const declared = areaTables().flatMap(({ table, audit, live }) => [
      ...(audit ? [`${getTableName(table)}_audit`] : []),
      ...(live ? [`${getTableName(table)}_live`] : []),
    ]);
    expect(names.sort()).toEqual(declared.sort());
    expect(readCacheLeft(await catalogOf(database.db))).toEqual([]);
  });
});

/**
 * The read cache's statement triggers went with it (docs/decisions/0054-the-read-cache-goes.md):
 * migration 0025 drops them wherever they are, so a database that had them and a new one end alike.
 */
describe('migration 0025', () => {
  let fresh: TestDb;
  let existing: TestDb;
  beforeAll(async () => {
    [fresh, existing] = await Promise.all([createTestDb(), createTestDb()]);
  });
  afterAll(async () => {
    await fresh?.close();
    await existing?.close();
  });

  it('leaves no notify_writes trigger or function after the migrations and the start’s routine', async () => {
    expect(await installRowTriggers(fresh.db, areaTables())).toEqual([]);
    expect(readCacheLeft(await catalogOf(fresh.db))).toEqual([]);
  });

  it('takes a database that had the read cache’s triggers to the catalog of a new one, and may run again', async () => {
    // As migration 0024 and the start's routine left a database: the function, a statement trigger
    // on every table but the live log (the routine's on the tables of later migrations), the
    // sessions' own, and migration 0025 not applied yet.
    await existing.db.execute(sql`
      CREATE FUNCTION "notify_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('ebo_writes', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    await existing.db.execute(sql`
      DO $$
      DECLARE
        t text;
      BEGIN
        FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
          AND tablename NOT IN ('sessions', 'live_changes') LOOP
          EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"()', t || '_notify_writes', t);
        END LOOP;
      END
      $$`);
    await existing.db.execute(sql`
      CREATE TRIGGER "sessions_notify_writes" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_hash" OR DELETE OR TRUNCATE ON "sessions"
      FOR EACH STATEMENT EXECUTE FUNCTION "notify_writes"()`);
    expect(readCacheLeft(await catalogOf(existing.db))).toContain('sessions_notify_writes');
    // Migration 0026, as the migrator runs it on such a database (its statements one after another;
    // run here by hand, as later migrations are applied already), takes it to the new catalog.
    const text = await readFile(path.join(MIGRATIONS_FOLDER, '0026_drop_read_cache_triggers.sql'), 'utf8');
    const runMigration = async () => {
      for (const statement of text.split('--> statement-breakpoint'))
        await existing.db.execute(sql.raw(statement));
    };
    await runMigration();
    expect(await catalogOf(existing.db)).toEqual(await catalogOf(fresh.db));
    expect(await installRowTriggers(existing.db, areaTables())).toEqual([]);
    // Its statements find nothing more to drop when they run again.
    await runMigration();
    expect(await catalogOf(existing.db)).toEqual(await catalogOf(fresh.db));
  });
});

describe('installRowTriggers', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await t.db.execute(
      sql`create table planted_rooms (id serial primary key, version integer not null default 1, created_by integer, name jsonb)`,
    );
  });
  afterAll(() => t?.close());

  it('gives a new area’s table its audit and live triggers, once, however many processes start at once', async () => {
    const specs = [...areaTables(), plantedRoom];
    const runs = await Promise.all(Array.from({ length: 5 }, () => installRowTriggers(t.db, specs)));
    // One run created the two; the others, under the same lock, found them.
    expect(runs.map((r) => r.length).sort()).toEqual([0, 0, 0, 0, 2]);
    expect(await triggersOn(t.db, 'planted_rooms')).toEqual([
      { name: 'planted_rooms_audit', fn: 'audit_row', args: 'plantedroom\\000id\\000created_by\\000\\000' },
      { name: 'planted_rooms_live', fn: 'live_row', args: 'plantedroom\\000\\000' },
    ]);
    expect(await installRowTriggers(t.db, specs)).toEqual([]);
  });

  it('records a write of the new table on the audit trail and in the live change log', async () => {
    const before = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from live_changes where resource = 'plantedroom'`),
    )[0]!.n;
    // Without a request's context: recorded with no actor, as the scheduler's writes are.
    await t.db.execute(sql`insert into planted_rooms (created_by, name) values (null, '{"en":"Hall"}')`);
    const [entry] = rowsOf<{ resource: string; action: string; after: { name: { en: string } } }>(
      await t.db.execute(
        sql`select resource, action, after from audit_log where table_name = 'planted_rooms' order by id desc limit 1`,
      ),
    );
    expect(entry).toMatchObject({
      resource: 'plantedroom',
      action: 'create',
      after: { name: { en: 'Hall' } },
    });
    const after = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from live_changes where resource = 'plantedroom'`),
    )[0]!.n;
    expect(after).toBe(before + 1);
  });

  it('names a live change by the column the declaration gives as the record’s id', async () => {
    // A table keyed by its room, as service_providers is by its user.
    const roomNotes = pgTable('planted_room_notes', {
      roomId: integer('room_id').primaryKey(),
      version: integer('version').notNull().default(1),
    });
    await t.db.execute(
      sql`create table planted_room_notes (room_id integer primary key, version integer not null default 1)`,
    );
    await installRowTriggers(t.db, [
      ...areaTables(),
      { table: roomNotes, live: { resource: 'plantednote', key: roomNotes.roomId } },
    ]);
    expect((await triggersOn(t.db, 'planted_room_notes')).find((x) => x.name.endsWith('_live'))?.args).toBe(
      'plantednote\\000\\000room_id\\000',
    );
    await t.db.execute(sql`insert into planted_room_notes (room_id) values (7)`);
    const logged = rowsOf<{ recordId: number; action: string }>(
      await t.db.execute(
        sql`select record_id::int as "recordId", action from live_changes where resource = 'plantednote'`,
      ),
    );
    expect(logged).toEqual([{ recordId: 7, action: 'create' }]);
  });

  it('replaces a trigger whose declaration changed, and leaves the others', async () => {
    const owned: RowTriggers = {
      ...plantedRoom,
      live: { resource: 'plantedroom', owner: plantedRooms.createdBy },
    };
    expect(await installRowTriggers(t.db, [...areaTables(), owned])).toEqual([
      'DROP TRIGGER "planted_rooms_live" ON "planted_rooms"',
      expect.stringContaining(`CREATE CONSTRAINT TRIGGER "planted_rooms_live"`),
    ]);
    expect((await triggersOn(t.db, 'planted_rooms')).find((x) => x.name === 'planted_rooms_live')).toEqual({
      name: 'planted_rooms_live',
      fn: 'live_row',
      args: 'plantedroom\\000created_by\\000',
    });
  });
});

describe('rowTriggerChanges', () => {
  it('wants only the declared triggers, and refuses a name it would have to quote', () => {
    expect(rowTriggerChanges([], [])).toEqual([]);
    expect(() =>
      rowTriggerChanges(
        [],
        [{ ...plantedRoom, audit: { ...plantedRoom.audit!, resource: "x'); drop table users; --" } }],
      ),
    ).toThrow(/Not a resource key/);
  });
});
