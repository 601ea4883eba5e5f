/**
 * Every list on an index (docs/decisions/0020-every-list-on-an-index.md): on 100,000 bookings (and
 * 20,000 events, 10,000 staff accounts and 10,000 providers), each sort the contract allows, in
 * both orders, each filter and the search of the big lists is answered by walking an index: the
 * plan of every query the list makes (its page, a deep page and its total) has no sequential scan
 * of the big table and no sort of all its rows. The queries are the ones the server really sends
 * (captured from the database client while the list endpoints answer), explained with their
 * parameters after `ANALYZE`, so the planner sees what it sees on a live database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResource } from '../../src/contract/areas/booking';
import { COUNT_CAP } from '../../src/contract/resource';
import { eventResource } from '../../src/contract/areas/event';
import { serviceProviderResource } from '../../src/contract/areas/serviceprovider';
import { userResource } from '../../src/contract/areas/user';
import { createTestServer, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

const BOOKINGS = 100_000;
const EVENTS = 20_000;
const STAFF = 10_000;
const PROVIDERS = 10_000;

let t: TestServer;
let admin: string;

interface Captured {
  text: string;
  params: unknown[];
}
let captured: Captured[] | null = null;

/** Runs SQL and returns its rows (PGlite and node-postgres answer alike). */
const rows = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
  const client = (
    t.db.db as unknown as { $client: { query: (q: string, p?: unknown[]) => Promise<unknown> } }
  ).$client;
  const res = (await client.query(text, params)) as { rows: T[] };
  return res.rows;
};

