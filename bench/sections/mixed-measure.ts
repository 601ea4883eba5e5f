/**
 * Part of the `mixed` section (bench/sections/mixed.ts): the mix on one server and its rows, each
 * list workload alone, and the server's memory.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import type { MixedBudget } from '../lib/budgets';
import { apiOf, type BenchServer, signInAs } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { budgetRow, row, type BenchContext, type Row } from '../lib/types';
import { seenBy, writerOf } from './mixed-roles';
import { CONNECTIONS, runMix, type MixResult } from './mixed-run';

export const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const WORKLOAD_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);

/** The server's memory (MB) from /proc: `VmRSS` now, `VmHWM` the peak since it started. */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** A server's resident memory 3 s after its first answer, before any load. */
export const idleMemoryOf = async (server: BenchServer) => {
  await new Promise((r) => setTimeout(r, 3000));
  return memoryOf(server.pid, 'VmRSS');
};

/** The mix on one server, `runs` times; its rows. */
export const measureMix = async (
  ctx: BenchContext,
  server: BenchServer,
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
  const shots = await repeat(runs, () => runMix(api, seen, writer, SECONDS));
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
  return { rows, shots };
};

/** Each list workload of the issue's table alone, and one booking by id (PGlite). */
export const measureWorkloads = async (
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
    const name = `PGlite 100k, 10 connections: ${label}`;
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
