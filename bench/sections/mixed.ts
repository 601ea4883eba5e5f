/**
 * The realistic mix (docs/decisions/0020-every-list-on-an-index.md): staff traffic against the real
 * server under autocannon, 10 connections as admin, manager and provider tokens: 55 % list calls
 * across bookings, events, providers and users (varied pages, sorts, filters and searches), 25 %
 * details, 15 % dashboards, 5 % writes (booking status changes and edits, event edits). On PGlite
 * 100 k and PostgreSQL 100 k and 1 M bookings, with the read cache on and off: req/s, p50/p95/p99,
 * errors (and non-2xx answers), the read cache's hit rate and the server's peak memory. Then, on
 * PGlite with the cache off, each list workload alone and one booking by id (10 connections), every
 * sort and filter of the bookings and events lists and their searches one request at a time (one
 * connection); and the idle memory.
 * Budgets: bench/budgets.json `mixed` (a miss fails the bench).
 */
import autocannon from 'autocannon';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookingResource } from '../../src/contract/areas/booking';
import { eventResource } from '../../src/contract/areas/event';
import { readBudgets, type MixedBudget } from '../lib/budgets';
import { seededPglite } from '../lib/data';
import { psql } from '../lib/postgres';
import { apiOf, startServer, type Api, type BenchServer, signInAs } from '../lib/server';
import { percentile, repeat, stat } from '../lib/stats';
import { budgetRow, row, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { measureOneByOne } from './one-by-one';
import { postgresDataset } from './api';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const WORKLOAD_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);

type Role = 'admin' | 'manager' | 'provider';
/** Which connection signs in as whom: six admins, two managers, two providers. */
const ROLE_OF: Role[] = [
  'admin',
  'admin',
  'manager',
  'provider',
  'admin',
  'admin',
  'manager',
  'admin',
  'provider',
  'admin',
];
/** What a role may see: a few records of each kind, for details and writes. */
interface Seen {
  token: string;
  bookings: number[];
  events: number[];
  lists: string[];
  details: string[];
  dashboards: string[];
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** List calls of a role: varied pages, sorts, filters and searches (what it may call). */
const listsOf = (role: Role): string[] => {
  const out: string[] = [];
  const pages = [1, 1, 1, 2, 3, 10, 50];
  for (const sort of bookingResource.sort)
    for (const order of ['asc', 'desc'])
      out.push(`/api/booking?sort=${sort}&order=${order}&pageSize=25&page=${pick(pages)}`);
  for (const f of [
    'status=confirmed',
    'status=pending&sort=total&order=desc',
    'paymentStatus=paid',
    'q=Khoury',
    'q=BK-2',
  ])
    out.push(`/api/booking?${f}&pageSize=25&page=${pick([1, 1, 2, 5])}`);
  for (const sort of eventResource.sort)
    out.push(`/api/event?sort=${sort}&order=desc&pageSize=25&page=${pick([1, 1, 2])}`);
  out.push('/api/event?status=approved&pageSize=25', '/api/event?q=Bench%20event%201&pageSize=25');
  // Managers list bookings and events only (src/contract/roles.ts); admins everything.
  if (role === 'admin')
    out.push(
      '/api/serviceprovider?pageSize=25',
      '/api/serviceprovider?sort=businessName&order=asc&pageSize=25',
      '/api/users/get-all?pageSize=25',
      '/api/users/get-all?sort=name&order=asc&pageSize=25&q=a',
    );
  return out;
};

const dashboardsOf = (role: Role) =>
  role === 'provider' ? ['/api/serviceproviderDashboard'] : ['/api/admin-dashboard-stats', '/api/dashboard/'];

const seenBy = async (api: Api, role: Role): Promise<Seen> => {
  const token = await signInAs(api.port, role);
  const bookings = (await api.get('/api/booking?pageSize=100&page=3', token)).data.items as { id: number }[];
  const events = (await api.get('/api/event?pageSize=50', token)).data.items as { id: number }[];
  if (!bookings.length || !events.length)
    throw new Error(`${role} sees no bookings or events: is the dataset seeded?`);
  return {
    token,
    bookings: bookings.map((b) => b.id),
    events: events.map((e) => e.id),
    lists: listsOf(role),
    details: [
      ...bookings.slice(0, 50).map((b) => `/api/booking/details/${b.id}`),
      ...bookings.slice(50, 60).map((b) => `/api/booking/${b.id}`),
      ...events.slice(0, 20).map((e) => `/api/event/${e.id}`),
    ],
    dashboards: dashboardsOf(role),
  };
};

/** The fields of an update body, from a record (the contract's update schema names them). */
const bodyOf = (shape: Record<string, unknown>, record: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, record[k]]));

