/**
 * Section `readcache`: the read cache's verdict (docs/decisions/0009-read-cache-and-booking-aggregates.md).
 * The realistic mix of the `mixed` section with the cache off and on in alternating rounds (a new
 * server each, so both meet the same machine), on PGlite and on PostgreSQL with 100 k bookings, and
 * what the cache multiplies the throughput by. It earns its place where that is 1.5× or more.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededPglite } from '../lib/data';
import type { BenchContext, Row, SectionResult } from '../lib/types';
import { postgresDataset } from './api';
import { SECONDS } from './mixed-measure';
import { measureReadCache } from './mixed-variants';

const k = (n: number) => `${Math.round(n / 1000)}k`;

export async function runReadCache(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const runs = Math.min(ctx.runs, 3);
  const statsFile = join(tmpdir(), `ebo-bench-readcache-${process.pid}.json`);
  const rows: Row[] = [];
  const notes = [`${runs} alternating rounds of ${SECONDS} s per variant (BENCH_MIXED_SECONDS).`];
  try {
    const dataDir = await seededPglite(ctx.pgliteBookings, Math.max(100, ctx.pgliteBookings / 100), ctx.log);
    rows.push(
      ...(await measureReadCache(ctx, { name: `PGlite ${k(ctx.pgliteBookings)}`, dataDir }, statsFile, runs)),
    );
    if (ctx.postgresBookings > 0) {
      const pg = await postgresDataset(ctx, 100_000, 1_000);
      try {
        rows.push(...(await measureReadCache(ctx, { name: 'PostgreSQL 100k', ...pg }, statsFile, runs)));
      } finally {
        pg.stop();
      }
    } else notes.push('PostgreSQL skipped (--postgres-bookings 0).');
  } finally {
    rmSync(statsFile, { force: true });
  }
  return {
    section: 'readcache',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
  };
}
