/**
 * Bench data: `node --import tsx bench/seed.ts --events E --bookings N` on the configured database
 * (DATA_DIR or DATABASE_URL, like the server). Migrates, seeds the demo accounts and records, then
 * tops the events up to E and the bookings up to N with set-based SQL (generate_series, batches of
 * 50,000), so a million rows take minutes, not hours. Events are approved, spread over providers,
 * categories and locations; bookings over events, statuses, payment states and the last 365 days.
 * Idempotent: counts what is there and adds only the difference. Bench only, never the app.
 */
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../server/core/config';
import { seedDemoData } from '../server/seed/demo-data';
import { openConfiguredDatabase } from '../server/db/open';
import { seedDemo } from '../server/seed/seed';
import { createDbStorage } from '../server/files/storage';
import { areaTables } from '../server/areas';
import { installRowTriggers } from '../server/db/row-triggers';
import type { Db } from '../server/db/client';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '1000' }, bookings: { type: 'string', default: '100000' } },
});
const wantEvents = Number(values.events);
const wantBookings = Number(values.bookings);
const BATCH = 50_000;

/** Reading queries on `db`: a query's rows, a table's row count. */
const readerOf = (db: Db) => {
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const res = (await db.execute(query)) as unknown as { rows: T[] } | T[];
    return Array.isArray(res) ? res : res.rows;
  };
  const count = async (table: string) =>
    Number((await rows<{ n: string | number }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
  return { rows, count };
};
type Reader = ReturnType<typeof readerOf>;

/** A bulk load is neither on the audit trail nor news for the live change log (ADR 0017, 0019). */
const bulkOf = (db: Db) => (query: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ebo.audit', 'off', true), set_config('ebo.live', 'off', true)`);
    await tx.execute(query);
  });
type Bulk = ReturnType<typeof bulkOf>;

/** Tops the events up to `wantEvents`; whether it added any. */
const topUpEvents = async ({ count }: Reader, bulk: Bulk) => {
  const haveEvents = await count('events');
  if (haveEvents >= wantEvents) return false;
  const add = wantEvents - haveEvents;
  // Approved providers own the events; categories and locations (with their city) rotate.
  await bulk(sql`
        with p as (select user_id, row_number() over (order by user_id) - 1 as rn from service_providers sp
                   join users u on u.id = sp.user_id where u.status = '1'),
             c as (select id, row_number() over (order by id) - 1 as rn from categories),
             l as (select id, city_id, row_number() over (order by id) - 1 as rn from locations),
             np as (select count(*) as n from p), nc as (select count(*) as n from c), nl as (select count(*) as n from l)
        insert into events (title, description, category_id, provider_id, city_id, location_id, starts_at, ends_at,
                            price, capacity, status, created_at, updated_at)
        select jsonb_build_object('en', 'Bench event ' || i, 'ar', 'فعالية القياس ' || i),
               jsonb_build_object('en', 'An event of the bench data.', 'ar', 'فعالية من بيانات القياس.'),
               c.id, p.user_id, l.city_id, l.id,
               now() + ((i % 400) - 200) * interval '1 day',
               now() + ((i % 400) - 200) * interval '1 day' + interval '3 hours',
               (5 + i % 60) * 1000, 100000, 'approved', now() - interval '400 days', now() - interval '400 days'
        from generate_series(1, ${add}) as i, np, nc, nl
        join p on true join c on true join l on true
        where p.rn = i % np.n and c.rn = i % nc.n and l.rn = i % nl.n`);
  console.info(`Added ${add} events.`);
  return true;
};

/** Adds the bookings numbered `from` to `to` over the `events` events. */
const addBookings = (bulk: Bulk, from: number, to: number, events: number) =>
  // Codes: BK- and the number in the 31 letters and digits of BOOKING_CODE (from an offset); the rare
  // one equal to a demo booking's random code is skipped and made up by the next batch.
  bulk(sql`
        with e as (select id, provider_id, price, row_number() over (order by id) - 1 as rn from events),
             s as (select i,
                          (array['pending','confirmed','confirmed','confirmed','cancelled','checked_in','completed'])[1 + (i * 7 + i / 7) % 7] as status,
                          now() - ((i::bigint * 7919) % 525600) * interval '1 minute' as at
                   from generate_series(${from}::int, ${to}::int) as i)
        insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone, tickets,
                              unit_price, total, payment_status, paid_at, status, created_at, updated_at)
        select 'BK-' || (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + ((s.i::bigint + 400000000) / (31::bigint ^ k)::bigint % 31)::int, 1), '' order by k desc)
                         from generate_series(0, 5) as k),
               e.id, e.provider_id,
               (array['Sara','Omar','Lina','Khalid','Noura','Faisal','Huda','Yousef'])[1 + s.i % 8] || ' ' ||
               (array['Al-Harbi','Haddad','Nasser','Al-Qahtani','Saleh','Mansour','Khoury'])[1 + s.i % 7],
               'customer' || s.i || '@example.com',
               '+9665' || lpad((s.i % 100000000)::text, 8, '0'),
               1 + s.i % 4, e.price, e.price * (1 + s.i % 4),
               case when s.status in ('confirmed','checked_in','completed') then 'paid'
                    when s.status = 'cancelled' and s.i % 2 = 0 then 'refunded' else 'pending' end,
               case when s.status in ('confirmed','checked_in','completed') then s.at + interval '5 minutes' end,
               s.status, s.at, s.at
        from s join e on e.rn = s.i % ${events}
        on conflict (code) do nothing`);

/** Tops the bookings up to `wantBookings`, a batch at a time; whether it added any. */
const topUpBookings = async ({ rows, count }: Reader, bulk: Bulk) => {
  let added = false;
  let have = await count('bookings');
  const events = await count('events');
  while (have < wantBookings) {
    // Numbers above every id so far: a batch never repeats an earlier one's codes.
    const maxId = Number(
      (await rows<{ n: string | number | null }>(sql`select coalesce(max(id), 0) as n from bookings`))[0]!.n,
    );
    const from = maxId + 1;
    const to = from + Math.min(BATCH, wantBookings - have) - 1;
    await addBookings(bulk, from, to, events);
    have = await count('bookings');
    added = true;
    process.stdout.write(`\rBookings: ${have.toLocaleString('en')} / ${wantBookings.toLocaleString('en')}`);
  }
  return added;
};

const main = async () => {
  const { config, settings } = loadConfig(process.env);
  const database = await openConfiguredDatabase(settings);
  const { db } = database;
  const reader = readerOf(db);
  try {
    await database.migrate();
    await installRowTriggers(db, areaTables());
    await seedDemo(db, config.now());
    await seedDemoData(
      db,
      createDbStorage(db, { quotaBytes: config.uploadQuotaBytes, now: config.now }),
      config.now(),
    );
    const bulk = bulkOf(db);
    const started = Date.now();
    const addedEvents = await topUpEvents(reader, bulk);
    const addedBookings = await topUpBookings(reader, bulk);
    if (addedEvents || addedBookings) {
      // As a maintained database would be (PGlite has no autovacuum): statistics and the visibility map
      // that index-only scans (the list counts) need.
      await db.execute(sql`vacuum analyze`);
      console.info(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    console.info(`Events: ${await reader.count('events')}, bookings: ${await reader.count('bookings')}.`);
  } finally {
    await database.close();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
