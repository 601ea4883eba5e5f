/**
 * Bulk jobs (docs/decisions/0021-bulk-actions-and-list-keyboard.md): `POST /api/<key>/bulk` records
 * the job and its rows in the database and answers at once; the rows are then processed in batches
 * of BULK_BATCH, each row in its own transaction that claims it with `FOR UPDATE SKIP LOCKED` (two
 * processes, or two runs, never process a row twice) and runs it in a savepoint, through the
 * row action of the single-row endpoint (server/http/row-actions.ts): the same permission,
 * ownership and transition rules, each row answered on its own. `GET /api/bulk/:id` reports it, from
 * whichever server process.
 *
 * Bounds (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md, docs/security.md "Bulk jobs"):
 * a user runs at most BULK_RUNNING_PER_USER jobs at once (counted under a lock of the user, so
 * parallel starts cannot pass it; one more answers 429); a process works on one row at a time, its
 * jobs in turn batch by batch, each row once the process answers no request and followed by a rest
 * as long as it took, so other users' requests find the database free; each batch first reads the
 * caller's standing again and, when it may no longer run the job, refuses the rest with the reason
 * and ends it; the scheduler purges finished jobs after BULK_RETENTION_DAYS.
 */
import { bulkOperation } from './undoable';
import { setAuditContext, type AuditContext } from '../audit/trail';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import {
  BULK_BATCH,
  BULK_MAX,
  BULK_ROWS_PAGE,
  BULK_RUNNING_PER_USER,
  bulkActionsOf,
  bulkApi,
  bulkEndpoints,
  type BulkBody,
  type BulkRowState,
} from '../../src/contract/bulk';
import { USER_STATUS } from '../../src/contract/roles';
import { resources, type ResourceKey } from '../../src/contract/areas';
import { localizeMessage, msg } from '../../src/contract/messages';
import type { Resource } from '../../src/contract/resource';
import { permissionsOf, providerRefusal, providerStatusOfUser, type AuthInfo } from '../auth/sessions';
import { DAY } from '../core/config';
import type { Db, Executor, Tx } from '../db/client';
import { bulkJobRows, bulkJobs, users } from '../db/schema';
import { smsg } from '../core/messages';
import { HttpError, forbidden, notFound, tooManyRequests } from '../core/errors';
import { allOrNothing } from './idempotency';
import { matchingIds, type ResourceImpls } from './resource-router';
import { allows, route, validate } from './route';
import type { RowAction, RowCtx } from './row-actions';
import type { App, AppEnv, Deps } from './types';

/** The row actions of every resource, by the contract's action names (`bulkActionsOf`). */
export type BulkRowActions = Partial<Record<ResourceKey, Record<string, RowAction>>>;

type Job = typeof bulkJobs.$inferSelect;

const byKey = new Map<string, Resource>(resources.map((r) => [r.key, r]));

/** The single-row endpoint's permission for this caller (a shared master path: the resource's). */
const mayRun = (resource: Resource, action: string, auth: AuthInfo) => {
  const single = bulkActionsOf(resource)[action]!.single;
  const access = single.access;
  const permission = access.kind === 'session' && access.permissionBy ? resource.permission : null;
  return allows(access, auth, permission ?? (access.kind === 'session' ? access.permission : null));
};

/** The row's body as the single-row endpoint gets it (validated by its schema: the same rules). */
const rowBody = (resource: Resource, action: string, params: Record<string, unknown>, id: number) => {
  if (action === 'delete') return { id };
  const single = bulkActionsOf(resource)[action]!.single;
  return validate(single.body!, { ...params, id }) as { id: number };
};

/** A refusal's message: the field's own message when the refusal names one field. */
const refusalOf = (err: HttpError) => {
  const fields = Object.values(err.errors ?? {});
  return err.message === msg('validationFailed') && fields.length ? fields[0]! : err.message;
};

/** Why the caller may no longer run the job, or its account as it is now (read before each batch). */
type Standing = { auth: AuthInfo; refusal?: undefined } | { refusal: string };

/**
 * The caller as the job's next batch is processed, as it is now: its account still active, the
 * provider it supervises for (the owner of its scope) still active, its role still allowed the
 * action. Else the reason, which every row left is refused with.
 */
