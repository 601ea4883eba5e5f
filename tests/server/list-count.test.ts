/**
 * A list's total is counted up to COUNT_CAP (docs/decisions/0027-capped-count-and-one-query-per-page.md):
 * more matching rows answer `total: 1000, totalCapped: true` ("1,000+"), fewer an exact total; the
 * pages past the counted ones still answer (their total grows with them and the last one is exact);
 * the totals the bookings' counters keep stay exact; a page is one statement (rows and total); a bulk
 * action on "all matching" still acts on every row, counted exactly.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/contract/resource';
import { createTestServer, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

const ADDED = 1_500;

let t: TestServer;
let admin: string;
let eventId: number;
let smallEventId: number;
let smallCount: number;
/** The event's bookings: the demo's and the added ones. */
let many: number;

/** The statements the database client is sent while `run` runs. */
let captured: string[] | null = null;
const capture = async (run: () => Promise<void>) => {
  captured = [];
  try {
    await run();
    return captured;
  } finally {
    captured = null;
  }
};

const list = async (query: string) => {
  const res = await t.request('GET', `/api/booking?${query}`, { token: admin, lang: 'en' });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { items: { id: number }[]; total: number; totalCapped?: boolean };
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  const client = (t.db.db as unknown as { $client: Record<string, unknown> }).$client;
  const original = (client as { query: (...a: unknown[]) => Promise<unknown> }).query;
  const watched = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    if (captured && typeof q === 'string') captured.push(q);
    else if (captured && q && typeof q === 'object' && 'text' in q)
      captured.push((q as { text: string }).text);
    return original.apply(this, args);
  };
  Object.defineProperty(client, 'query', { value: watched, configurable: true, writable: true });

  // 1,500 bookings of one event (more than the cap), inserted as the database's own rows.
  const res = await t.db.db.execute(sql`select id, provider_id, price from events order by id limit 2`);
  const [event, other] = (res as unknown as { rows: { id: number; provider_id: number; price: number }[] })
    .rows;
  eventId = event!.id;
  smallEventId = other!.id;
  await t.db.db.execute(sql`
    insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone, tickets,
                          unit_price, total, payment_status, status, created_at, updated_at)
    select 'CAP-' || lpad(i::text, 6, '0'), ${event!.id}, ${event!.provider_id}, 'Capped Customer ' || i,
           'capped' || i || '@example.com', '+9665' || lpad(i::text, 8, '0'), 1, ${event!.price}, ${event!.price},
           'pending', 'pending', now() - i * interval '1 minute', now() - i * interval '1 minute'
    from generate_series(1, ${ADDED}) as i`);
  const countOf = async (id: number) =>
    Number(
      (
        (await t.db.db.execute(
          sql`select count(*) as n from bookings where event_id = ${id}`,
        )) as unknown as {
          rows: { n: number | string }[];
        }
      ).rows[0]!.n,
    );
  smallCount = await countOf(smallEventId);
  many = await countOf(eventId);
}, 120_000);
afterAll(() => t?.close());

describe('a capped count', () => {
  it('answers "1,000+" for more matching rows than the cap and an exact total for fewer', async () => {
    const many = await list(`eventId=${eventId}&pageSize=10`);
    expect(many.total).toBe(COUNT_CAP);
    expect(many.totalCapped).toBe(true);
    expect(many.items).toHaveLength(10);

    expect(smallCount).toBeLessThan(COUNT_CAP);
    const few = await list(`eventId=${smallEventId}&pageSize=10`);
    expect(few.total).toBe(smallCount);
    expect(few.totalCapped).toBeUndefined();

    // A search: past the cap, "1,000+"; one match, exactly one.
    const searched = await list('q=Capped%20Customer&pageSize=25');
    expect([searched.total, searched.totalCapped]).toEqual([COUNT_CAP, true]);
    const one = await list('q=capped1499@&pageSize=25');
    expect([one.total, one.totalCapped, one.items.length]).toEqual([1, undefined, 1]);
  });

  it('the counters keep exact totals beyond the cap (no filter, or a status filter)', async () => {
    const [row] = (
      (await t.db.db.execute(sql`select count(*) as n from bookings`)) as unknown as {
        rows: { n: number | string }[];
      }
    ).rows;
    const all = await list('pageSize=10');
    expect(all.total).toBe(Number(row!.n));
    expect(all.total).toBeGreaterThan(COUNT_CAP);
    expect(all.totalCapped).toBeUndefined();
  });

  it('pages past the counted ones answer; their total grows with them and the last page is exact', async () => {
    const ids = new Set<number>();
    const pages = Math.ceil(many / 100);
    expect(pages).toBeGreaterThan(COUNT_CAP / 100 + 1);
    // Pages of 100: the 10th ends at the cap; the next ones are past it, up to the last.
    for (let page = 1; page <= pages; page++) {
      const answer = await list(`eventId=${eventId}&pageSize=100&page=${page}&sort=code&order=asc`);
      expect(answer.items, `page ${page}`).toHaveLength(page < pages ? 100 : many - (pages - 1) * 100);
      for (const b of answer.items) ids.add(b.id);
      if (page < pages) {
        expect(answer.totalCapped, `page ${page}`).toBe(true);
        expect(answer.total, `page ${page}`).toBe(Math.max(COUNT_CAP, page * 100));
      } else {
        expect(answer.totalCapped, 'the last page').toBeUndefined();
        expect(answer.total, 'the last page').toBe(many);
      }
    }
    expect(ids.size).toBe(many); // no gap, no repeat
    // Past the end: no rows, and a total the list can go back to (the counted pages).
    const past = await list(`eventId=${eventId}&pageSize=100&page=40`);
    expect([past.items.length, past.total, past.totalCapped]).toEqual([0, COUNT_CAP, true]);
    const pastFew = await list(`eventId=${smallEventId}&pageSize=100&page=40`);
    expect([pastFew.items.length, pastFew.total, pastFew.totalCapped]).toEqual([0, smallCount, undefined]);
  });

  it('a page is one statement: its rows and its total together', async () => {
    // Queries not asked before in this file.
    const queries = [
      `eventId=${eventId}&pageSize=25&sort=tickets`,
      'q=Capped&pageSize=25&sort=tickets',
      'pageSize=25&sort=tickets',
      `eventId=${eventId}&pageSize=25&sort=tickets&page=50`,
    ];
    for (const query of queries) {
      const statements = await capture(async () => {
        await list(query);
      });
      const reads = statements.filter((s) => /^\s*select/i.test(s) && s.includes('"bookings"'));
      expect(reads, `${query}:\n${reads.join('\n\n')}`).toHaveLength(1);
    }
    const events = await capture(async () => {
      const res = await t.request('GET', '/api/event?pageSize=25&sort=title&order=desc', { token: admin });
      expect(res.status, res.text).toBe(200);
    });
    expect(events.filter((s) => /^\s*select/i.test(s) && s.includes('"events"'))).toHaveLength(1);
  });

  it('a bulk action on all matching acts on every row, counted exactly, not on the capped total', async () => {
    const res = await t.request('POST', '/api/booking/bulk', {
      token: admin,
      body: { filter: { eventId }, action: 'status', params: { status: 'pending' } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.total).toBe(many);
  });
});