/** Records every statement the server sends while `run` runs (the client's `query`, as drizzle calls it). */
const capture = async (run: () => Promise<void>): Promise<Captured[]> => {
  captured = [];
  try {
    await run();
    return captured;
  } finally {
    captured = null;
  }
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  // Watch the client drizzle uses (PGlite: its change-tracking wrapper; PostgreSQL: the pool).
  const client = (t.db.db as unknown as { $client: Record<string, unknown> }).$client;
  const target = t.db.kind === 'pglite' ? (client as object) : client;
  const original = (target as { query: (...a: unknown[]) => Promise<unknown> }).query;
  const watched = function (this: unknown, ...args: unknown[]) {
    const [q, params] = args as [unknown, unknown];
    if (captured && typeof q === 'string') captured.push({ text: q, params: (params as unknown[]) ?? [] });
    else if (captured && q && typeof q === 'object' && 'text' in q)
      captured.push({
        text: (q as { text: string }).text,
        params: (params as unknown[] | undefined) ?? (q as { values?: unknown[] }).values ?? [],
      });
    return original.apply(this, args);
  };
  Object.defineProperty(target, 'query', { value: watched, configurable: true, writable: true });

  const started = Date.now();
  // A bulk load, as bench/seed.ts makes it: neither on the audit trail nor news for the live change
  // log (docs/decisions/0017-audit-trail.md, 0019-live-updates-and-many-processes.md), which would
  // write a row of each per row loaded.
  await t.db.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
    // The four tables are loaded without their indexes and those are built again after the load
    // from their own definitions, as a restore does: built at once from the rows rather than row by
    // row (the trigram indexes above all), the load takes 9 s on PGlite instead of 21 s. Indexes
    // behind a constraint (keys, unique constraints) stay.
    const { rows: built } = (await tx.execute(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('users', 'service_providers', 'events', 'bookings')
        and not exists (select 1 from pg_constraint c
                        where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`)) as unknown as {
      rows: { name: string; def: string }[];
    };
    for (const { name } of built) await tx.execute(sql.raw(`drop index "${name}"`));
    // Staff accounts and providers (accounts with a business profile) of the demo's categories and cities.
    await tx.execute(sql`
      insert into users (email, password_hash, name, phone, role, status, created_at, updated_at)
      select 'staff' || i || '@bench.example.com', 'x', jsonb_build_object('en', 'Staff ' || i, 'ar', 'موظف ' || i),
             '+9665' || lpad(i::text, 8, '0'), (array['admin','manager'])[1 + i % 2], (i % 4)::text,
             now() - (i % 9000) * interval '1 hour', now() - (i % 7000) * interval '1 hour'
      from generate_series(1, ${STAFF}) as i`);
    await tx.execute(sql`
      with c as (select id, row_number() over (order by id) - 1 as rn from categories),
           ci as (select id, row_number() over (order by id) - 1 as rn from cities),
           nc as (select count(*) as n from c), nci as (select count(*) as n from ci),
           u as (
             insert into users (email, password_hash, name, phone, role, status, created_at, updated_at)
             select 'provider' || i || '@bench.example.com', 'x',
                    jsonb_build_object('en', 'Owner ' || i, 'ar', 'مالك ' || i), '+9665' || lpad(i::text, 8, '0'),
                    'serviceprovider', (i % 4)::text, now() - (i % 9000) * interval '1 hour', now() - (i % 7000) * interval '1 hour'
             from generate_series(1, ${PROVIDERS}) as i
             returning id, created_at, updated_at)
      insert into service_providers (user_id, business_name, description, category_id, city_id, created_at, updated_at)
      select u.id, jsonb_build_object('en', 'Business ' || u.id, 'ar', 'نشاط ' || u.id), jsonb_build_object('en', '', 'ar', ''),
             c.id, ci.id, u.created_at, u.updated_at
      from u, nc, nci join c on true join ci on true
      where c.rn = u.id % nc.n and ci.rn = u.id % nci.n`);
    // Events over the approved providers, categories and locations; bookings over the events (as bench/seed.ts).
    await tx.execute(sql`
      with p as (select user_id, row_number() over (order by user_id) - 1 as rn from service_providers sp
                 join users u on u.id = sp.user_id where u.status = '1'),
           c as (select id, row_number() over (order by id) - 1 as rn from categories),
           l as (select id, city_id, row_number() over (order by id) - 1 as rn from locations),
           np as (select count(*) as n from p), nc as (select count(*) as n from c), nl as (select count(*) as n from l)
      insert into events (title, description, category_id, provider_id, city_id, location_id, starts_at, ends_at,
                          price, capacity, status, featured, created_at, updated_at)
      select jsonb_build_object('en', 'Event ' || i, 'ar', 'فعالية ' || i), jsonb_build_object('en', '', 'ar', ''),
             c.id, p.user_id, l.city_id, l.id, now() + ((i % 400) - 200) * interval '1 day',
             now() + ((i % 400) - 200) * interval '1 day' + interval '3 hours', (5 + i % 60) * 1000, 100 + i % 900,
             (array['draft','pending','approved','approved','approved','rejected','cancelled','completed'])[1 + i % 8],
             i % 50 = 0, now() - (i % 5000) * interval '1 hour', now() - (i % 3000) * interval '1 hour'
      from generate_series(1, ${EVENTS}) as i, np, nc, nl
      join p on true join c on true join l on true
      where p.rn = i % np.n and c.rn = i % nc.n and l.rn = i % nl.n`);
    await tx.execute(sql`
      with e as (select id, provider_id, price, row_number() over (order by id) - 1 as rn from events),
           ne as (select count(*) as n from e),
           s as (select i,
                        (array['pending','confirmed','confirmed','confirmed','cancelled','checked_in','completed'])[1 + (i * 7 + i / 7) % 7] as status,
                        now() - ((i::bigint * 7919) % 525600) * interval '1 minute' as at
                 from generate_series(1, ${BOOKINGS}) as i)
      insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone, tickets,
                            unit_price, total, payment_status, paid_at, status, created_at, updated_at)
      select 'BT-' || lpad(s.i::text, 7, '0'), e.id, e.provider_id,
             (array['Sara','Omar','Lina','Khalid','Noura','Faisal','Huda','Yousef'])[1 + s.i % 8] || ' ' ||
             (array['Al-Harbi','Haddad','Nasser','Al-Qahtani','Saleh','Mansour','Khoury'])[1 + s.i % 7] || ' ' || s.i,
             'customer' || s.i || '@example.com', '+9665' || lpad(s.i::text, 8, '0'),
             1 + s.i % 4, e.price, e.price * (1 + s.i % 4),
             case when s.status in ('confirmed','checked_in','completed') then 'paid'
                  when s.status = 'cancelled' and s.i % 2 = 0 then 'refunded' else 'pending' end,
             case when s.status in ('confirmed','checked_in','completed') then s.at + interval '5 minutes' end,
             s.status, s.at, s.at + (s.i % 100) * interval '1 minute'
      from s, ne join e on true where e.rn = s.i % ne.n`);
    // Checks deferred to the commit run first: a table with pending trigger events takes no index.
    await tx.execute(sql`set constraints all immediate`);
    for (const { def } of built) await tx.execute(sql.raw(def));
  });
  // As a maintained database is (PGlite has no autovacuum): statistics and the visibility map.
  await t.db.db.execute(sql`vacuum analyze`);
  console.info(`list-indexes: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.db.kind})`);
}, 600_000);
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * What is wrong with a plan for table `big` (of `size` rows): a sequential scan of it (a count of
 * the whole unfiltered list may read it all: `wholeCount`), or a sort of many rows (more than 10 % of
 * the table: no index gave the order; a filter's few rows found by its index may be sorted, and an
 * incremental sort over an index's order is fine).
 */
const problems = (plan: PlanNode, big: string, size: number, wholeCount: boolean): string[] => {
  const out: string[] = [];
  // A list's count stops at COUNT_CAP + 1 rows (docs/decisions/0027-capped-count-and-one-query-per-page.md):
  // a scan under that limit reads until it has found them, which the planner chooses when it
  // expects the matches to be many (a frequent search term), so it is not a read of the table.
  const capped = new Set(
    nodes(plan)
      .filter((n) => n['Node Type'] === 'Limit' && n['Plan Rows'] <= COUNT_CAP + 1)
      .flatMap((n) => n.Plans ?? []),
  );
  for (const n of nodes(plan)) {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === big && !wholeCount && !capped.has(n))
      out.push(`Seq Scan on ${big}`);
    if (n['Node Type'] === 'Sort' && n['Plan Rows'] > size / 10) out.push(`Sort of ~${n['Plan Rows']} rows`);
  }
  return out;
};

/** A parameter as an SQL literal (PostgreSQL takes no parameters in EXPLAIN; the planner sees the values). */
const literal = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'bigint'
    ? String(v)
    : typeof v === 'boolean'
      ? String(v)
      : `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;

const explain = async (q: Captured): Promise<PlanNode> => {
  const text = q.text.replace(/\$(\d+)\b/g, (_, n: string) => literal(q.params[Number(n) - 1]));
  const [row] = await rows<Record<string, unknown>>(`explain (format json) ${text}`);
  const value = Object.values(row!)[0];
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return json[0]!.Plan;
};

const describePlan = (n: PlanNode, depth = 0): string =>
  [
    `${'  '.repeat(depth)}${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''} (${n['Plan Rows']} rows)`,
    ...(n.Plans ?? []).map((p) => describePlan(p, depth + 1)),
  ].join('\n');

/**
 * Columns of `keyed` that a scan of `big` tests row by row (a Filter) instead of finding by its
 * index: a sort's index walked past every other provider's rows.
 */
const unkeyed = (plan: PlanNode, big: string, keyed: string[]): string[] =>
  nodes(plan)
    .filter((n) => n['Relation Name'] === big && n.Filter)
    .flatMap((n) => keyed.filter((c) => n.Filter!.includes(c)).map((c) => `${c} filtered row by row`));

/**
 * Calls the list with `query` (page 1 and page `deep`) and checks the plan of every query it made;
 * the columns of `keyed` must be found by an index, not tested row by row.
 */
const check = async (
  path: string,
  query: string,
  big: string,
  size: number,
  deep: number,
  keyed: string[] = [],
) => {
  const bad: string[] = [];
  const filtered = /(^|&)(?!sort=|order=)[a-zA-Z]+=/.test(query);
  // A search is narrowed rather than paged deep: its first page (and total) only.
  for (const page of query.startsWith('q=') ? [1] : [1, deep]) {
    const url = `${path}?pageSize=50&page=${page}&${query}`;
    const queries = await capture(async () => {
      const res = await t.request('GET', url, { token: admin, lang: 'en' });
      expect(res.status, res.text).toBe(200);
    });
    const reads = queries.filter((q) => /^\s*select/i.test(q.text) && q.text.includes(`"${big}"`));
    expect(reads.length, url).toBeGreaterThan(0);
    for (const q of reads) {
      const plan = await explain(q);
      const found = [
        ...problems(plan, big, size, !filtered && /^\s*select count\(/i.test(q.text)),
        ...unkeyed(plan, big, keyed),
      ];
      if (found.length) bad.push(`${url}: ${found.join(', ')}\n${q.text}\n${describePlan(plan)}`);
    }
  }
  expect(bad, bad.join('\n\n')).toEqual([]);
};

const sortsOf = (sorts: readonly string[]) =>
  sorts.flatMap((s) => [`sort=${s}&order=asc`, `sort=${s}&order=desc`]);

describe('every list on an index', () => {
  it('bookings: every sort, filter and the search', { timeout: 120_000 }, async () => {
    const [first] = await rows<{ id: number; provider_id: number }>(
      'select id, provider_id from events where id = (select event_id from bookings order by id limit 1)',
    );
    const { id: eventId, provider_id: providerId } = first!;
    const cases = [
      ...sortsOf(bookingResource.sort),
      'status=confirmed',
      'status=cancelled&sort=total&order=desc',
      'paymentStatus=refunded',
      `eventId=${eventId}`,
      `providerId=${providerId}`,
      'from=2026-06-01&to=2026-06-30',
      'q=Khoury',
      'q=customer4242',
    ];
    for (const c of cases) await check('/api/booking', c, 'bookings', BOOKINGS, 100);
    // Within one provider (a provider's own list; staff filtering by it), every sort too.
    for (const c of sortsOf(bookingResource.sort))
      await check('/api/booking', `providerId=${providerId}&${c}`, 'bookings', BOOKINGS, 10, ['provider_id']);
  });

  it('events: every sort, every filter and the search', { timeout: 120_000 }, async () => {
    // Sorts by the category's, city's or provider's name walk that table's name index and the events
    // of each in turn (an incremental sort of the first one's events, not a sort of them all).
    const cases = [
      ...sortsOf(eventResource.sort),
      'status=approved',
      'categoryId=1',
      'cityId=1',
      'featured=true',
      `providerId=${(await rows<{ provider_id: number }>('select provider_id from events limit 1'))[0]!.provider_id}`,
      'from=2026-06-01&to=2026-06-30',
      'q=Event 4242',
    ];
    for (const c of cases) await check('/api/event', c, 'events', EVENTS, 10);
  });

  it("the events calendar: a window's events through the time-range index", async () => {
    // 20,000 events over 400 days around now: a six-week window holds about 2,100 of them.
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10);
    for (const query of [`from=${from}&to=${to}`, `from=${from}&to=${to}&status=approved&q=Event 4`]) {
      const queries = await capture(async () => {
        const res = await t.request('GET', `/api/event/calendar?${query}`, { token: admin, lang: 'en' });
        expect(res.status, res.text).toBe(200);
      });
      const reads = queries.filter((q) => /^\s*select/i.test(q.text) && q.text.includes('"events"'));
      expect(reads.length).toBeGreaterThan(0);
      for (const q of reads) {
        const plan = await explain(q);
        expect(problems(plan, 'events', EVENTS, false), describePlan(plan)).toEqual([]);
      }
    }
  });

  it('users: every sort, filter and the search', { timeout: 120_000 }, async () => {
    const cases = [...sortsOf(userResource.sort), 'role=manager', 'status=3', 'q=staff4242@'];
    for (const c of cases) await check('/api/users/get-all', c, 'users', STAFF + PROVIDERS, 20);
  });

  it('providers: every sort of its own columns and its filters', { timeout: 120_000 }, async () => {
    // A provider's status lives on its account (users): that filter joins the two tables by the
    // users' status index, as do the name, e-mail and status sorts. A provider's category and city
    // may be unset (a left join, their rows last), so no name index can give their order (ADR 0020).
    const joined = ['category', 'city'];
    const cases = [
      ...sortsOf(serviceProviderResource.sort.filter((s) => !joined.includes(s))),
      'categoryId=1',
      'cityId=1',
    ];
    for (const c of cases) await check('/api/serviceprovider', c, 'service_providers', PROVIDERS, 20);
  });
});
