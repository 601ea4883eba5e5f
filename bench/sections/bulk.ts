/**
 * Bulk jobs beside other users (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md): on
 * PGlite with the demo data, other users (a manager and a provider: four clients, each one request
 * after another with a short pause) read lists, details and dashboards, every answer from the
 * database. In turns of
 * BENCH_BULK_SECONDS (default 5), three times: alone, then beside the most bulk jobs the server
 * lets two admins run (two each, on every booking of the demo: cancel, pay, confirm, refund; a
 * third job of one admin must answer 429), which end when an admin blocks the two (the jobs refuse
 * their rest at their next batch). Taking turns spreads whatever else the machine does over both.
 * Figures: the other users' p50 and p99 alone and beside the jobs, p99 beside ÷ p99 alone (budget:
 * bench/budgets.json `bulk.p99Ratio`), and the bulk rows processed per second meanwhile (what pacing
 * the jobs costs them). Then the same on PostgreSQL (a database of its own in the bench's cluster,
 * demo data; skipped with `--postgres-bookings 0`).
 */
import { readBudgets } from '../lib/budgets';
import { freshDataDir } from '../lib/data';
import { psql, startPostgres } from '../lib/postgres';
import { login, startServer, type BenchServer, signInAs } from '../lib/server';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { percentile, stat } from '../lib/stats';
import { budgetRow, row, type BenchContext, type Row, type SectionResult } from '../lib/types';

const SECONDS = Number(process.env.BENCH_BULK_SECONDS ?? 5);
const ROUNDS = 3;
const CLIENTS = 4;
const PAUSE_MS = 20;
/** Each admin's two jobs, on every booking. */
const JOBS = [
  [{ status: 'cancelled', note: 'Bench' }, { paymentStatus: 'paid' }],
  [{ status: 'confirmed' }, { paymentStatus: 'refunded' }],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: Headers;
  data: Record<string, unknown>;
}

type Call = (method: string, path: string, token: string, body?: unknown) => Promise<Answer>;

const callerOf =
  (base: string): Call =>
  async (method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: Record<string, unknown> };
    return { status: res.status, headers: res.headers, data: json.data ?? {} };
  };

/** What another user reads: its lists, some details, its dashboard. */
const pathsOf = async (call: Call, token: string, dashboard: string) => {
  const bookings = (await call('GET', '/api/booking?pageSize=50', token)).data.items as { id: number }[];
  const events = (await call('GET', '/api/event?pageSize=25', token)).data.items as { id: number }[];
  return [
    '/api/booking?pageSize=25',
    '/api/booking?pageSize=25&page=2&sort=total&order=desc',
    '/api/booking?status=confirmed&pageSize=25',
    '/api/event?pageSize=25',
    dashboard,
    ...bookings.slice(0, 10).map((b) => `/api/booking/details/${b.id}`),
    ...events.slice(0, 5).map((e) => `/api/event/${e.id}`),
  ];
};

/** The other users' traffic for `seconds`: each answer's time into `latencies`; the errors counted. */
const traffic = async (
  base: string,
  users: { token: string; paths: string[] }[],
  seconds: number,
  latencies: number[],
) => {
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const { token, paths } = users[c % users.length]!;
      for (let i = c; Date.now() < until; i++) {
        const sent = performance.now();
        const res = await fetch(`${base}${paths[i % paths.length]!}`, {
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (!res.ok) errors++;
        await sleep(PAUSE_MS);
      }
    }),
  );
  return errors;
};

interface Turn {
  /** Rows the jobs processed while the other users were measured, and in how many seconds. */
  rows: number;
  seconds: number;
  /** The total of each job, and how a third job of one admin was answered. */
  total: number;
  third: string;
  errors: number;
}

/**
 * One turn beside the jobs: the two admins start their jobs (and a third one), the other users are
 * measured, then the main admin blocks the two, which ends their jobs (at their next batch: a batch
 * is about a second of work, so after 5 s none runs), and unblocks them.
 */
const besideJobs = async (
  call: Call,
  port: number,
  admin: string,
  bulkers: { id: number; email: string }[],
  measure: () => Promise<number>,
): Promise<Turn> => {
  const tokens = await Promise.all(bulkers.map((b) => login(port, b.email)));
  const jobs: { id: number; owner: number }[] = [];
  let total = 0;
  for (const [owner, token] of tokens.entries())
    for (const params of JOBS[owner]!) {
      const res = await call('POST', '/api/booking/bulk', token, { filter: {}, action: 'status', params });
      if (res.status !== 201) throw new Error(`bulk job: ${res.status} ${JSON.stringify(res.data)}`);
      jobs.push({ id: res.data.id as number, owner });
      total = res.data.total as number;
    }
  const extra = await call('POST', '/api/booking/bulk', tokens[0]!, {
    filter: {},
    action: 'status',
    params: { paymentStatus: 'failed' },
  });
  if (extra.status === 201) jobs.push({ id: extra.data.id as number, owner: 0 });
  const third =
    extra.status === 429
      ? `429 (Retry-After ${extra.headers.get('retry-after')} s, RateLimit-Policy ${extra.headers.get('ratelimit-policy')})`
      : String(extra.status);
  const processed = async (owners: string[]) => {
    let n = 0;
    for (const job of jobs) {
      const data = (await call('GET', `/api/bulk/${job.id}`, owners[job.owner]!)).data;
      n += (data.done as number) + (data.unchanged as number) + (data.refused as number);
    }
    return n;
  };
  const before = await processed(tokens);
  const started = performance.now();
  const errors = await measure();
  const rows = (await processed(tokens)) - before;
  const seconds = (performance.now() - started) / 1000;
  const setStatus = async (id: number, status: '1' | '3') => {
    const res = await call('POST', '/api/users/approve', admin, {
      id,
      status,
      reason: status === '3' ? 'Bench: end the bulk jobs' : null,
    });
    if (res.status !== 200) throw new Error(`status ${status} of user ${id}: ${res.status}`);
  };
  for (const b of bulkers) await setStatus(b.id, '3');
  await sleep(5000);
  for (const b of bulkers) await setStatus(b.id, '1');
  const again = await Promise.all(bulkers.map((b) => login(port, b.email)));
  for (const job of jobs) {
    const state = (await call('GET', `/api/bulk/${job.id}`, again[job.owner]!)).data.state as string;
    if (state !== 'finished')
      throw new Error(`bulk job ${job.id} still ${state} after its admin was blocked`);
  }
  return { rows, seconds, total, third, errors };
};

