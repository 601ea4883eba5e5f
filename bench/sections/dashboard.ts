/**
 * The admin dashboard over a year (docs/decisions/0068-dashboards-over-a-period.md): GET /api/dashboard/
 * for the last 365 platform days, one connection, one request after another, on PGlite with
 * `--pglite-bookings` (100 k) and PostgreSQL with `--postgres-bookings` (1 M; 0 skips it). Budgets
 * (`bench/budgets.json` `dashboard`): the p50 (ms) of each, at most.
 */
import { addDays } from '../../src/contract/periods';
import { readBudgets } from '../lib/budgets';
import { seededPglite } from '../lib/data';
import { apiOf, type BenchServer, signInAs, startServer } from '../lib/server';
import { budgetRow, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { postgresDataset } from './api';
import { p50OneByOne } from './one-by-one';

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** The p50 of each run: the dashboard of the 365 days that end on the server's platform day. */
const yearP50s = async (server: BenchServer, runs: number) => {
  const api = apiOf(server.port);
  const token = await signInAs(server.port, 'admin');
  const { today } = (await api.get('/api/admin-dashboard-stats', token)).data as { today: string };
  const path = `/api/dashboard/?from=${addDays(today, -364)}&to=${today}`;
  const p50s: number[] = [];
  for (let run = 0; run < runs; run++) p50s.push(await p50OneByOne(api, token, path));
  return p50s;
};

export async function runDashboard(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const budgets = readBudgets().dashboard;
  const rows: Row[] = [];
  const notes: string[] = [];
  const runs = Math.min(ctx.runs, 3);
  const figure = (db: string) => `${db}: admin dashboard over 365 days, one connection, p50`;

  const dir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
  let server = await startServer({ distDir: ctx.distDir, dataDir: dir });
  try {
    rows.push(
      budgetRow('dashboard', figure(`PGlite ${k(ctx.pgliteBookings)}`), 'ms', await yearP50s(server, runs), {
        max: budgets?.pgliteP50,
      }),
    );
  } finally {
    await server.stop();
  }
  if (ctx.postgresBookings > 0) {
    const pg = await postgresDataset(ctx, ctx.postgresBookings, ctx.postgresEvents);
    server = await startServer({ distDir: ctx.distDir, dataDir: pg.dataDir, databaseUrl: pg.url });
    try {
      rows.push(
        budgetRow(
          'dashboard',
          figure(`PostgreSQL ${k(ctx.postgresBookings)}`),
          'ms',
          await yearP50s(server, runs),
          { max: budgets?.postgresP50 },
        ),
      );
    } finally {
      await server.stop();
      pg.stop();
    }
  } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  return {
    section: 'dashboard',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}
