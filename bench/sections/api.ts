/**
 * Figures 5 and 6: the API under autocannon (10 connections, 127.0.0.1) on large datasets: the
 * bookings list with a status filter and date sort (50 per page, page 1 and page 200), one
 * booking's details and the admin dashboard stats, on PGlite (the default) and PostgreSQL; and how
 * the list's latency grows with the number of bookings. Every answer is read from the database
 * (there is no read cache since docs/decisions/0054-the-read-cache-goes.md), so each figure is one
 * request repeated. autocannon runs in this process, on the same 2 cores as the server: the
 * figures include that competition.
 */
import autocannon from 'autocannon';
import { join } from 'node:path';
import { CACHE_DIR } from '../lib/build';
import { seededPglite, seededPostgres, migrationsHash } from '../lib/data';
import { psql, startPostgres } from '../lib/postgres';
import { startServer, type BenchServer, signInAs } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { row, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { existsSync, readFileSync } from 'node:fs';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 10);
const LIST = '/api/booking?status=confirmed&sort=createdAt&order=desc&pageSize=50';

interface Shot {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const shoot = async (
  port: number,
  path: string,
  token: string,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Shot> => {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};

const getJson = async (port: number, path: string, token: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ data: unknown }>;
};

interface Endpoint {
  key: string;
  label: string;
  path: string;
}

const endpoints = async (port: number, token: string): Promise<Endpoint[]> => {
  const page = (await getJson(port, `${LIST}&page=1`, token)) as { data: { items: { id: number }[] } };
  const id = page.data.items[25]?.id;
  if (!id) throw new Error('The bookings list is (almost) empty: is the dataset seeded?');
  return [
    { key: 'list1', label: 'list page 1', path: `${LIST}&page=1` },
    { key: 'list200', label: 'list page 200', path: `${LIST}&page=200` },
    { key: 'details', label: 'booking details', path: `/api/booking/details/${id}` },
    { key: 'stats', label: 'admin dashboard stats', path: '/api/admin-dashboard-stats' },
  ];
};

/** Every endpoint: a warm-up, then `runs` measured runs; the server is already up. */
const measure = async (server: BenchServer, runs: number, seconds: number, only?: string[]) => {
  const token = await signInAs(server.port, 'admin');
  const out: Record<string, Shot[]> = {};
  for (const e of await endpoints(server.port, token)) {
    if (only && !only.includes(e.key)) continue;
    await shoot(server.port, e.path, token, 1);
    out[e.key] = await repeat(runs, () => shoot(server.port, e.path, token, seconds));
  }
  return out;
};

const LABELS: Record<string, string> = {
  list1: 'list page 1',
  list200: 'list page 200',
  details: 'booking details',
  stats: 'admin dashboard stats',
};

type Budget = { rps?: number; p99: number };
const rowsOf = (
  section: string,
  db: string,
  shots: Record<string, Shot[]>,
  budgets: Record<string, Budget>,
) => {
  const rows: Row[] = [];
  for (const [key, list] of Object.entries(shots)) {
    const b = budgets[key];
    const name = `${db}: ${LABELS[key]}`;
    rows.push(
      row(
        section,
        `${name} req/s`,
        'req/s',
        stat(list.map((s) => s.rps)),
        b?.rps ? { text: `≥ ${b.rps}`, ok: (m) => m >= b.rps! } : undefined,
      ),
      row(section, `${name} p50`, 'ms', stat(list.map((s) => s.p50))),
      row(
        section,
        `${name} p99`,
        'ms',
        stat(list.map((s) => s.p99)),
        b ? { text: `< ${b.p99} ms`, ok: (m) => m < b.p99 } : undefined,
      ),
      row(section, `${name} errors`, 'n', stat(list.map((s) => s.errors + s.non2xx)), {
        text: '0',
        ok: (m) => m === 0,
      }),
    );
  }
  return rows;
};

const PGLITE_BUDGETS: Record<string, Budget> = {
  list1: { rps: 500, p99: 50 },
  list200: { rps: 250, p99: 50 },
};
const POSTGRES_BUDGETS: Record<string, Budget> = {
  list1: { p99: 50 },
  list200: { p99: 50 },
  details: { p99: 50 },
  stats: { p99: 200 },
};

/** A PostgreSQL database of the bench cluster holding `bookings` (dropped and reseeded when the migrations change). */
export const postgresDataset = async (ctx: BenchContext, bookings: number, events: number) => {
  const name = `bench_${bookings}`;
  const pg = startPostgres(name);
  const dataDir = join(CACHE_DIR, `pgdata-uploads-${bookings}`);
  const stampFile = join(dataDir, 'bench-stamp.json');
  if (existsSync(stampFile) && !readFileSync(stampFile, 'utf8').includes(migrationsHash())) {
    psql('postgres', `drop database ${name}`);
    psql('postgres', `create database ${name}`);
  }
  await seededPostgres(pg.url, dataDir, bookings, events, ctx.log);
  // The database is kept from run to run, with every earlier run's writes: dead rows and pages
  // autovacuum has not visited yet (it waits for a fifth of a table to change) would make a later
  // run slower than an earlier one for that alone (index-only scans fall back to the table). Each
  // run starts from a vacuumed database, as PGlite's runs start from a copy of theirs.
  psql(name, 'vacuum analyze');
  return { url: pg.url, dataDir, stop: pg.stop };
};

export async function runApi(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const rows: Row[] = [];
  const notes: string[] = [];
  const runs = Math.min(ctx.runs, 3);
  const pgliteDir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
  ctx.log(`api: PGlite ${ctx.pgliteBookings} bookings, ${runs} × ${DURATION_S} s per endpoint`);
  let server = await startServer({ distDir: ctx.distDir, dataDir: pgliteDir });
  try {
    rows.push(
      ...rowsOf(
        'api',
        `PGlite ${ctx.pgliteBookings / 1000}k`,
        await measure(server, runs, DURATION_S),
        PGLITE_BUDGETS,
      ),
    );
  } finally {
    await server.stop();
  }
  if (ctx.postgresBookings > 0) {
    const pg = await postgresDataset(ctx, ctx.postgresBookings, ctx.postgresEvents);
    ctx.log(`api: PostgreSQL ${ctx.postgresBookings} bookings`);
    server = await startServer({ distDir: ctx.distDir, dataDir: pg.dataDir, databaseUrl: pg.url });
    try {
      rows.push(
        ...rowsOf(
          'api',
          `PostgreSQL ${ctx.postgresBookings / 1000}k`,
          await measure(server, runs, DURATION_S),
          POSTGRES_BUDGETS,
        ),
      );
    } finally {
      await server.stop();
      pg.stop();
    }
  } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  return {
    section: 'api',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}

/** Page 200 of the confirmed bookings exists from about 25,000 bookings on. */
const pagesOf = (n: number) => (n >= 100_000 ? ['list1', 'list200'] : ['list1']);

export async function runScaling(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const rows: Row[] = [];
  const notes: string[] = [];
  const runs = Math.min(ctx.runs, 3);
  const seconds = Math.max(3, Math.round(DURATION_S / 2));
  const add = (db: string, n: number, shots: Record<string, Shot[]>) => {
    for (const [key, list] of Object.entries(shots))
      rows.push(
        row(
          'scaling',
          `${db} ${n.toLocaleString('en')}: ${LABELS[key]} p50`,
          'ms',
          stat(list.map((s) => s.p50)),
        ),
        row(
          'scaling',
          `${db} ${n.toLocaleString('en')}: ${LABELS[key]} req/s`,
          'req/s',
          stat(list.map((s) => s.rps)),
        ),
      );
  };
  for (const n of ctx.scaling.filter((n) => n <= ctx.pgliteBookings)) {
    const dir = await seededPglite(n, Math.max(100, n / 100), ctx.log);
    ctx.log(`scaling: PGlite ${n}`);
    const server = await startServer({ distDir: ctx.distDir, dataDir: dir });
    try {
      add('PGlite', n, await measure(server, runs, seconds, pagesOf(n)));
    } finally {
      await server.stop();
    }
  }
  if (ctx.postgresBookings > 0)
    for (const n of ctx.scaling.filter((n) => n <= ctx.postgresBookings)) {
      const pg = await postgresDataset(ctx, n, n >= 1_000_000 ? ctx.postgresEvents : Math.max(100, n / 100));
      ctx.log(`scaling: PostgreSQL ${n}`);
      const server = await startServer({ distDir: ctx.distDir, dataDir: pg.dataDir, databaseUrl: pg.url });
      try {
        add('PostgreSQL', n, await measure(server, runs, seconds, pagesOf(n)));
      } finally {
        await server.stop();
        pg.stop();
      }
    }
  const skipped = ctx.scaling.filter((n) => n > ctx.pgliteBookings);
  if (skipped.length) notes.push(`PGlite scaling stops at ${ctx.pgliteBookings} (--pglite-bookings).`);
  return {
    section: 'scaling',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}

const STRESS_CONNECTIONS = 50;
const STRESS_SECONDS = Number(process.env.BENCH_STRESS_SECONDS ?? 30);

/**
 * Issue 7's load test: the bookings list and a booking's details under 50 concurrent connections
 * for 30 s each on the default database (PGlite): every answer must be a 2xx (errors, timeouts and
 * non-2xx answers are counted together; budget 0).
 */
export async function runStress(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const rows: Row[] = [];
  const runs = Math.min(ctx.runs, 3);
  const pgliteDir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
  ctx.log(
    `stress: PGlite ${ctx.pgliteBookings} bookings, ${STRESS_CONNECTIONS} connections, ${runs} × ${STRESS_SECONDS} s`,
  );
  const server = await startServer({ distDir: ctx.distDir, dataDir: pgliteDir });
  try {
    const token = await signInAs(server.port, 'admin');
    const db = `PGlite ${ctx.pgliteBookings / 1000}k, ${STRESS_CONNECTIONS} connections × ${STRESS_SECONDS} s`;
    for (const e of await endpoints(server.port, token)) {
      if (e.key !== 'list1' && e.key !== 'details') continue;
      const shots = await repeat(runs, () =>
        shoot(server.port, e.path, token, STRESS_SECONDS, STRESS_CONNECTIONS),
      );
      rows.push(
        row('stress', `${db}: ${e.label} errors`, 'n', stat(shots.map((x) => x.errors + x.non2xx)), {
          text: '0',
          ok: (m) => m === 0,
        }),
        row('stress', `${db}: ${e.label} req/s`, 'req/s', stat(shots.map((x) => x.rps))),
        row('stress', `${db}: ${e.label} p99`, 'ms', stat(shots.map((x) => x.p99))),
      );
    }
  } finally {
    await server.stop();
  }
  return {
    section: 'stress',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes: [],
  };
}