const standingOf = async (deps: Deps, job: Job, resource: Resource): Promise<Standing> => {
  const [row] = await deps.db
    .select({ user: users, providerStatus: providerStatusOfUser })
    .from(users)
    .where(eq(users.id, job.userId));
  if (!row) return { refusal: smsg('bulkCallerGone') };
  if (row.user.status !== USER_STATUS.active) return { refusal: smsg('bulkStoppedInactive') };
  if (providerRefusal(row.providerStatus)) return { refusal: smsg('bulkStoppedProvider') };
  const auth: AuthInfo = {
    user: row.user,
    sessionId: 0,
    permissions: await permissionsOf(deps.db, row.user.role),
  };
  if (!mayRun(resource, job.action, auth)) return { refusal: smsg('bulkStoppedPermission') };
  return { auth };
};

/** Who changes a job's rows, for the triggers: the caller, as in its request, named by the job. */
const bulkAuditContext = (job: Job, auth: AuthInfo, now: Date): AuditContext => ({
  at: now,
  actorId: auth.user.id,
  actorName: auth.user.name,
  actorRole: auth.user.role,
  actingFor: auth.user.providerId ?? null,
  requestId: `bulk-${job.id}`,
  ip: null,
  userAgent: null,
  deviceAt: null,
  operation: bulkOperation(job.resource, job.action),
});

interface Outcome {
  state: BulkRowState;
  version: number | null;
  message: string | null;
  after?: (deps: Deps) => Promise<void>;
}

const runRow = async (
  tx: Tx,
  ctx: RowCtx,
  resource: Resource,
  impls: ResourceImpls,
  act: RowAction,
  job: Job,
  id: number,
): Promise<Outcome> => {
  const impl = impls[resource.key]!;
  try {
    return await tx.transaction(async (sp) => {
      const result = await act(sp, ctx, rowBody(resource, job.action, job.params, id));
      const [row] =
        job.action === 'delete'
          ? []
          : ((await sp
              .select({ version: impl.columns.version })
              .from(impl.table)
              .where(eq(impl.columns.id, id))) as { version: number }[]);
      return {
        state: result.changed ? 'done' : 'unchanged',
        version: row?.version ?? null,
        message: null,
        after: result.after,
      };
    });
  } catch (err) {
    if (err instanceof HttpError) return { state: 'refused', version: null, message: refusalOf(err) };
    console.error(`Bulk job ${job.id}: ${resource.key} ${id} failed:`, err);
    return { state: 'refused', version: null, message: smsg('bulkRowFailed') };
  }
};

interface JobRun {
  deps: Deps;
  job: Job;
  resource: Resource;
  impls: ResourceImpls;
  act: RowAction | undefined;
  ctx: RowCtx;
}

/**
 * Processes one row in its own transaction: claimed with `FOR UPDATE SKIP LOCKED` (another run of
 * the job skips it), run in a savepoint, recorded, counted. A transaction per row holds no lock of
 * one row while it waits for another's, so jobs on the same rows cannot deadlock one another.
 */
const processRow = async (run: JobRun, seq: number) => {
  const { deps, job, resource, act, ctx } = run;
  let after: ((deps: Deps) => Promise<void>) | undefined;
  const mine = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ recordId: bulkJobRows.recordId })
      .from(bulkJobRows)
      .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.seq, seq), eq(bulkJobRows.state, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return false;
    // The row's change is on the audit trail and the live log as the job's caller's (ADR 0017, 0021).
    await setAuditContext(tx, bulkAuditContext(job, ctx.auth, deps.config.now()));
    const outcome: Outcome = act
      ? await runRow(tx, ctx, resource, run.impls, act, job, row.recordId)
      : { state: 'refused', version: null, message: forbidden().message };
    after = outcome.after;
    await tx
      .update(bulkJobRows)
      .set({ state: outcome.state, version: outcome.version, message: outcome.message })
      .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.seq, seq)));
    const column = outcome.state as 'done' | 'unchanged' | 'refused';
    await tx
      .update(bulkJobs)
      .set({ [column]: sql`${bulkJobs[column]} + 1` })
      .where(eq(bulkJobs.id, job.id));
    return true;
  });
  if (after)
    await after(deps).catch((err: unknown) => console.error(`Bulk job ${job.id}: after-work failed:`, err));
  return mine;
};

