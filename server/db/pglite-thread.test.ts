/**
 * The embedded database on its own thread (docs/decisions/0033-the-embedded-database-on-its-own-thread.md)
 * answers as on the calling thread: the same rows, types and errors; a transaction commits or rolls
 * back, and no other caller's statement runs inside it; a notification arrives before the answer of
 * the statement that sent it; a closed database, or a statement the thread fails to start, is
 * answered with its error instead of leaving its caller waiting; statements asked
 * together in a transaction (`lastTrip`, `Promise.all`) go in one round trip and run in order, and a
 * transaction's last trip goes with its commit.
 */
import { sql } from 'drizzle-orm';
import { setTimeout as wait } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastTrip, openPglite, sqlRows, type Database } from './client';
import { PgliteThread, type WireOptions } from './pglite-thread';

/** The database's own error under drizzle's "Failed query". */
const causeOf = (error: unknown) => (error as { cause?: unknown }).cause;

const rowsOf = (database: Database, query: ReturnType<typeof sql>) => sqlRows(database.db, query);

/** Every message posted to a worker from now on, still posted (`post.mockRestore()` stops it). */
const postsToWorkers = () => {
  const sent: { op: string; statements?: unknown[]; commit?: true }[] = [];
  const postMessage = Worker.prototype.postMessage;
  const post = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
    this: Worker,
    message: unknown,
  ) {
    sent.push(message as (typeof sent)[number]);
    postMessage.call(this, message);
  });
  return { sent, post };
};

