/**
 * The realistic mix (docs/decisions/0020-every-list-on-an-index.md): staff traffic against the real
 * server under autocannon, 10 connections as admin, manager and provider tokens: 55 % list calls
 * across bookings, events, providers and users (varied pages, sorts, filters and searches), 25 %
 * details, 15 % dashboards, 5 % writes (booking status changes and edits, event edits). On PGlite
 * 100 k and PostgreSQL 100 k and 1 M bookings: req/s, p50/p95/p99, errors (and non-2xx answers) and
 * the server's peak memory. Then, on PGlite, each list workload alone and one booking by id (10
 * connections), every sort and filter of the bookings and events lists and their searches one
 * request at a time (one connection); and the idle memory.
 * Budgets: bench/budgets.json `mixed` (a miss fails the bench).
 */
import { readBudgets, type Budgets } from '../lib/budgets';
import { seededPglite } from '../lib/data';
import { startServer } from '../lib/server';
import { budgetRow, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { measureOneByOne } from './one-by-one';
import { postgresDataset } from './api';
import { idleMemoryOf, measureMix, measureWorkloads, SECONDS } from './mixed-measure';
import { CONNECTIONS } from './mixed-run';
import { measureThread, measureTrailCost, measureWorkers, type Dataset } from './mixed-variants';

type MixedBudgets = Budgets['mixed'];

/** What each step of the section needs. */
interface Run {
  ctx: BenchContext;
  budgets: MixedBudgets;
  runs: number;
  rows: Row[];
  details: { oneConnectionP50?: Record<string, number> };
}

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** The mix on PGlite, then each workload alone and one by one. */
const measurePglite = async (run: Run, pgliteDir: string, idle: number[]) => {
  const { ctx, budgets, runs, rows } = run;
  const server = await startServer({ distDir: ctx.distDir, dataDir: pgliteDir });
  try {
    idle.push(await idleMemoryOf(server));
    const label = `PGlite ${k(ctx.pgliteBookings)}, mix`;
    rows.push(...(await measureMix(ctx, server, label, budgets?.pglite, runs)).rows);
    rows.push(...(await measureWorkloads(server, budgets?.workloads ?? {}, runs)));
    const oneByOne = await measureOneByOne(server, budgets?.oneConnection ?? {}, runs);
    rows.push(...oneByOne.rows);
    run.details.oneConnectionP50 = oneByOne.cases;
  } finally {
    await server.stop();
  }
};

/** The PGlite figures: the mix, the thread variants, and the idle memory over every server started. */
const measureAllPglite = async (run: Run, pgliteDir: string) => {
  const { ctx, budgets, runs, rows } = run;
  // Idle memory varies by 20–30 MB from one start to the next (docs/decisions/0032-the-server-runs-as-one-bundle.md):
  // the figure is the median over every PGlite server this section starts as users run it.
  const idle: number[] = [];
  await measurePglite(run, pgliteDir, idle);
  const thread = await measureThread(
    ctx,
    { name: `PGlite ${k(ctx.pgliteBookings)}`, dataDir: pgliteDir },
    runs,
  );
  rows.push(...thread.rows);
  idle.push(...(thread.idle['PGLITE_THREAD=on'] ?? []));
  rows.unshift(
    budgetRow('mixed', `PGlite ${k(ctx.pgliteBookings)}: server memory, idle`, 'MB', idle, {
      max: budgets?.pgliteIdleMb,
    }),
  );
};

/** The mix on PostgreSQL with `n` bookings; at 100 k, the workers and the audit trail too. */
const measurePostgres = async (run: Run, n: number, pg: Dataset) => {
  const { ctx, budgets, runs, rows } = run;
  const server = await startServer({ distDir: ctx.distDir, dataDir: pg.dataDir, databaseUrl: pg.url });
  try {
    const budget = n >= 1_000_000 ? budgets?.postgres1m : budgets?.postgres100k;
    rows.push(...(await measureMix(ctx, server, `PostgreSQL ${k(n)}, mix`, budget, runs)).rows);
  } finally {
    await server.stop();
  }
  if (n === 100_000) {
    rows.push(...(await measureWorkers(ctx, pg, runs)));
    rows.push(...(await measureTrailCost(ctx, pg, runs, budgets?.auditWriteCost)));
  }
};

const measureAllPostgres = async (run: Run) => {
  const { ctx } = run;
  const sizes = [...new Set([100_000, ctx.postgresBookings])].filter((n) => n <= ctx.postgresBookings);
  for (const n of sizes) {
    const pg = await postgresDataset(ctx, n, n >= 1_000_000 ? ctx.postgresEvents : Math.max(100, n / 100));
    try {
      await measurePostgres(run, n, pg);
    } finally {
      pg.stop();
    }
  }
};

export async function runMixed(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const notes: string[] = [];
  const runs = Math.min(ctx.runs, 3);
  const run: Run = { ctx, budgets: readBudgets().mixed, runs, rows: [], details: {} };
  const pgliteDir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
  await measureAllPglite(run, pgliteDir);
  if (ctx.postgresBookings > 0) await measureAllPostgres(run);
  else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  notes.push(
    `Mix: 55 % lists, 25 % details, 15 % dashboards, 5 % writes; ${CONNECTIONS} connections (6 admin, 2 manager, 2 provider); ${runs} × ${SECONDS} s per figure (BENCH_MIXED_SECONDS).`,
  );
  return {
    section: 'mixed',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows: run.rows,
    notes,
    details: run.details,
  };
}