/** Marks the job finished once no row is pending (whichever run processed the last one); true if so. */
const finishIfDone = async (deps: Deps, jobId: number) =>
  (
    await deps.db
      .update(bulkJobs)
      .set({ state: 'finished', finishedAt: deps.config.now() })
      .where(
        and(
          eq(bulkJobs.id, jobId),
          eq(bulkJobs.state, 'running'),
          sql`not exists (select 1 from ${bulkJobRows} where ${bulkJobRows.jobId} = ${jobId} and ${bulkJobRows.state} = 'pending')`,
        ),
      )
      .returning({ id: bulkJobs.id })
  ).length > 0;

/**
 * Ends a job whose caller may no longer run it: every row still pending is refused with `reason`
 * and counted, and the job is finished, in one transaction. A row another process is running is
 * locked: this waits for it, and then it is no longer pending.
 */
const stopJob = (deps: Deps, job: Job, reason: string) =>
  deps.db.transaction(async (tx) => {
    const refused = await tx
      .update(bulkJobRows)
      .set({ state: 'refused', message: reason })
      .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.state, 'pending')))
      .returning({ seq: bulkJobRows.seq });
    await tx
      .update(bulkJobs)
      .set({
        refused: sql`${bulkJobs.refused} + ${refused.length}`,
        state: 'finished',
        finishedAt: deps.config.now(),
      })
      .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.state, 'running')));
  });

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
 * after it rests as long as the row took: other users' requests find the database free at least half
 * of the time (on PGlite, a transaction holds the only connection; on PostgreSQL, the runner holds
 * one connection and about one core at most).
 */
const runner = {
  queue: [] as Entry[],
  draining: null as Promise<void> | null,
  stopping: false,
  /** Requests this process is answering (`countRequests`). */
  answering: 0,
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
    if (await processRow(run, seq)) mine++;
    await wait(performance.now() - started);
  }
  if (rows.length < BULK_BATCH && (await finishIfDone(deps, jobId))) return false;
  // Rows another process holds: let it finish them before looking again.
  if (rows.length && !mine) await wait(100);
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
    }
  } finally {
    runner.draining = null;
  }
};

/** Adds a job to this process's work (after the job's commit, or at start; kept while stopped). */
const enqueue = (entry: Entry) => {
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

/* ------------------------------------------------------------------- bounds */

/** How long one row of a job that has not processed any yet is taken to need (with its rest). */
const ASSUMED_ROW_MS = 40;
/** The longest Retry-After a refused start is told. */
const MAX_RETRY_MS = 30 * 60 * 1000;

/** How long a running job may still take: its rows left at the pace it has kept so far. */
const remainingMs = (job: Pick<Job, 'total' | 'done' | 'unchanged' | 'refused' | 'createdAt'>, now: Date) => {
  const processed = job.done + job.unchanged + job.refused;
  const elapsed = now.getTime() - job.createdAt.getTime();
  const perRow = processed > 0 && elapsed > 0 ? elapsed / processed : ASSUMED_ROW_MS;
  return Math.min(MAX_RETRY_MS, Math.max(1000, (job.total - processed) * perRow));
};

/**
 * Makes room for one more job of the user, or refuses it: 429 while BULK_RUNNING_PER_USER of its
 * jobs run, with Retry-After (when the first of them should end) and the RateLimit fields
 * (docs/security.md). Counted under an advisory lock of the user that the job-creating transaction
 * holds until it commits, so parallel starts are judged one after the other and cannot all pass.
 */
const takeRunningSlot = async (tx: Executor, userId: number, now: Date) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bulk-jobs:${userId}`}))`);
  const running = await tx
    .select({
      total: bulkJobs.total,
      done: bulkJobs.done,
      unchanged: bulkJobs.unchanged,
      refused: bulkJobs.refused,
      createdAt: bulkJobs.createdAt,
    })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.userId, userId), eq(bulkJobs.state, 'running')));
  if (running.length < BULK_RUNNING_PER_USER) return;
  const waitMs = Math.min(...running.map((job) => remainingMs(job, now)));
  throw tooManyRequests(
    smsg('bulkTooManyRunning', {
      n: BULK_RUNNING_PER_USER,
      minutes: Math.max(1, Math.ceil(waitMs / 60_000)),
    }),
    waitMs,
    { max: BULK_RUNNING_PER_USER, windowMs: waitMs },
  );
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

/* ------------------------------------------------------------------ answers */