/** The turns on one server: its rows (figures labelled `label`) and a note. */
const measureOn = async (
  ctx: BenchContext,
  label: string,
  server: BenchServer,
): Promise<{ rows: Row[]; note: string }> => {
  const section = 'bulk';
  const budget = readBudgets().bulk;
  const base = `http://127.0.0.1:${server.port}`;
  const call = callerOf(base);
  const admin = await signInAs(server.port, 'admin');
  const bulkers: { id: number; email: string }[] = [];
  for (const n of [1, 2]) {
    const email = `bench-bulk-${n}@example.com`;
    const created = await call('POST', '/api/users', admin, {
      name: { en: `Bench Admin ${n}`, ar: `مشرف القياس ${n}` },
      email,
      phone: null,
      role: 'admin',
      password: DEMO_PASSWORD, // what `login` signs in with
    });
    if (created.status !== 201)
      throw new Error(`admin ${n}: ${created.status} ${JSON.stringify(created.data)}`);
    bulkers.push({ id: created.data.id as number, email });
  }
  const manager = await signInAs(server.port, 'manager');
  const provider = await signInAs(server.port, 'provider');
  const users = [
    { token: manager, paths: await pathsOf(call, manager, '/api/admin-dashboard-stats') },
    { token: provider, paths: await pathsOf(call, provider, '/api/serviceproviderDashboard') },
  ];
  const alone: number[] = [];
  const beside: number[] = [];
  const turns: Turn[] = [];
  let errors = await traffic(base, users, 2, []); // warm-up
  for (let round = 1; round <= ROUNDS; round++) {
    ctx.log(
      `bulk: ${label}, round ${round}/${ROUNDS}: other users alone, then beside the jobs, ${SECONDS} s each…`,
    );
    errors += await traffic(base, users, SECONDS, alone);
    turns.push(
      await besideJobs(call, server.port, admin, bulkers, () => traffic(base, users, SECONDS, beside)),
    );
  }
  errors += turns.reduce((n, t) => n + t.errors, 0);
  alone.sort((a, b) => a - b);
  beside.sort((a, b) => a - b);
  const rowsPerSecond = turns.reduce((n, t) => n + t.rows, 0) / turns.reduce((n, t) => n + t.seconds, 0);
  return {
    rows: [
      row(section, `${label}: other users alone, p50`, 'ms', stat([percentile(alone, 50)])),
      row(section, `${label}: other users alone, p99`, 'ms', stat([percentile(alone, 99)])),
      row(section, `${label}: beside 4 bulk jobs of 2 admins, p50`, 'ms', stat([percentile(beside, 50)])),
      row(section, `${label}: beside 4 bulk jobs of 2 admins, p99`, 'ms', stat([percentile(beside, 99)])),
      budgetRow(
        section,
        `${label}: p99 beside the bulk jobs ÷ p99 alone`,
        '×',
        [percentile(beside, 99) / percentile(alone, 99)],
        { max: budget?.p99Ratio },
      ),
      row(section, `${label}: bulk rows processed meanwhile`, 'rows/s', stat([rowsPerSecond])),
    ],
    note: `${label}: each job on all ${turns[0]!.total} bookings; ${alone.length} requests alone and ${beside.length} beside the jobs, ${errors} errors; a third job of one admin answered ${turns.map((t) => t.third).join(', ')}.`,
  };
};

export async function runBulk(ctx: BenchContext): Promise<SectionResult> {
  const t0 = Date.now();
  const rows: Row[] = [];
  const notes = [
    `Demo data; ${CLIENTS} clients of a manager and a provider, one request after another with ${PAUSE_MS} ms between; ${ROUNDS} turns of ${SECONDS} s alone then ${SECONDS} s beside the jobs; one run.`,
  ];
  const pglite = await startServer({
    distDir: ctx.distDir,
    dataDir: await freshDataDir('bulk'),
  });
  try {
    const measured = await measureOn(ctx, 'PGlite', pglite);
    rows.push(...measured.rows);
    notes.push(measured.note);
  } finally {
    await pglite.stop();
  }
  if (ctx.postgresBookings > 0) {
    // A database of its own, seeded with the demo data by the server's start (demo mode).
    const pg = startPostgres('postgres');
    psql('postgres', 'drop database if exists bench_bulk with (force)');
    psql('postgres', 'create database bench_bulk');
    const url = pg.url.replace(/\/postgres$/, '/bench_bulk');
    const server = await startServer({
      distDir: ctx.distDir,
      dataDir: await freshDataDir('bulk-postgres'),
      databaseUrl: url,
    });
    try {
      const measured = await measureOn(ctx, 'PostgreSQL', server);
      rows.push(...measured.rows);
      notes.push(measured.note);
    } finally {
      await server.stop();
      pg.stop();
    }
  } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  return {
    section: 'bulk',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - t0) / 1000,
    rows,
    notes,
  };
}