describe('PGlite on its own thread', () => {
  let thread: Database;
  let here: Database;

  beforeAll(async () => {
    [thread, here] = await Promise.all([openPglite(undefined, { thread: true }), openPglite()]);
    for (const database of [thread, here]) {
      await database.db.execute(
        sql`create table t (id serial primary key, name text unique not null, at timestamptz not null default '2026-01-02 03:04:05+00', data jsonb, raw bytea, n numeric(10, 2))`,
      );
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all([thread?.close(), here?.close()]);
  });

  it('answers rows, dates as text, JSON, bytes and numbers as PGlite on this thread does', async () => {
    const insert = sql`insert into t (name, data, raw, n) values (${'a'}, ${JSON.stringify({ x: [1, 'b'] })}::jsonb, ${new Uint8Array([1, 2, 255])}, ${'12.50'}) returning *`;
    const read = sql`select t.*, count(*) over () as total, now() > t.at as later from t where name = ${'a'}`;
    const [onThread, onHere] = [await rowsOf(thread, insert), await rowsOf(here, insert)];
    expect(onThread).toEqual(onHere);
    expect(await rowsOf(thread, read)).toEqual(await rowsOf(here, read));
    const [row] = (await rowsOf(thread, read)) as Record<string, unknown>[];
    expect(row).toMatchObject({
      name: 'a',
      data: { x: [1, 'b'] },
      raw: new Uint8Array([1, 2, 255]),
      later: true,
    });
    expect(typeof row!.at).toBe('string');
  });

  it('throws the database error with its code and constraint, and goes on answering', async () => {
    const duplicate = sql`insert into t (name) values ('a')`;
    const error = causeOf(await thread.db.execute(duplicate).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_name_key', table: 't' });
    // Every field of the error on this thread with a plain value, the message too, crosses over.
    const same = causeOf(await here.db.execute(duplicate).catch((e: unknown) => e)) as Error;
    const plain = Object.entries(same).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v));
    expect(plain.length).toBeGreaterThan(5);
    expect(error).toMatchObject({ ...Object.fromEntries(plain), message: same.message });
    expect(await rowsOf(thread, sql`select count(*)::int as n from t`)).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, rolls back one that throws, and one whose statement failed', async () => {
    await thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('kept')`);
    });
    await expect(
      thread.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (name) values ('dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failed = await thread.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (name) values ('dropped too')`);
        await tx.execute(sql`insert into t (name) values ('kept')`);
      })
      .catch((e: unknown) => e);
    expect(causeOf(failed)).toMatchObject({ code: '23505' });
    // A savepoint (a transaction inside one) rolls back alone.
    await thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (name) values ('inner')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const names = (await rowsOf(thread, sql`select name from t order by id`)) as { name: string }[];
    expect(names.map((r) => r.name)).toEqual(['a', 'kept', 'outer']);
  });

  it('runs statements sent in one round trip in order, on the thread and here alike; a failure fails them all', async () => {
    for (const database of [thread, here]) {
      const mark = database === thread ? 'thread' : 'here';
      await database.db.transaction((tx) =>
        lastTrip(tx, [
          sql`insert into t (name, data) values (${`${mark}-1`}, ${JSON.stringify({ n: 1 })}::jsonb)`,
          sql`update t set data = jsonb_set(data, '{n}', '2') where name = ${`${mark}-1`}`,
        ]),
      );
      const failed = await database.db
        .transaction((tx) =>
          lastTrip(tx, [
            sql`insert into t (name) values (${`${mark}-2`})`,
            sql`insert into t (name) values (${`${mark}-1`})`,
          ]),
        )
        .catch((e: unknown) => e);
      expect(causeOf(failed) ?? failed).toMatchObject({ code: '23505' });
      const rows = (await rowsOf(
        database,
        sql`select name, data from t where name like ${`${mark}-%`} order by name`,
      )) as { name: string; data: unknown }[];
      expect(rows).toEqual([{ name: `${mark}-1`, data: { n: 2 } }]);
    }
  });

  it('sends the queries a transaction asks together in one message, after its begin, each answered with its own result or error', async () => {
    const own = await PgliteThread.open({ dataDir: undefined, cacheMb: 16 });
    const { sent, post } = postsToWorkers();
    try {
      const [a, b] = await own.transaction(async (tx) => {
        // The begin waits for the first statements: the database is not held while they are built.
        await wait(20);
        expect(sent).toEqual([]);
        return Promise.all([tx.query('select $1::int as a', [1]), tx.query('select $1::text as b', ['two'])]);
      });
      expect([a.rows, b.rows]).toEqual([[{ a: 1 }], [{ b: 'two' }]]);
      let settled: PromiseSettledResult<unknown>[] = [];
      const failed = await own
        .transaction(async (tx) => {
          settled = await Promise.allSettled([
            tx.query('select $1::int as ok', [1]),
            tx.query('select 1 / $1::int', [0]),
            tx.query('select $1::int as after', [3]),
          ]);
        })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error); // its commit rolled back
      expect(settled).toMatchObject([
        { status: 'fulfilled', value: { rows: [{ ok: 1 }] } },
        { status: 'rejected', reason: { code: '22012' } },
        // the transaction is aborted by the error before it, as when sent one at a time
        { status: 'rejected', reason: { code: '25P02' } },
      ]);
    } finally {
      post.mockRestore();
      await own.close();
    }
    // begin, one batch of two, commit; begin, one batch of three, commit
    expect(sent.map((m) => [m.op, m.statements?.length])).toEqual([
      ['begin', undefined],
      ['batch', 2],
      ['commit', undefined],
      ['begin', undefined],
      ['batch', 3],
      ['commit', undefined],
    ]);
  });

  it('commits with the last trip in the same message, only if each statement and the commit succeed', async () => {
    const own = await openPglite(undefined, { thread: true });
    await own.db.execute(
      sql`create table d (id int primary key, ref int references d (id) deferrable initially deferred)`,
    );
    const { sent, post } = postsToWorkers();
    const ids = () => sqlRows<{ id: number }>(own.db, sql`select id from d order by id`);
    try {
      await own.db.transaction((tx) => lastTrip(tx, [sql`insert into d values (1, null)`]));
      expect(sent.map((m) => [m.op, m.commit])).toEqual([
        ['begin', undefined],
        ['batch', true],
      ]);
      // A statement fails: nothing is committed, and the caller's rollback ends the transaction.
      const failed = await own.db
        .transaction((tx) =>
          lastTrip(tx, [sql`insert into d values (2, null)`, sql`insert into d values (1, null)`]),
        )
        .catch((e: unknown) => e);
      expect(causeOf(failed)).toMatchObject({ code: '23505' });
      expect(sent.slice(2).map((m) => m.op)).toEqual(['begin', 'batch', 'rollback']);
      // Every statement succeeds but the commit fails (a deferred check): the statements fail with it.
      const refused = await own.db
        .transaction((tx) => lastTrip(tx, [sql`insert into d values (3, 99)`]))
        .catch((e: unknown) => e);
      expect(causeOf(refused) ?? refused).toMatchObject({ code: '23503' });
      expect(await ids()).toEqual([{ id: 1 }]);
      // A statement after the last trip is refused, not left waiting: the transaction has ended.
      const late = await own.db.transaction(async (tx) => {
        await lastTrip(tx, [sql`insert into d values (4, 1)`]);
        return tx.execute(sql`select 1`).catch((e: unknown) => e);
      });
      expect(String(causeOf(late) ?? late)).toMatch(/transaction has ended/);
      expect(await ids()).toEqual([{ id: 1 }, { id: 4 }]);
    } finally {
      post.mockRestore();
      await own.close();
    }
  });

  it('answers a statement the thread fails to even start with its error, alone, in a transaction and in a last trip', async () => {
    const own = await PgliteThread.open({ dataDir: undefined, cacheMb: 16 });
    const unreadable = { asText: 5 } as unknown as WireOptions; // the worker throws reading it
    const postMessage = Worker.prototype.postMessage;
    const post = vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (
      this: Worker,
      message: {
        text?: string;
        options?: WireOptions;
        statements?: { text: string; options?: WireOptions }[];
      },
    ) {
      if (message.text === 'select 2') message.options = unreadable;
      for (const statement of message.statements ?? [])
        if (statement.text === 'select 2') statement.options = unreadable;
      postMessage.call(this, message);
    });
    const failure = (call: Promise<unknown>) =>
      Promise.race([call.then(() => 'answered', String), wait(5_000, 'left waiting')]);
    try {
      expect(await failure(own.query('select 2'))).toMatch(/TypeError/);
      const inTransaction = await failure(own.transaction((tx) => tx.query('select 2')));
      expect(inTransaction).toMatch(/TypeError/);
      const last = await failure(
        own.transaction((tx) => {
          tx.commitWithNextTrip();
          return Promise.all([tx.query('select 1'), tx.query('select 2')]);
        }),
      );
      expect(last).toMatch(/TypeError/);
      // And the thread goes on answering.
      expect((await own.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      post.mockRestore();
      await own.close();
    }
  });

  it("keeps other callers' statements out of an open transaction until it ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let counted: unknown[] | null = null;
    const open = thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('in transaction')`);
      // Another caller reads meanwhile: it waits for the commit, and then sees the row.
      void rowsOf(thread, sql`select count(*)::int as n from t where name = 'in transaction'`).then(
        (rows) => (counted = rows),
      );
      await held;
    });
    await wait(100);
    expect(counted).toBeNull();
    release();
    await open;
    await expect.poll(() => counted).toEqual([{ n: 1 }]);
  });

  it('hands a notification over before the answer of the statement that sent it', async () => {
    const seen: string[] = [];
    const stop = thread.listen('thread_test', () => seen.push('notified'));
    seen.length = 0; // listening calls once at the start (client.ts)
    await thread.db.execute(sql`select pg_notify('thread_test', 'x')`);
    seen.push('answered');
    expect(seen).toEqual(['notified', 'answered']);
    await stop();
    await thread.db.execute(sql`select pg_notify('thread_test', 'y')`);
    expect(seen).toEqual(['notified', 'answered']);
  });

  it('refuses calls once closed instead of leaving them waiting', async () => {
    const own = await PgliteThread.open({ dataDir: undefined, cacheMb: 16 });
    expect((await own.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await own.close();
    await expect(own.query('select 1')).rejects.toThrow(/closed/);
  });
});
