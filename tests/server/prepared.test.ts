/**
 * Statements are prepared by name, with their limits in the text (docs/decisions/0020-every-list-on-an-index.md,
 * "Round trips and plans"): a lookup that runs again on a connection is not planned again once
 * PostgreSQL keeps its generic plan. On PostgreSQL every statement (`server/db/client.ts`); on
 * PGlite every statement with parameters, in a transaction or not (`server/db/pglite-prepared.ts`).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, pgErrorCode, sqlRows, type Database } from '../../server/db/client';
import { isWrite } from '../../server/db/pglite-prepared';
import { bookings } from '../../server/db/schema';
import { createTestDb, type TestDb } from '../setup/db';

interface Prepared {
  name: string;
  statement: string;
  generic_plans: string;
  custom_plans: string;
}
const preparedOf = async (db: Database['db']) =>
  (
    (await db.execute(
      sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements`,
    )) as unknown as {
      rows: Prepared[];
    }
  ).rows;

describe.runIf(process.env.TEST_DB === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: TestDb;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database?.close());

  it('names drizzle’s statements, inlines their limit, and runs a repeated lookup on its generic plan', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (let id = 1; id <= 10; id++) await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1);
      return (await tx.execute(
        sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements`,
      )) as unknown as { rows: Prepared[] };
    });
    const lookup = statements.rows.find((s) =>
      s.statement.includes('from "bookings" where "bookings"."id" = $1'),
    );
    expect(lookup?.name).toMatch(/^ebo_\d+$/);
    expect(lookup?.statement).toMatch(/limit 1$/);
    // PostgreSQL plans the first five calls for their values, then keeps the generic plan.
    expect(Number(lookup?.custom_plans)).toBe(5);
    expect(Number(lookup?.generic_plans)).toBe(5);
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('prepared statements on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('tells a write, or a read that locks rows (its pages are written to the file system after it), from a read', () => {
    expect(isWrite('select 1')).toBe(false);
    expect(isWrite('  SELECT "id" from "users"')).toBe(false);
    expect(isWrite('explain analyze select 1')).toBe(false);
    expect(isWrite('select * from "events" where "id" = $1 for update')).toBe(true);
    expect(isWrite('select * from "events" for no key update')).toBe(true);
    expect(isWrite('insert into "users" values ($1)')).toBe(true);
    expect(isWrite('update "sessions" set "last_used_at" = $1 where "sessions"."id" = $2')).toBe(true);
    expect(isWrite('delete from "sessions"')).toBe(true);
    expect(isWrite('with moved as (update "bookings" set "x" = 1 returning *) select * from moved')).toBe(
      true,
    );
    expect(isWrite('vacuum analyze')).toBe(true);
  });

  it('prepares a read with parameters once, inlines its limit, and runs it again on its generic plan', async () => {
    for (let id = 1; id <= 10; id++)
      await database.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    const lookup = (await preparedOf(database.db)).filter((s) =>
      s.statement.includes('from "bookings" where "bookings"."id" = $1'),
    );
    expect(lookup).toHaveLength(1);
    expect(lookup[0]!.name).toMatch(/^ebo_\d+$/);
    expect(lookup[0]!.statement).toMatch(/limit 1$/);
    expect(Number(lookup[0]!.custom_plans)).toBe(5);
    expect(Number(lookup[0]!.generic_plans)).toBe(5);
  });

  it('prepares writes and the statements of a transaction too, and runs them again on their generic plans', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      for (let id = 1; id <= 10; id++) {
        await tx.update(bookings).set({ notes: 'prepared' }).where(eq(bookings.id, id));
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).for('update');
      }
    });
    const statements = await preparedOf(db);
    const update = statements.find((s) => s.statement.startsWith('update "bookings" set "notes" = $1'));
    const locking = statements.find((s) => s.statement.includes('for update'));
    for (const prepared of [update, locking]) {
      expect(prepared?.name).toMatch(/^ebo_\d+$/);
      expect(Number(prepared?.custom_plans)).toBe(5);
      expect(Number(prepared?.generic_plans)).toBe(5);
    }
  });

  it('answers as PGlite’s own query does: types, nulls, no rows, and errors', async () => {
    const { db } = database;
    const read = await sqlRows<Record<string, unknown>>(
      db,
      sql`select ${5}::int as n, ${'x'}::text as t, ${null}::text as nothing, ${'2027-03-14T18:45:00Z'}::timestamptz as at, ${true}::boolean as yes`,
    );
    expect(read).toEqual([{ n: 5, t: 'x', nothing: null, at: '2027-03-14 18:45:00+00', yes: true }]);
    expect(await db.select().from(bookings).where(eq(bookings.id, -1))).toEqual([]);
    expect(await db.execute(sql`select ${'abc'}::int`).then(() => null, pgErrorCode)).toBe('22P02');
    // the connection goes on after an error
    expect(await sqlRows(db, sql`select ${1}::int as one`)).toEqual([{ one: 1 }]);
  });

  it('prepares a statement again when a schema change made it stale', async () => {
    const { db } = database;
    await db.execute(sql`create table prepared_probe (a int)`);
    await db.execute(sql`insert into prepared_probe values (1)`);
    const probe = () =>
      db.execute(sql`select * from prepared_probe where a = ${1}`) as unknown as Promise<{ rows: unknown[] }>;
    expect((await probe()).rows).toEqual([{ a: 1 }]);
    await db.execute(sql`alter table prepared_probe add column b text default 'new'`);
    expect((await probe()).rows).toEqual([{ a: 1, b: 'new' }]);
    await db.execute(sql`drop table prepared_probe`);
  });

  it('never runs inside another caller’s transaction', async () => {
    const { db } = database;
    await db.execute(sql`create table prepared_seats (id int primary key, taken int)`);
    await db.execute(sql`insert into prepared_seats values (1, 10)`);
    const taken = () =>
      db.execute(sql`select taken from prepared_seats where id = ${1}`) as unknown as Promise<{
        rows: unknown[];
      }>;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let updated!: () => void;
    const inside = new Promise<void>((r) => (updated = r));
    const writing = db.transaction(async (tx) => {
      await tx.execute(sql`update prepared_seats set taken = ${11} where id = ${1}`);
      updated();
      await held;
      throw new Error('roll back');
    });
    await inside;
    // asked while the transaction is open: it waits, and sees only what was committed
    const read = taken();
    release();
    await expect(writing).rejects.toThrow('roll back');
    expect((await read).rows).toEqual([{ taken: 10 }]);
    await db.execute(sql`drop table prepared_seats`);
  });
});