interface Writer {
  /** Pending bookings to confirm (each once). */
  pending: number[];
  /** Records the writes edit, by id, with their current version. */
  bookings: Map<number, Record<string, unknown>>;
  events: Map<number, Record<string, unknown>>;
}

const writerOf = async (api: Api, admin: string): Promise<Writer> => {
  const pending = (await api.get('/api/booking?status=pending&pageSize=100&page=2', admin)).data.items as {
    id: number;
  }[];
  const more = (await api.get('/api/booking?status=pending&pageSize=100&page=3', admin)).data.items as {
    id: number;
  }[];
  const bookings = new Map<number, Record<string, unknown>>();
  for (const b of (await api.get('/api/booking?status=confirmed&pageSize=25&page=4', admin)).data.items as {
    id: number;
  }[])
    bookings.set(b.id, (await api.get(`/api/booking/${b.id}`, admin)).data);
  const events = new Map<number, Record<string, unknown>>();
  for (const e of (await api.get('/api/event?status=approved&pageSize=10&page=2', admin)).data.items as {
    id: number;
  }[])
    events.set(e.id, (await api.get(`/api/event/${e.id}`, admin)).data);
  return { pending: [...pending, ...more].map((b) => b.id), bookings, events };
};

interface MixResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The writes alone (5 % of the mix): their p50 and p99, what the audit trail adds to. */
  writeP50: number;
  writeP99: number;
  byKind: Record<string, number>;
  /**
   * Writes the rules refused (409: the event is full or closed, the booking moved meanwhile): right
   * answers to what the mix asked, counted apart from the errors.
   */
  refused: number;
  /** Answers over 399 by kind, status and the start of their text. */
  failed: Record<string, number>;
}

