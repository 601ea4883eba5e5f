/**
 * This process's work on the bulk jobs (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md):
 * one row at a time, its jobs in turn, paced around the requests it answers; resumed at start, stopped
 * at shutdown, and the finished jobs purged after their retention.
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { BULK_BATCH } from '../../src/contract/bulk';
import { IMPORT_ACTION } from '../../src/contract/import';
import type { ResourceKey } from '../../src/contract/areas';
import { DAY } from '../core/config';
import type { Db } from '../db/client';
import { bulkJobRows, bulkJobs } from '../db/schema';
import type { AppEnv, Deps } from '../http/types';
import { byKey, finishIfDone, processRow, standingOf, stopJob, type JobRun } from './bulk-rows';
import { processImportChunk } from './import-row';
import type { ResourceImpls } from './impl';
import type { RowAction } from './row-actions';

/** The row actions of every resource, by the contract's action names (`bulkActionsOf`). */
export type BulkRowActions = Partial<Record<ResourceKey, Record<string, RowAction>>>;

/* ------------------------------------------------------------ this process's runner */

/** A job this process works on. */
interface Entry {
  deps: Deps;
  impls: ResourceImpls;
  actions: BulkRowActions;
  jobId: number;
}

/**
 * The bulk work of this process: one row at a time, its jobs in turn, a batch each (a job of 5,000
 * rows does not hold back one of 10 for its whole length). Before each row it waits until this
 * process answers no request (at most QUIET_WAIT_MS, so that jobs go on under constant traffic), and
 * after it rests as long as the row took (times `bulkRowRest`, server/core/config.ts) if a request came meanwhile: other users' requests find the
 * database free at least half of the time (on PGlite, a transaction holds the only connection; on
 * PostgreSQL, the runner holds one connection and one core at most). An import's rows go a chunk at
 * a time (docs/decisions/0078-imports-commit-in-chunks.md).
 */
const runner = {
  queue: [] as Entry[],
  draining: null as Promise<void> | null,
  stopping: false,
  /** Requests this process is answering (`countRequests`). */
  answering: 0,
  /** Requests this process has begun answering (ever): those that came while a row ran. */
  arrived: 0,
  /** The waits under way, told when the process stops or stops answering requests. */
  waiting: new Set<() => void>(),
};

/** The longest a row waits for a moment without requests. */
const QUIET_WAIT_MS = 1000;

/**
 * Counts the requests this process is answering (server/app.ts, before every route), so that bulk
 * rows wait for a moment without any. A streamed answer counts until its stream starts.
 */
export const countRequests: MiddlewareHandler<AppEnv> = async (_c, next) => {
  runner.answering++;
  runner.arrived++;
  try {
    await next();
  } finally {
    if (--runner.answering === 0) for (const wake of [...runner.waiting]) wake();
  }
};

/** Waits `ms` at most: less when this process stops or, with `quiet`, once it answers no request. */
const wait = (ms: number, quiet = false): Promise<void> => {
  const over = () => runner.stopping || (quiet && runner.answering === 0);
  if (over()) return Promise.resolve();
  return new Promise((resolve) => {
    const end = () => {
      clearTimeout(timer);
      runner.waiting.delete(check);
      resolve();
    };
    const check = () => {
      if (over()) end();
    };
    const timer = setTimeout(end, ms);
    runner.waiting.add(check);
  });
};

/**
 * The rest after a row or a chunk that took `took` ms: as long as it took when a request came
 * meanwhile or is being answered, so that requests find the database free at least half of the
 * time; none when nobody asked (docs/decisions/0078-imports-commit-in-chunks.md).
 */
const restAfter = (took: number, arrivedBefore: number) =>
  runner.arrived !== arrivedBefore || runner.answering > 0 ? wait(took) : Promise.resolve();

/** Processes the next batch of a job; false once it has ended (or this process stops). */
const runBatch = async ({ deps, impls, actions, jobId }: Entry): Promise<boolean> => {
  const [job] = await deps.db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  if (!job || job.state !== 'running') return false;
  const resource = byKey.get(job.resource)!;
  // The caller as it is now, once per batch: blocked, demoted, or its provider blocked meanwhile,
  // the rest is refused with the reason and the job ends.
  const standing = await standingOf(deps, job, resource);
  if (standing.refusal !== undefined) {
    await stopJob(deps, job, standing.refusal);
    return false;
  }
  const run: JobRun = {
    deps,
    job,
    resource,
    impls,
    act: actions[resource.key as ResourceKey]?.[job.action],
    ctx: { deps, auth: standing.auth, lang: 'en', now: deps.config.now() },
  };
  if (job.action === IMPORT_ACTION) return runImportChunk(run);
  const rows = await deps.db
    .select({ seq: bulkJobRows.seq })
    .from(bulkJobRows)
    .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.state, 'pending')))
    .orderBy(asc(bulkJobRows.seq))
    .limit(BULK_BATCH);
  let mine = 0;
  for (const { seq } of rows) {
    await wait(QUIET_WAIT_MS, true);
    if (runner.stopping) return false;
    const started = performance.now();
    const arrived = runner.arrived;
    if (await processRow(run, seq)) mine++;
    await restAfter((performance.now() - started) * deps.config.bulkRowRest, arrived);
  }
  if (rows.length < BULK_BATCH && (await finishIfDone(deps, jobId))) return false;
  // Rows another process holds: let it finish them before looking again.
  if (rows.length && !mine) await wait(100);
  return true;
};

