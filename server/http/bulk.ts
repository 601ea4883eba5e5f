/**
 * Bulk jobs (docs/decisions/0021-bulk-actions-and-list-keyboard.md): `POST /api/<key>/bulk` records
 * the job and its rows in the database and answers at once; the rows are then processed in batches
 * of BULK_BATCH, each row in its own transaction that claims it with `FOR UPDATE SKIP LOCKED` (two
 * processes, or two runs, never process a row twice) and runs it in a savepoint, through the
 * row action of the single-row endpoint (server/http/row-actions.ts): the same permission,
 * ownership and transition rules, each row answered on its own. `GET /api/bulk/:id` reports it, from
 * whichever server process.
 */
import { bulkOperation } from './undoable';
import { setAuditContext, type AuditContext } from '../audit';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  BULK_BATCH,
  BULK_MAX,
  BULK_ROWS_PAGE,
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
import { permissionsOf, type AuthInfo } from '../auth/sessions';
import type { Tx } from '../db/client';
import { bulkJobRows, bulkJobs, users } from '../db/schema';
import { smsg } from '../messages';
import { HttpError, forbidden, notFound } from './errors';
import { matchingIds, type ResourceImpls } from './resource-router';
import { allows, route, validate } from './route';
import type { RowAction, RowCtx } from './row-actions';
import type { App, Deps } from './types';

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

/** The caller as the job's rows are processed: the account as it is now (blocked: refused). */
const authOf = async (deps: Deps, job: Job): Promise<AuthInfo | null> => {
  const [user] = await deps.db.select().from(users).where(eq(users.id, job.userId));
  if (!user || user.status !== USER_STATUS.active) return null;
  return { user, sessionId: 0, permissions: await permissionsOf(deps.db, user.role) };
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

/**
 * Processes one row in its own transaction: claimed with `FOR UPDATE SKIP LOCKED` (another run of
 * the job skips it), run in a savepoint, recorded, counted. A transaction per row holds no lock of
 * one row while it waits for another's, so jobs on the same rows cannot deadlock one another.
 */
const processRow = async (deps: Deps, run: JobRun, seq: number) => {
  const { job, resource, act, ctx } = run;
  let after: ((deps: Deps) => Promise<void>) | undefined;
  const mine = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ recordId: bulkJobRows.recordId })
      .from(bulkJobRows)
      .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.seq, seq), eq(bulkJobRows.state, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return false;
    // The row's change is on the audit trail and the live log as the job's caller's (ADR 0017, 0021).
    if (ctx) await setAuditContext(tx, bulkAuditContext(job, ctx.auth, deps.config.now()));
    const outcome: Outcome =
      ctx && act && mayRun(resource, job.action, ctx.auth)
        ? await runRow(tx, ctx, resource, run.impls, act, job, row.recordId)
        : { state: 'refused', version: null, message: ctx ? forbidden().message : smsg('bulkCallerGone') };
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

interface JobRun {
  job: Job;
  resource: Resource;
  impls: ResourceImpls;
  act: RowAction | undefined;
  ctx: RowCtx | null;
}

/** Processes the next batch of the job's pending rows; false when none was left. */
const runBatch = async (deps: Deps, impls: ResourceImpls, actions: BulkRowActions, job: Job) => {
  const resource = byKey.get(job.resource)!;
  // The caller as it is now, once per batch: blocked or demoted meanwhile, the rest is refused.
  const auth = await authOf(deps, job);
  const run: JobRun = {
    job,
    resource,
    impls,
    act: actions[resource.key as ResourceKey]?.[job.action],
    ctx: auth && { deps, auth, lang: 'en', now: deps.config.now() },
  };
  const rows = await deps.db
    .select({ seq: bulkJobRows.seq })
    .from(bulkJobRows)
    .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.state, 'pending')))
    .orderBy(asc(bulkJobRows.seq))
    .limit(BULK_BATCH);
  let mine = 0;
  for (const { seq } of rows) if (await processRow(deps, run, seq)) mine++;
  // Rows another run holds: let it finish them before looking again.
  if (rows.length && !mine) await new Promise((resolve) => setTimeout(resolve, 100));
  return rows.length > 0;
};

/** Marks the job finished once no row is pending (whichever run processed the last one). */
const finishIfDone = (deps: Deps, jobId: number) =>
  deps.db
    .update(bulkJobs)
    .set({ state: 'finished', finishedAt: deps.config.now() })
    .where(
      and(
        eq(bulkJobs.id, jobId),
        eq(bulkJobs.state, 'running'),
        sql`not exists (select 1 from ${bulkJobRows} where ${bulkJobRows.jobId} = ${jobId} and ${bulkJobRows.state} = 'pending')`,
      ),
    );

const running = new Set<Promise<void>>();

/** Processes a job to its end, batch after batch (started after the job's commit). */
const runBulkJob = (deps: Deps, impls: ResourceImpls, actions: BulkRowActions, jobId: number) => {
  const work = (async () => {
    try {
      const [job] = await deps.db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
      if (!job) return;
      while (await runBatch(deps, impls, actions, job)) {
        /* next batch */
      }
      await finishIfDone(deps, jobId);
    } catch (err) {
      console.error(`Bulk job ${jobId} stopped:`, err);
    }
  })();
  running.add(work);
  void work.finally(() => running.delete(work));
  return work;
};

/** Resumes the jobs a stopped process left running (at start); their claimed rows were rolled back. */
export const resumeBulkJobs = async (deps: Deps, impls: ResourceImpls, actions: BulkRowActions) => {
  const jobs = await deps.db.select({ id: bulkJobs.id }).from(bulkJobs).where(eq(bulkJobs.state, 'running'));
  for (const job of jobs) void runBulkJob(deps, impls, actions, job.id);
};

/** Waits for this process's running jobs (shutdown, tests). */
export const settleBulkJobs = async () => {
  while (running.size) await Promise.all([...running]);
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
      const rowCtx: RowCtx = { deps, auth, lang, now: deps.config.now() };
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
      const job = await deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(bulkJobs)
          .values({
            userId: auth.user.id,
            resource: key,
            action,
            params,
            total: selected.length,
            createdAt: rowCtx.now,
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
      const start = (d: Deps) => void runBulkJob(d, impls, actions, job.id);
      if (deps.afterCommit) deps.afterCommit(start);
      else start(deps);
      return {
        message: smsg('bulkStarted', { n: selected.length }),
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