/** One autocannon run of the mix; latencies are timed per request here (autocannon has no p95). */
const runMix = async (
  api: Api,
  seen: Record<Role, Seen>,
  writer: Writer,
  seconds: number,
): Promise<MixResult> => {
  const latencies: number[] = [];
  const writes: number[] = [];
  const byKind: Record<string, number> = {};
  const failed: Record<string, number> = {};
  let errors = 0;
  let refused = 0;
  let connections = 0;
  interface Ctx {
    role?: Role;
    started?: number;
    kind?: string;
    edit?: { map: Map<number, Record<string, unknown>>; id: number };
  }
  const result = await autocannon({
    url: `http://127.0.0.1:${api.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const ctx = context as Ctx;
          ctx.role ??= ROLE_OF[connections++ % ROLE_OF.length]!;
          const s = seen[ctx.role];
          const r = Math.random() * 100;
          let method = 'GET';
          let path: string;
          let body: string | undefined;
          // Writes go as an admin; the connection keeps its role.
          let as: Role = ctx.role;
          delete ctx.edit;
          if (r < 55) {
            ctx.kind = 'list';
            path = pick(s.lists);
          } else if (r < 80) {
            ctx.kind = 'details';
            path = pick(s.details);
          } else if (r < 95) {
            ctx.kind = 'dashboard';
            path = pick(s.dashboards);
          } else {
            // Writes: as an admin (a third each: confirm a pending booking, edit a booking, edit an event).
            as = 'admin';
            const w = Math.random();
            const next = writer.pending.pop();
            if (w < 1 / 3 && next !== undefined) {
              ctx.kind = 'write';
              method = 'POST';
              path = '/api/booking/update-status';
              body = JSON.stringify({ id: next, status: 'confirmed', note: 'Bench' });
            } else {
              const map = w < 2 / 3 ? writer.bookings : writer.events;
              const free = [...map.keys()];
              const id = pick(free);
              const record = map.get(id)!;
              map.delete(id); // one write of a record at a time (its version)
              ctx.edit = { map, id };
              ctx.kind = 'write';
              method = 'PUT';
              if (map === writer.bookings) {
                path = `/api/booking/${id}`;
                body = JSON.stringify({
                  ...bodyOf(bookingResource.updateBody.shape, record),
                  notes: `Bench ${Date.now()}`,
                });
              } else {
                path = `/api/event/${id}`;
                // The event as it is, saved again (a new version; its row and notification written).
                body = JSON.stringify(bodyOf(eventResource.updateBody.shape, record));
              }
              ctx.edit = { map, id };
              (ctx as { record?: Record<string, unknown> }).record = record;
            }
          }
          ctx.started = performance.now();
          const headers: Record<string, string> = {
            authorization: `Bearer ${seen[as].token}`,
            'accept-language': Math.random() < 0.3 ? 'ar' : 'en',
          };
          if (body) headers['content-type'] = 'application/json';
          return { ...req, method: method as 'GET', path, headers, ...(body ? { body } : {}) };
        },
        onResponse: (status, resBody, context) => {
          const ctx = context as Ctx & { record?: Record<string, unknown> };
          const took = performance.now() - (ctx.started ?? performance.now());
          latencies.push(took);
          if (ctx.kind === 'write') writes.push(took);
          byKind[ctx.kind ?? '?'] = (byKind[ctx.kind ?? '?'] ?? 0) + 1;
          if (status === 409 && ctx.kind === 'write') refused++;
          else if (status >= 400) errors++;
          if (status >= 400) {
            const what = `${ctx.kind} ${status}: ${resBody.slice(0, 120)}`;
            failed[what] = (failed[what] ?? 0) + 1;
          }
          if (ctx.edit) {
            // The record as saved (its new version) goes back for the next edit; on a failure, the old one.
            let record = ctx.record!;
            if (status < 400)
              try {
                record = (JSON.parse(resBody) as { data: Record<string, unknown> }).data;
              } catch {
                // keep the old one
              }
            ctx.edit.map.set(ctx.edit.id, record);
            delete ctx.edit;
          }
        },
      },
    ],
  });
  latencies.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    writeP50: percentile(writes, 50),
    writeP99: percentile(writes, 99),
    errors: errors + result.errors + result.timeouts,
    refused,
    byKind,
    failed,
  };
};

/** The server's memory (MB) from /proc: `VmRSS` now, `VmHWM` the peak since it started. */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** A server's resident memory 3 s after its first answer, before any load. */
const idleMemoryOf = async (server: BenchServer) => {
  await new Promise((r) => setTimeout(r, 3000));
  return memoryOf(server.pid, 'VmRSS');
};

const cacheStats = (file: string): { hits: number; misses: number; bypassed: number } | null => {
  try {
    return (
      JSON.parse(readFileSync(file, 'utf8')) as {
        cache: { hits: number; misses: number; bypassed: number } | null;
      }
    ).cache;
  } catch {
    return null;
  }
};

/** The mix on one server, `runs` times; its rows. */
const measureMix = async (
  ctx: BenchContext,
  server: BenchServer,
  statsFile: string,
  label: string,
  budget: MixedBudget | undefined,
  runs: number,
): Promise<{ rows: Row[]; shots: MixResult[] }> => {
  const api = apiOf(server.port);
  const seen = {
    admin: await seenBy(api, 'admin'),
    manager: await seenBy(api, 'manager'),
    provider: await seenBy(api, 'provider'),
  };
  const writer = await writerOf(api, seen.admin.token);
  await runMix(api, seen, writer, 2); // warm-up
  const before = cacheStats(statsFile);
  const shots = await repeat(runs, () => runMix(api, seen, writer, SECONDS));
  await new Promise((r) => setTimeout(r, 700));
  const after = cacheStats(statsFile);
  const peak = memoryOf(server.pid, 'VmHWM');
  ctx.log(
    `mixed ${label}: ${shots.map((s) => `${s.rps.toFixed(0)} req/s p99 ${s.p99.toFixed(0)} ms ${JSON.stringify(s.byKind)}${Object.keys(s.failed).length ? ` failed ${JSON.stringify(s.failed)}` : ''}`).join('; ')}`,
  );
  const rows = [
    budgetRow(
      'mixed',
      `${label}: req/s`,
      'req/s',
      shots.map((s) => s.rps),
      budget?.rps ? { min: budget.rps } : undefined,
    ),
    row('mixed', `${label}: p50`, 'ms', stat(shots.map((s) => s.p50))),
    row('mixed', `${label}: p95`, 'ms', stat(shots.map((s) => s.p95))),
    budgetRow(
      'mixed',
      `${label}: p99`,
      'ms',
      shots.map((s) => s.p99),
      budget?.p99 ? { max: budget.p99 } : undefined,
    ),
    row('mixed', `${label}: writes p50`, 'ms', stat(shots.map((s) => s.writeP50))),
    row('mixed', `${label}: writes p99`, 'ms', stat(shots.map((s) => s.writeP99))),
    budgetRow(
      'mixed',
      `${label}: errors`,
      'n',
      shots.map((s) => s.errors),
      { max: 0 },
    ),
    row('mixed', `${label}: writes refused by the rules (409)`, 'n', stat(shots.map((s) => s.refused))),
    budgetRow(
      'mixed',
      `${label}: server peak memory`,
      'MB',
      [peak],
      budget?.peakMb ? { max: budget.peakMb } : undefined,
    ),
  ];
  if (before && after) {
    const hits = after.hits - before.hits;
    const all = hits + after.misses - before.misses + after.bypassed - before.bypassed;
    rows.push(row('mixed', `${label}: read cache hit rate`, '%', stat([all ? (100 * hits) / all : 0])));
  }
  return { rows, shots };
};

/** Each list workload of the issue's table alone, and one booking by id (PGlite, cache off). */
const measureWorkloads = async (
  server: BenchServer,
  budgets: Record<string, number>,
  runs: number,
): Promise<Row[]> => {
  const api = apiOf(server.port);
  const token = await signInAs(server.port, 'admin');
  const first = (await api.get('/api/booking?pageSize=10', token)).data.items as { id: number }[];
  const workloads: [string, string, string][] = [
    [
      'page1',
      'bookings page 1, newest first, with total',
      '/api/booking?pageSize=10&sort=createdAt&order=desc',
    ],
    ['deep', 'bookings page 2,000 of 10', '/api/booking?pageSize=10&page=2000&sort=createdAt&order=desc'],
    [
      'customerName',
      'bookings sorted by customer name, page 1',
      '/api/booking?pageSize=10&sort=customerName&order=asc',
    ],
    [
      'statusTotal',
      'bookings status filter + sort by total',
      '/api/booking?pageSize=10&status=confirmed&sort=total&order=desc',
    ],
    ['search', 'bookings search with its total', '/api/booking?pageSize=10&q=Khoury'],
    ['events', 'events page 1, sorted by title', '/api/event?pageSize=10&sort=title&order=asc'],
    ['one', 'one booking by id', `/api/booking/${first[5]!.id}`],
  ];
  const rows: Row[] = [];
  for (const [key, label, path] of workloads) {
    const shoot = async () =>
      autocannon({
        url: `http://127.0.0.1:${server.port}${path}`,
        connections: CONNECTIONS,
        duration: WORKLOAD_SECONDS,
        headers: { authorization: `Bearer ${token}` },
      });
    await autocannon({
      url: `http://127.0.0.1:${server.port}${path}`,
      connections: CONNECTIONS,
      duration: 1,
      headers: { authorization: `Bearer ${token}` },
    });
    const shots = await repeat(runs, shoot);
    const name = `PGlite 100k, cache off, 10 connections: ${label}`;
    rows.push(
      budgetRow(
        'mixed',
        `${name} req/s`,
        'req/s',
        shots.map((s) => s.requests.average),
        budgets[key] ? { min: budgets[key] } : undefined,
      ),
      row('mixed', `${name} p99`, 'ms', stat(shots.map((s) => s.latency.p99))),
      budgetRow(
        'mixed',
        `${name} errors`,
        'n',
        shots.map((s) => s.errors + s.timeouts + s.non2xx),
        { max: 0 },
      ),
    );
  }
  return rows;
};

