/**
 * Part of the `mixed` section (bench/sections/mixed.ts): the mix in variants run in alternating
 * rounds (a new server each): worker processes, the embedded database's thread, the audit trail.
 */
import { budgetRow, row, type BenchContext, type Row } from '../lib/types';
import { psql } from '../lib/postgres';
import { startServer } from '../lib/server';
import { stat } from '../lib/stats';
import type { postgresDataset } from './api';
import { idleMemoryOf, measureMix } from './mixed-measure';
import type { MixResult } from './mixed-run';

export type Dataset = Awaited<ReturnType<typeof postgresDataset>>;

/** A database the mix runs on: PGlite in `dataDir`, or PostgreSQL at `url`; `name` starts its figures. */
export interface MixData {
  name: string;
  dataDir: string;
  url?: string;
}

/**
 * The mix on one database, once per variant in each of `runs` alternating rounds (a new server
 * each, so that a variant's environment or database setting applies to all its sessions), with each
 * PGlite server's idle memory.
 */
const alternating = async <K extends string>(
  ctx: BenchContext,
  data: MixData,
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
        ...(variants[key].env ? { env: variants[key].env } : {}),
      });
      try {
        if (!data.url) idle[key].push(await idleMemoryOf(server));
        const { shots } = await measureMix(ctx, server, `${data.name}, ${key}`, undefined, 1);
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
  runs: number,
  variants: Record<string, NodeJS.ProcessEnv>,
): Promise<{ rows: Row[]; idle: Record<string, number[]> }> => {
  const { results, idle } = await alternating(
    ctx,
    data,
    runs,
    Object.fromEntries(Object.entries(variants).map(([k, env]) => [k, { env }])),
  );
  const rows = Object.entries(results).flatMap(([variant, shots]) => {
    const label = `${data.name}, mix, ${variant} (alternating rounds)`;
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
 * beside one process, in alternating rounds so that both meet the same machine. Peak memory is the
 * primary's only; the workers' is not in the row.
 */
export const measureWorkers = async (ctx: BenchContext, pg: Dataset, runs: number) =>
  (
    await variantRows(ctx, { name: 'PostgreSQL 100k', ...pg }, runs, {
      'WORKERS=1': { WORKERS: '1' },
      'WORKERS=2': { WORKERS: '2' },
    })
  ).rows;

/**
 * The mix on PGlite with the database on the server's thread and on its own
 * (docs/decisions/0033-the-embedded-database-on-its-own-thread.md).
 */
export const measureThread = (ctx: BenchContext, data: MixData, runs: number) =>
  variantRows(ctx, data, runs, {
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
 * 100 k, the mix with the trail on and off in alternating rounds, a new server each (the
 * setting applies to new sessions). Budget: the writes' p50 with the trail at most `maxRatio` × without.
 */
export const measureTrailCost = async (
  ctx: BenchContext,
  pg: Dataset,
  runs: number,
  maxRatio: number | undefined,
): Promise<Row[]> => {
  let results: Record<'off' | 'on', MixResult[]>;
  try {
    ({ results } = await alternating(ctx, { name: 'PostgreSQL 100k', ...pg }, runs, {
      off: { before: () => setTrail(pg.url, false) },
      on: { before: () => setTrail(pg.url, true) },
    }));
  } finally {
    setTrail(pg.url, true);
  }
  const rows = (['off', 'on'] as const).flatMap((trail) => {
    const label = `PostgreSQL 100k, mix, audit trail ${trail} (alternating rounds)`;
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
