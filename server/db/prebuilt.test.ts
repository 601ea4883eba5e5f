/**
 * Statements built once (server/db/prebuilt.ts): a shape's statement is built at its first call and
 * reused with each call's values, read from its input (dates, JSON and nulls encoded as their
 * columns encode them); with the check on, a call whose own text or values differ from the kept
 * ones fails instead of running another statement.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { prebuilt, runPrebuilt, valueOf, type Slots } from './prebuilt';

const things = pgTable('prebuilt_things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }),
  data: jsonb('data'),
  n: integer('n').notNull().default(0),
});

interface Thing {
  row: { name: string; at: Date | null; data: unknown };
  n: number;
}

describe('statements built once', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
    await database.db.execute(
      sql`create table prebuilt_things (id serial primary key, name text not null, at timestamptz, data jsonb, n integer not null default 0)`,
    );
  }, 60_000);
  afterAll(() => database?.close());

  /** An insert of a thing's row with its `n` (counting its builds), its values read from the thing. */
  let builds = 0;
  const insertThing = (slots: Slots<Thing>) => {
    builds++;
    return database.db.insert(things).values(slots.row(things, ({ row, n }) => ({ ...row, n })));
  };
  /** An update of the `n` of the thing named `name`. */
  const countThing = (slots: Slots<{ name: string; n: number }>) =>
    database.db
      .update(things)
      .set({ n: slots.as((c) => c.n, things.n) })
      .where(
        eq(
          things.name,
          slots.as((c) => c.name, things.name),
        ),
      );

  it("builds a shape's statement once and runs it with each call's values, dates, JSON and nulls encoded", async () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const one = prebuilt(
      'test:insert',
      { row: { name: 'a', at, data: { x: [1, 'b'] } }, n: 3 },
      insertThing,
      false,
    );
    await runPrebuilt(database.db, one);
    const two = prebuilt(
      'test:insert',
      { row: { name: 'b', at: null, data: null }, n: 5 },
      insertThing,
      false,
    );
    expect(two.query).toBe(one.query);
    expect(builds).toBe(1);
    await runPrebuilt(database.db, two);
    await runPrebuilt(database.db, prebuilt('test:count', { name: 'a', n: 4 }, countThing, true));
    const rows = await database.db.select().from(things).orderBy(things.id);
    expect(rows.map(({ name, at, data, n }) => ({ name, at, data, n }))).toEqual([
      { name: 'a', at, data: { x: [1, 'b'] }, n: 4 },
      { name: 'b', at: null, data: null, n: 5 },
    ]);
  });

  it('reads the values of a part of the input by its own slots, and a value now without slots', async () => {
    const named = (from: { name: string } | Slots<{ name: string }>) =>
      database.db
        .update(things)
        .set({ n: 7 })
        .where(
          eq(
            things.name,
            valueOf(from, (t) => t.name, things.name),
          ),
        );
    const statement = (slots: Slots<{ thing: { name: string } }>) =>
      named(slots.focus((input) => input.thing));
    await runPrebuilt(database.db, prebuilt('test:part', { thing: { name: 'a' } }, statement, true));
    await named({ name: 'b' });
    const rows = await database.db.select({ n: things.n }).from(things).orderBy(things.id);
    expect(rows).toEqual([{ n: 7 }, { n: 7 }]);
  });

  it('with the check, fails a call whose text is not the kept one (a shape that misses a change)', () => {
    const thing = { row: { name: 'c', at: null, data: null }, n: 1 };
    prebuilt('test:shape', thing, insertThing, true);
    const other = (slots: Slots<Thing>) =>
      database.db.update(things).set({ n: slots.as((t) => t.n, things.n) });
    expect(() => prebuilt('test:shape', thing, other, true)).toThrow(/test:shape/);
    // Without the check the kept statement is taken as it is: the check is what guards a shape.
    expect(prebuilt('test:shape', thing, other, false).query.sql).toContain('insert');
  });

  it('with the check, fails a call with a value given without a placeholder (kept from the first call)', () => {
    const baked = (slots: Slots<{ name: string }>) =>
      database.db.update(things).set({ name: slots.first.name, n: 1 });
    prebuilt('test:baked', { name: 'first' }, baked, true);
    expect(() => prebuilt('test:baked', { name: 'second' }, baked, true)).toThrow(/test:baked/);
  });

  it("with the check, fails a call whose value is not read from its input (the first call's, kept)", () => {
    const closed = (name: string) => (slots: Slots<{ n: number }>) =>
      database.db.update(things).set({ name: slots.of(() => name), n: slots.as((t) => t.n, things.n) });
    prebuilt('test:closed', { n: 1 }, closed('first'), true);
    expect(() => prebuilt('test:closed', { n: 2 }, closed('second'), true)).toThrow(/test:closed/);
  });
});