type Dataset = Awaited<ReturnType<typeof postgresDataset>>;

/**
 * The mix on PostgreSQL 100 k, cache off, with `WORKERS=2` (node:cluster, docs/decisions/0019-live-updates-and-many-processes.md)
 * beside one process, in alternating rounds so that both meet the same machine. Peak memory is the
 * primary's only; the workers' is not in the row.
 */
/** A database the mix runs on: PGlite in `dataDir`, or PostgreSQL at `url`; `name` starts its figures. */
interface MixData {
  name: string;
  dataDir: string;
  url?: string;
}

/**
 * The mix on one database, cache off, once per variant in each of `runs` alternating rounds (a new
 * server each, so that a variant's environment or database setting applies to all its sessions),
 * with each PGlite server's idle memory.
 */
const alternating = async <K extends string>(
  ctx: BenchContext,
  data: MixData,
  statsFile: string,
  runs: number,
  variants: Record<K, { env?: NodeJS.ProcessEnv; before?: () => void }>,
): Promise<{ results: Record<K, MixResult[]>; idle: Record<K, number[]> }> => {
  const keys = Object.keys(variants) as K[];
  const results = Object.fromEntries(keys.map((k) => [k, [] as MixResult[]])) as Record<K, MixResult[]>;
  const idle = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < runs; round++)
    for (const key of keys) {
      variants[key].before?.();
      const server = await startServer({
        distDir: ctx.distDir,
        dataDir: data.dataDir,
        ...(data.url ? { databaseUrl: data.url } : {}),
        readCache: false,
        env: { BENCH_STATS_FILE: statsFile, ...variants[key].env },
      });
      try {
        if (!data.url) idle[key].push(await idleMemoryOf(server));
        const { shots } = await measureMix(ctx, server, statsFile, `${data.name}, ${key}`, undefined, 1);
        results[key].push(...shots);
      } finally {
        await server.stop();
      }
    }
  return { results, idle };
};