/**
 * An import's rows go a chunk to a transaction (docs/decisions/0078-imports-commit-in-chunks.md),
 * sized so that one holds the database about IMPORT_CHUNK_MS: grown while its chunks are quick,
 * shrunk when they are slow, between 1 and IMPORT_CHUNK_MAX rows. After each, the runner rests as
 * long as it took, as after a row of any other job.
 */
const IMPORT_CHUNK_MS = 50;
const IMPORT_CHUNK_MAX = 1000;
/** Per job this process runs: its chunk's size, and the seq its next chunk starts after. */
const chunks = new Map<number, { size: number; after: number }>();

const runImportChunk = async (run: JobRun): Promise<boolean> => {
  const { deps, job } = run;
  await wait(QUIET_WAIT_MS, true);
  if (runner.stopping) return false;
  const state = chunks.get(job.id) ?? { size: 10, after: -1 };
  chunks.set(job.id, state);
  const started = performance.now();
  const arrived = runner.arrived;
  const { claimed, last } = await processImportChunk(run, state.size, state.after);
  const took = performance.now() - started;
  if (claimed === state.size)
    state.size = Math.max(
      1,
      Math.min(IMPORT_CHUNK_MAX, Math.round((state.size * IMPORT_CHUNK_MS) / Math.max(took, 1))),
    );
  state.after = last;
  await restAfter(took * deps.config.bulkRowRest, arrived);
  if (claimed) return true;
  // None left past the last chunk: the job is done, or rows before it are pending again (another
  // process stopped with them) or held by another process: look again from the start.
  if (await finishIfDone(deps, job.id)) return false;
  state.after = -1;
  await wait(100);
  return true;
};

const drain = async () => {
  try {
    while (runner.queue.length && !runner.stopping) {
      const entry = runner.queue.shift()!;
      let more = false;
      try {
        more = await runBatch(entry);
      } catch (err) {
        console.error(`Bulk job ${entry.jobId} stopped:`, err);
      }
      if (more) runner.queue.push(entry);
      // However it ended here (finished, stopped, taken over), its chunk's size goes with it.
      else chunks.delete(entry.jobId);
    }
  } finally {
    runner.draining = null;
  }
};

/** Adds a job to this process's work (after the job's commit, or at start; kept while stopped). */
export const enqueue = (entry: Entry) => {
  runner.queue.push(entry);
  if (!runner.draining && !runner.stopping) runner.draining = drain();
};

/**
 * Resumes the jobs a stopped process left running (at start; their claimed rows were rolled back),
 * and this process's runner if it was stopped.
 */
export const resumeBulkJobs = async (deps: Deps, impls: ResourceImpls, actions: BulkRowActions) => {
  runner.stopping = false;
  const jobs = await deps.db
    .select({ id: bulkJobs.id })
    .from(bulkJobs)
    .where(eq(bulkJobs.state, 'running'))
    .orderBy(asc(bulkJobs.id));
  for (const job of jobs) enqueue({ deps, impls, actions, jobId: job.id });
};

/** Waits until this process has no bulk work left (tests). */
export const settleBulkJobs = async () => {
  while (runner.draining) await runner.draining;
};

/**
 * Stops this process's bulk work after the row under way (shutdown): its jobs stay running in the
 * database and go on at the next start (`resumeBulkJobs`), here or in another process.
 */
export const stopBulkJobs = async () => {
  runner.stopping = true;
  for (const wake of [...runner.waiting]) wake();
  await runner.draining;
  // What the next start goes on with is read from the database; an entry kept here would run twice
  // after a start in this process, or on the stopped app's connection.
  runner.queue.length = 0;
};

/* ------------------------------------------------------------------- purge */

/** How often the scheduler purges finished bulk jobs past their retention (server/main.ts). */
export const BULK_PURGE_EVERY_MS = 60 * 60 * 1000;
/** Jobs removed per statement (each with its rows: at most BULK_MAX apiece). */
const PURGE_JOBS_AT_ONCE = 10;

/**
 * Removes the jobs that finished more than `days` before `now`, with their rows (cascade), a few
 * jobs a statement with a rest between, so a large backlog does not hold the database. Safe in
 * several processes at once: each statement takes only jobs no other holds (`SKIP LOCKED`).
 * Running jobs are never purged. Returns how many jobs it removed.
 */
export const purgeBulkJobs = async (db: Db, now: Date, days: number): Promise<number> => {
  const before = new Date(now.getTime() - days * DAY);
  let purged = 0;
  for (;;) {
    const started = performance.now();
    const gone = await db
      .delete(bulkJobs)
      .where(
        inArray(
          bulkJobs.id,
          db
            .select({ id: bulkJobs.id })
            .from(bulkJobs)
            .where(and(eq(bulkJobs.state, 'finished'), lt(bulkJobs.finishedAt, before)))
            .limit(PURGE_JOBS_AT_ONCE)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning({ id: bulkJobs.id });
    purged += gone.length;
    if (gone.length < PURGE_JOBS_AT_ONCE) return purged;
    await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
  }
};