const jobAnswer = async (deps: Deps, job: Job, lang: 'en' | 'ar', from: number, only?: 'refused') => {
  const rows = await deps.db
    .select()
    .from(bulkJobRows)
    .where(
      and(
        eq(bulkJobRows.jobId, job.id),
        gt(bulkJobRows.seq, from - 1),
        only ? eq(bulkJobRows.state, only) : sql`${bulkJobRows.state} <> 'pending'`,
      ),
    )
    .orderBy(asc(bulkJobRows.seq))
    .limit(BULK_ROWS_PAGE + 1);
  const page = rows.slice(0, BULK_ROWS_PAGE);
  return {
    id: job.id,
    resource: job.resource,
    action: job.action,
    params: job.params,
    state: job.state as 'running' | 'finished',
    total: job.total,
    done: job.done,
    unchanged: job.unchanged,
    refused: job.refused,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    rows: page.map((r) => ({
      id: r.recordId,
      state: r.state as BulkRowState,
      version: r.version,
      message: r.message === null ? null : localizeMessage(r.message, lang),
    })),
    next: rows.length > BULK_ROWS_PAGE ? page[page.length - 1]!.seq + 1 : null,
  };
};

/** Routes `POST /api/<key>/bulk` of every resource and `GET /api/bulk/:id`. */
export const registerBulkRoutes = (app: App, impls: ResourceImpls, actions: BulkRowActions) => {
  for (const [key, endpoint] of Object.entries(bulkEndpoints)) {
    const resource = byKey.get(key)!;
    route(app, endpoint!, async ({ deps, body, requireAuth, lang }) => {
      const auth = requireAuth();
      const { action, ids, filter, params } = body as BulkBody;
      if (!actions[key as ResourceKey]?.[action]) throw notFound();
      if (!mayRun(resource, action, auth)) throw forbidden();
      // One transaction (the request's) holds the user's lock from the count of its running jobs to
      // the commit of the new one: parallel starts are judged one after the other.
      const job = await allOrNothing(deps, async (tx) => {
        const now = deps.config.now();
        await takeRunningSlot(tx, auth.user.id, now);
        const rowCtx: RowCtx = { deps: { ...deps, db: tx as unknown as Db }, auth, lang, now };
        const selected = ids
          ? [...new Set(ids)]
          : await matchingIds(
              resource,
              impls[key]!,
              rowCtx,
              filter as Record<string, unknown> & { sort: string; order: 'asc' | 'desc' },
              BULK_MAX + 1,
            );
        if (selected.length > BULK_MAX)
          throw new HttpError(422, smsg('bulkTooMany', { n: BULK_MAX }), {
            ids: smsg('bulkTooMany', { n: BULK_MAX }),
          });
        if (!selected.length) throw new HttpError(422, smsg('bulkNoRows'));
        // The parameters are checked once with the first row, so a bad reason is one 422, not N refusals.
        if (action !== 'delete')
          validate(bulkActionsOf(resource)[action]!.single.body!, { ...params, id: selected[0] }, 'params');
        const [created] = await tx
          .insert(bulkJobs)
          .values({
            userId: auth.user.id,
            resource: key,
            action,
            params,
            total: selected.length,
            createdAt: now,
          })
          .returning();
        for (let i = 0; i < selected.length; i += 1000)
          await tx
            .insert(bulkJobRows)
            .values(
              selected
                .slice(i, i + 1000)
                .map((recordId, n) => ({ jobId: created!.id, seq: i + n, recordId })),
            );
        return created!;
      });
      // The rows are processed once the job has committed (with the Idempotency-Key's transaction).
      const start = (d: Deps) => enqueue({ deps: d, impls, actions, jobId: job.id });
      if (deps.afterCommit) deps.afterCommit(start);
      else start(deps);
      return {
        message: smsg('bulkStarted', { n: job.total }),
        data: await jobAnswer(deps, job, lang, 0),
      };
    });
  }

  route(app, bulkApi.bulkJob, async ({ deps, params, query, requireAuth, lang }) => {
    const auth = requireAuth();
    const { id } = params as { id: number };
    const { from, only } = query as { from: number; only?: 'refused' };
    const [job] = await deps.db
      .select()
      .from(bulkJobs)
      .where(and(eq(bulkJobs.id, id), eq(bulkJobs.userId, auth.user.id)));
    if (!job) throw notFound();
    return { message: smsg('loaded'), data: await jobAnswer(deps, job, lang, from, only) };
  });
};
