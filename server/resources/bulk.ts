/**
 * Bulk jobs (docs/decisions/0021-bulk-actions-and-list-keyboard.md): `POST /api/<key>/bulk` records
 * the job and its rows in the database and answers at once; the rows are then processed in batches
 * of BULK_BATCH, each row in its own transaction that claims it with `FOR UPDATE SKIP LOCKED` (two
 * processes, or two runs, never process a row twice) and runs it in a savepoint, through the
 * row action of the single-row endpoint (server/resources/row-actions.ts): the same permission,
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

import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  BULK_MAX,
  BULK_ROWS_PAGE,
  BULK_RUNNING_PER_USER,
  bulkActionsOf,
  bulkApi,
  bulkEndpoints,
  type BulkBody,
  type BulkRowState,
} from '../../src/contract/bulk';
import type { ResourceKey } from '../../src/contract/areas';
import { localizeMessage } from '../../src/contract/messages';
import { HttpError, forbidden, notFound, tooManyRequests } from '../core/errors';
import { smsg } from '../core/messages';
import type { Db, Executor } from '../db/client';
import { bulkJobRows, bulkJobs } from '../db/schema';
import { allOrNothing } from '../http/idempotency';
import { route } from '../http/route';
import { validate } from '../http/route-validate';
import type { App, Deps } from '../http/types';
import { enqueue, type BulkRowActions } from './bulk-jobs';
import { byKey, mayRun, type Job } from './bulk-rows';
import type { ResourceImpls } from './impl';
import { matchingIds } from './list';
import type { RowCtx } from './row-actions';

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
export const takeRunningSlot = async (tx: Executor, userId: number, now: Date) => {
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

/* ------------------------------------------------------------------ answers */

export const jobAnswer = async (deps: Deps, job: Job, lang: 'en' | 'ar', from: number, only?: 'refused') => {
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
