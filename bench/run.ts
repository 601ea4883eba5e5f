/**
 * `npm run bench` (docs/decisions/0010-signed-in-first-load.md): builds the app, measures what staff feel and prints a table; writes
 * bench/results/latest.json (the previous one moves to previous.json). On this machine, 127.0.0.1 only.
 *
 *   npm run bench                          every section
 *   npm run bench -- --only api,scaling    some sections (load, lighthouse, offline, cache, api, scaling,
 *                                          stress, mixed, live, bulk, import, door, door-scan, dashboard,
 *                                          calendar, mail);
 *                                          the other sections of latest.json are kept as they were
 *   --runs N                               runs per figure (default 5; API figures use at most 3)
 *   --pglite-bookings N                    PGlite dataset of the API figures (default 100000)
 *   --postgres-bookings N                  PostgreSQL dataset (default 1000000; 0 skips PostgreSQL)
 *   --postgres-events N                    events of the PostgreSQL dataset (default 10000)
 *   --scaling 10000,100000,1000000         booking counts of the scaling figure
 * Environment: BENCH_DIST=<dir> skips the build; BENCH_API_SECONDS (default 10) per autocannon run;
 * BENCH_STRESS_SECONDS (default 30) per run of the 50-connection stress figure; BENCH_MIXED_SECONDS
 * (default 20) per run of the realistic mix; BENCH_BULK_SECONDS (default 15) per phase of the bulk section;
 * BENCH_MAIL_GUESTS (default 10000) guests of the mail section's event. A figure over its budget fails the run (exit code 1).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumVersion } from './lib/browser';
import { buildApp } from './lib/build';
import { table } from './lib/table';
import type { BenchContext, SectionResult } from './lib/types';
import { runApi, runScaling, runStress } from './sections/api';
import { runBulk } from './sections/bulk';
import { runImport } from './sections/import';
import { runCache } from './sections/cache';
import { runDoor } from './sections/door';
import { runDoorScan } from './sections/door-scan';
import { runCalendar } from './sections/calendar';
import { runDashboard } from './sections/dashboard';
import { runLive } from './sections/live';
import { runLighthouse } from './sections/lighthouse';
import { runLoad } from './sections/load';
import { runMail } from './sections/mail';
import { runMixed } from './sections/mixed';
import { runOffline } from './sections/offline';

// The realistic mix first: the table (and docs/performance.md) lead with what staff feel (ADR 0020).
const SECTIONS: Record<string, (ctx: BenchContext) => Promise<SectionResult>> = {
  mixed: runMixed,
  load: runLoad,
  lighthouse: runLighthouse,
  offline: runOffline,
  cache: runCache,
  api: runApi,
  scaling: runScaling,
  stress: runStress,
  live: runLive,
  bulk: runBulk,
  import: runImport,
  door: runDoor,
  'door-scan': runDoorScan,
  dashboard: runDashboard,
  calendar: runCalendar,
  mail: runMail,
};

const RESULTS = resolve('bench', 'results');
const LATEST = join(RESULTS, 'latest.json');
const PREVIOUS = join(RESULTS, 'previous.json');

export interface BenchResults {
  machine: {
    cores: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    chromium: string;
    platform: string;
  };
  commit: string;
  startedAt: string;
  finishedAt: string;
  runs: number;
  sections: Record<string, SectionResult>;
}

const log = (m: string) => console.info(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);

/** The sections asked for and the context they run in (the build made here). */
const parseOptions = () => {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string', default: '5' },
      'pglite-bookings': { type: 'string', default: '100000' },
      'postgres-bookings': { type: 'string', default: '1000000' },
      'postgres-events': { type: 'string', default: '10000' },
      scaling: { type: 'string', default: '10000,100000,1000000' },
    },
  });
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS);
  const unknown = only.filter((s) => !SECTIONS[s]);
  if (unknown.length)
    throw new Error(`Unknown section(s): ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);

  log('building the app (vite build --manifest)…');
  const build = buildApp();
  log(`build: ${build.seconds.toFixed(1)} s → ${build.distDir}`);
  const ctx: BenchContext = {
    distDir: build.distDir,
    runs: Math.max(1, Number(values.runs)),
    pgliteBookings: Number(values['pglite-bookings']),
    postgresBookings: Number(values['postgres-bookings']),
    postgresEvents: Number(values['postgres-events']),
    scaling: values.scaling
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
    log,
  };
  return { only, ctx };
};

/** Runs the sections in `only` over the previous results' sections; the names of those that failed. */
const runSections = async (
  only: string[],
  ctx: BenchContext,
  sections: Record<string, SectionResult>,
  commit: string,
) => {
  const failures: string[] = [];
  for (const name of only) {
    log(`section ${name}…`);
    const t0 = Date.now();
    try {
      sections[name] = await SECTIONS[name]!(ctx);
    } catch (err) {
      // One broken section must not lose the others' figures: it is recorded with its error.
      console.error(err);
      sections[name] = {
        section: name,
        measuredAt: new Date().toISOString(),
        seconds: (Date.now() - t0) / 1000,
        rows: [],
        notes: [`failed: ${(err as Error).message.split('\n')[0]}`],
      };
      failures.push(name);
    }
    sections[name].commit = commit;
    log(`section ${name}: ${sections[name].seconds.toFixed(0)} s`);
  }
  return failures;
};

const machineOf = async (): Promise<BenchResults['machine']> => {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpuModel: cpu[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1e9),
    node: process.version,
    chromium: await chromiumVersion(),
    platform: `${process.platform} ${process.arch}`,
  };
};

/** Writes latest.json (the previous one moves to previous.json). */
const writeResults = (results: BenchResults) => {
  mkdirSync(RESULTS, { recursive: true });
  if (existsSync(LATEST)) renameSync(LATEST, PREVIOUS);
  writeFileSync(LATEST, `${JSON.stringify(results, null, 2)}\n`);
};

/** Prints the table, the notes and the budgets' verdict; sets the exit code. */
const report = (results: BenchResults, only: string[], failures: string[]) => {
  const rows = Object.values(results.sections).flatMap((s) => s.rows);
  console.info(
    `\n${results.machine.cores} cores, ${results.machine.cpuModel}, Node ${results.machine.node}, Chromium ${results.machine.chromium}\n`,
  );
  console.info(table(rows));
  const notes = Object.values(results.sections).flatMap((s) => s.notes.map((n) => `- ${s.section}: ${n}`));
  if (notes.length) console.info(`\nNotes:\n${notes.join('\n')}`);
  const failed = rows.filter((r) => r.pass === false);
  console.info(
    failed.length
      ? `\n${failed.length} figure(s) over budget: ${failed.map((r) => r.figure).join('; ')}`
      : '\nEvery budget holds.',
  );
  console.info(`Written ${LATEST}`);
  // Only the figures measured now decide (the kept sections of an `--only` run were judged then).
  if (rows.some((r) => r.pass === false && only.includes(r.section))) process.exitCode = 1;
  if (failures.length) {
    console.error(`Section(s) failed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
};

const main = async () => {
  const startedAt = new Date().toISOString();
  const { only, ctx } = parseOptions();
  const previous: BenchResults | null = existsSync(LATEST)
    ? (JSON.parse(readFileSync(LATEST, 'utf8')) as BenchResults)
    : null;
  const sections: Record<string, SectionResult> = { ...(previous?.sections ?? {}) };
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const failures = await runSections(only, ctx, sections, commit);
  const results: BenchResults = {
    machine: await machineOf(),
    commit,
    startedAt,
    finishedAt: new Date().toISOString(),
    runs: ctx.runs,
    sections: Object.fromEntries(
      Object.keys(SECTIONS)
        .filter((k) => sections[k])
        .map((k) => [k, sections[k]!]),
    ),
  };
  writeResults(results);
  report(results, only, failures);
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
