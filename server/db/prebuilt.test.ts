/**
 * Statements built once (server/db/prebuilt.ts): a shape's text is built at its first call and
 * reused with each call's values (dates, JSON and nulls encoded as their columns encode them); with
 * the check on, a call whose own text or values differ from the kept ones fails instead of running
 * another statement.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { Params, prebuilt, runPrebuilt } from './prebuilt';

const things = pgTable('prebuilt_things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }),
  data: jsonb('data'),
  n: integer('n').notNull().default(0),
});

/** An insert of `row` with its `n`, its values by placeholders. */
const insertThenCount = (
  database: Database,
  row: { name: string; at: Date | null; data: unknown },
  n: number,
) => {
  const params = new Params();
  const statement = database.db.insert(things).values(params.row(things, { ...row, n }));
  return { statement, params };
};

/** An update of the `n` of the thing named `name`, its values by placeholders. */
const countOf = (database: Database, name: string, n: number) => {
  const params = new Params();
  const statement = database.db
    .update(things)
    .set({ n: params.as(n, things.n) })
    .where(eq(things.name, params.as(name, things.name)));
  return { statement, params };
};

describe('statements built once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.db.execute(
      sql`create table prebuilt_things (id serial primary key, name text not null, at timestamptz, data jsonb, n integer not null default 0)`,
    );
  }, 60_000);
  afterAll(() => database?.close());

  it("keeps a shape's text and runs it with each call's values, dates, JSON and nulls encoded", async () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const first = insertThenCount(database, { name: 'a', at, data: { x: [1, 'b'] } }, 3);
    const one = prebuilt('test:insert-then-count', first.statement, first.params, false);
    await runPrebuilt(database.db, one);
    const second = insertThenCount(database, { name: 'b', at: null, data: null }, 5);
    const two = prebuilt('test:insert-then-count', second.statement, second.params, false);
    expect(two.query).toBe(one.query);
    await runPrebuilt(database.db, two);
    const count = countOf(database, 'a', 4);
    await runPrebuilt(database.db, prebuilt('test:count', count.statement, count.params, true));
    const rows = await database.db.select().from(things).orderBy(things.id);
    expect(rows.map(({ name, at, data, n }) => ({ name, at, data, n }))).toEqual([
      { name: 'a', at, data: { x: [1, 'b'] }, n: 4 },
      { name: 'b', at: null, data: null, n: 5 },
    ]);
  });

  it('with the check, fails a call whose text is not the kept one (a shape that misses a change)', async () => {
    const kept = insertThenCount(database, { name: 'c', at: null, data: null }, 1);
    prebuilt('test:shape', kept.statement, kept.params, true);
    const params = new Params();
    const other = database.db.update(things).set({ n: params.as(2, things.n) });
    expect(() => prebuilt('test:shape', other, params, true)).toThrow(/test:shape/);
    // Without the check the kept text is taken as it is: the check is what guards a shape.
    expect(prebuilt('test:shape', other, params, false).query.sql).toContain('insert');
  });

  it('with the check, fails a call with a value given without a placeholder (kept from the first call)', async () => {
    const named = (name: string) => {
      const params = new Params();
      return { params, statement: database.db.update(things).set({ name, n: params.as(1, things.n) }) };
    };
    const first = named('first');
    prebuilt('test:baked', first.statement, first.params, true);
    const second = named('second');
    expect(() => prebuilt('test:baked', second.statement, second.params, true)).toThrow(/test:baked/);
  });
});