/** Each variant's mix throughput, p50, p99 and errors, from `alternating`. */
const variantRows = async (
  ctx: BenchContext,
  data: MixData,
  statsFile: string,
  runs: number,
  variants: Record<string, NodeJS.ProcessEnv>,
): Promise<{ rows: Row[]; idle: Record<string, number[]> }> => {
  const { results, idle } = await alternating(
    ctx,
    data,
    statsFile,
    runs,
    Object.fromEntries(Object.entries(variants).map(([k, env]) => [k, { env }])),
  );
  const rows = Object.entries(results).flatMap(([variant, shots]) => {
    const label = `${data.name}, mix, cache off, ${variant} (alternating rounds)`;
    return [
      row('mixed', `${label}: req/s`, 'req/s', stat(shots.map((s) => s.rps))),
      row('mixed', `${label}: p50`, 'ms', stat(shots.map((s) => s.p50))),
      row('mixed', `${label}: p99`, 'ms', stat(shots.map((s) => s.p99))),
      budgetRow(
        'mixed',
        `${label}: errors`,
        'n',
        shots.map((s) => s.errors),
        { max: 0 },
      ),
    ];
  });
  return { rows, idle };
};

/**
 * The mix on PostgreSQL 100 k with `WORKERS=2` (node:cluster, docs/decisions/0019-live-updates-and-many-processes.md)
 * beside one process. Peak memory is the primary's only; the workers' is not in the row.
 */
const measureWorkers = async (ctx: BenchContext, pg: Dataset, statsFile: string, runs: number) =>
  (
    await variantRows(ctx, { name: 'PostgreSQL 100k', ...pg }, statsFile, runs, {
      'WORKERS=1': { WORKERS: '1' },
      'WORKERS=2': { WORKERS: '2' },
    })
  ).rows;

/**
 * The mix on PGlite with the database on the server's thread and on its own
 * (docs/decisions/0033-the-embedded-database-on-its-own-thread.md).
 */
const measureThread = (ctx: BenchContext, data: MixData, statsFile: string, runs: number) =>
  variantRows(ctx, data, statsFile, runs, {
    'PGLITE_THREAD=off': { PGLITE_THREAD: 'off' },
    'PGLITE_THREAD=on': { PGLITE_THREAD: 'on' },
  });

/** Turns the audit trail's triggers on or off for the database's new sessions (migration 0011 reads `ebo.audit`). */
const setTrail = (url: string, on: boolean) => {
  const name = new URL(url).pathname.slice(1);
  psql(
    name,
    on ? `ALTER DATABASE "${name}" RESET ebo.audit` : `ALTER DATABASE "${name}" SET ebo.audit = 'off'`,
  );
};

/**
 * What the audit trail costs the writes of the mix (docs/decisions/0017-audit-trail.md): PostgreSQL
 * 100 k, cache off, the mix with the trail on and off in alternating rounds, a new server each (the
 * setting applies to new sessions). Budget: the writes' p50 with the trail at most `maxRatio` × without.
 */
const measureTrailCost = async (
  ctx: BenchContext,
  pg: Dataset,
  statsFile: string,
  runs: number,
  maxRatio: number | undefined,
): Promise<Row[]> => {
  let results: Record<'off' | 'on', MixResult[]>;
  try {
    ({ results } = await alternating(ctx, { name: 'PostgreSQL 100k', ...pg }, statsFile, runs, {
      off: { before: () => setTrail(pg.url, false) },
      on: { before: () => setTrail(pg.url, true) },
    }));
  } finally {
    setTrail(pg.url, true);
  }
  const rows = (['off', 'on'] as const).flatMap((trail) => {
    const label = `PostgreSQL 100k, mix, cache off, audit trail ${trail} (alternating rounds)`;
    const shots = results[trail];
    return [
      row('mixed', `${label}: req/s`, 'req/s', stat(shots.map((s) => s.rps))),
      row('mixed', `${label}: writes p50`, 'ms', stat(shots.map((s) => s.writeP50))),
      row('mixed', `${label}: writes p99`, 'ms', stat(shots.map((s) => s.writeP99))),
    ];
  });
  const on = stat(results.on.map((s) => s.writeP50)).median;
  const off = stat(results.off.map((s) => s.writeP50)).median;
  rows.push(
    budgetRow(
      'mixed',
      'PostgreSQL 100k: writes p50 with the audit trail ÷ without',
      '×',
      [on / off],
      maxRatio ? { max: maxRatio } : undefined,
    ),
  );
  return rows;
};

export async function runMixed(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const rows: Row[] = [];
  const notes: string[] = [];
  const details: { oneConnectionP50?: Record<string, number> } = {};
  const budgets = readBudgets().mixed;
  const runs = Math.min(ctx.runs, 3);
  const statsFile = join(tmpdir(), `ebo-bench-stats-${process.pid}.json`);
  const env = { BENCH_STATS_FILE: statsFile };
  const pgliteDir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
  const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  try {
    // Idle memory varies by 20–30 MB from one start to the next (docs/decisions/0032-the-server-runs-as-one-bundle.md):
    // the figure is the median over every PGlite server this section starts as users run it.
    const idle: number[] = [];
    for (const readCache of [false, true]) {
      const server = await startServer({ distDir: ctx.distDir, dataDir: pgliteDir, readCache, env });
      try {
        idle.push(await idleMemoryOf(server));
        const label = `PGlite ${k(ctx.pgliteBookings)}, mix, cache ${readCache ? 'on' : 'off'}`;
        const mix = await measureMix(
          ctx,
          server,
          statsFile,
          label,
          readCache ? budgets?.pglite : budgets?.pgliteCacheOff,
          runs,
        );
        rows.push(...mix.rows);
        if (!readCache) {
          rows.push(...(await measureWorkloads(server, budgets?.workloads ?? {}, runs)));
          const oneByOne = await measureOneByOne(server, budgets?.oneConnection ?? {}, runs);
          rows.push(...oneByOne.rows);
          details.oneConnectionP50 = oneByOne.cases;
        }
      } finally {
        await server.stop();
      }
    }
    const thread = await measureThread(
      ctx,
      { name: `PGlite ${k(ctx.pgliteBookings)}`, dataDir: pgliteDir },
      statsFile,
      runs,
    );
    rows.push(...thread.rows);
    idle.push(...(thread.idle['PGLITE_THREAD=on'] ?? []));
    rows.unshift(
      budgetRow('mixed', `PGlite ${k(ctx.pgliteBookings)}: server memory, idle`, 'MB', idle, {
        max: budgets?.pgliteIdleMb,
      }),
    );
    if (ctx.postgresBookings > 0) {
      const sizes = [...new Set([100_000, ctx.postgresBookings])].filter((n) => n <= ctx.postgresBookings);
      for (const n of sizes) {
        const pg = await postgresDataset(
          ctx,
          n,
          n >= 1_000_000 ? ctx.postgresEvents : Math.max(100, n / 100),
        );
        try {
          for (const readCache of [false, true]) {
            const server = await startServer({
              distDir: ctx.distDir,
              dataDir: pg.dataDir,
              databaseUrl: pg.url,
              readCache,
              env,
            });
            try {
              const label = `PostgreSQL ${k(n)}, mix, cache ${readCache ? 'on' : 'off'}`;
              const budget = n >= 1_000_000 ? budgets?.postgres1m : budgets?.postgres100k;
              rows.push(...(await measureMix(ctx, server, statsFile, label, budget, runs)).rows);
            } finally {
              await server.stop();
            }
          }
          if (n === 100_000) {
            rows.push(...(await measureWorkers(ctx, pg, statsFile, runs)));
            rows.push(...(await measureTrailCost(ctx, pg, statsFile, runs, budgets?.auditWriteCost)));
          }
        } finally {
          pg.stop();
        }
      }
    } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  } finally {
    rmSync(statsFile, { force: true });
  }
  notes.push(
    `Mix: 55 % lists, 25 % details, 15 % dashboards, 5 % writes; ${CONNECTIONS} connections (6 admin, 2 manager, 2 provider); ${runs} × ${SECONDS} s per figure (BENCH_MIXED_SECONDS).`,
  );
  return {
    section: 'mixed',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
    details,
  };
}
