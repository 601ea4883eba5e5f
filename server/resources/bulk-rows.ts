/**
 * One row of a bulk job (docs/decisions/0021-bulk-actions-and-list-keyboard.md): the caller's standing
 * read again before each batch, the row claimed with `FOR UPDATE SKIP LOCKED` and run through the
 * single-row endpoint's row action in a savepoint, and a job ended once no row is pending or its
 * caller may no longer run it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { bulkActionsOf, type BulkRowState } from '../../src/contract/bulk';
import { IMPORT_ACTION } from '../../src/contract/import';
import { USER_STATUS } from '../../src/contract/roles';
import { resources } from '../../src/contract/areas';
import { msg } from '../../src/contract/messages';
import type { Resource } from '../../src/contract/resource';
import { setAuditContext, type AuditContext } from '../audit/trail';
import { permissionsOf, providerRefusal, providerStatusOfUser, type AuthInfo } from '../auth/sessions';
import { HttpError, forbidden } from '../core/errors';
import { smsg } from '../core/messages';
import type { Tx } from '../db/client';
import { bulkJobRows, bulkJobs, users } from '../db/schema';
import { allows } from '../http/route-access';
import { validate } from '../http/route-validate';
import type { Deps } from '../http/types';
import { bulkOperation } from '../http/undoable';
import type { ResourceImpls } from './impl';
import type { RowAction, RowCtx } from './row-actions';

export type Job = typeof bulkJobs.$inferSelect;

export const byKey = new Map<string, Resource>(resources.map((r) => [r.key, r]));

/** The single-row endpoint's permission for this caller (a shared master path: the resource's). */
export const mayRun = (resource: Resource, action: string, auth: AuthInfo) => {
  // An import's rows are the create endpoint's (docs/decisions/0073-import-from-files.md).
  const single =
    action === IMPORT_ACTION ? resource.endpoints.create! : bulkActionsOf(resource)[action]!.single;
  const access = single.access;
  const permission = access.kind === 'session' && access.permissionBy ? resource.permission : null;
  return allows(access, auth, permission ?? (access.kind === 'session' ? access.permission : null));
};

/** The row's body as the single-row endpoint gets it (validated by its schema: the same rules). */
const rowBody = (
  resource: Resource,
  action: string,
  params: Record<string, unknown>,
  id: number,
  data: unknown,
) => {
  if (action === 'delete') return { id };
  if (action === IMPORT_ACTION) return { id, data };
  const single = bulkActionsOf(resource)[action]!.single;
  return validate(single.body!, { ...params, id }) as { id: number };
};

/** A refusal's message: the field's own message when the refusal names one field. */
export const refusalMessage = (err: HttpError) => {
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
export const standingOf = async (deps: Deps, job: Job, resource: Resource): Promise<Standing> => {
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
export const bulkAuditContext = (job: Job, auth: AuthInfo, now: Date): AuditContext => ({
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

export interface Outcome {
  state: BulkRowState;
  version: number | null;
  message: string | null;
  after?: (deps: Deps) => Promise<void>;
  /** The record an import's row created. */
  recordId?: number;
}

export const runRow = async (
  tx: Tx,
  ctx: RowCtx,
  resource: Resource,
  impls: ResourceImpls,
  act: RowAction,
  job: Job,
  id: number,
  data: unknown,
): Promise<Outcome> => {
  const impl = impls[resource.key]!;
  try {
    return await tx.transaction(async (sp) => {
      const result = await act(sp, ctx, rowBody(resource, job.action, job.params, id, data));
      id = result.id ?? id;
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
        recordId: id,
      };
    });
  } catch (err) {
    if (err instanceof HttpError) return { state: 'refused', version: null, message: refusalMessage(err) };
    console.error(`Bulk job ${job.id}: ${resource.key} ${id} failed:`, err);
    return { state: 'refused', version: null, message: smsg('bulkRowFailed') };
  }
};

export interface JobRun {
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
export const processRow = async (run: JobRun, seq: number) => {
  const { deps, job, resource, act, ctx } = run;
  let after: ((deps: Deps) => Promise<void>) | undefined;
  const mine = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ recordId: bulkJobRows.recordId, data: bulkJobRows.data })
      .from(bulkJobRows)
      .where(and(eq(bulkJobRows.jobId, job.id), eq(bulkJobRows.seq, seq), eq(bulkJobRows.state, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return false;
    // The row's change is on the audit trail and the live log as the job's caller's (ADR 0017, 0021).
    const audit = bulkAuditContext(job, ctx.auth, deps.config.now());
    await setAuditContext(tx, audit);
    const outcome: Outcome = act
      ? await runRow(tx, { ...ctx, audit }, resource, run.impls, act, job, row.recordId, row.data)
      : { state: 'refused', version: null, message: forbidden().message };
    after = outcome.after;
    await recordOutcomes(tx, job.id, [{ seq, ...outcome }]);
    return true;
  });
  if (after)
    await after(deps).catch((err: unknown) => console.error(`Bulk job ${job.id}: after-work failed:`, err));
  return mine;
};

/** A column's bare name in a statement written by hand. */
export const col = (column: { name: string }) => sql.identifier(column.name);

/**
 * Records the outcomes of a transaction's rows and counts them on the job: two statements for any
 * number of rows.
 */
export const recordOutcomes = async (tx: Tx, jobId: number, outcomes: (Outcome & { seq: number })[]) => {
  if (!outcomes.length) return;
  // The range of the rows' seqs: the primary key's index finds them whatever the table's statistics.
  const seqs = outcomes.map((o) => o.seq);
  const rows = outcomes.map(({ seq, state, version, message, recordId }) => ({
    seq,
    state,
    version,
    message,
    record_id: recordId ?? null,
  }));
  await tx.execute(sql`
    update ${bulkJobRows} set
      ${col(bulkJobRows.state)} = v.state, ${col(bulkJobRows.version)} = v.version,
      ${col(bulkJobRows.message)} = v.message,
      ${col(bulkJobRows.recordId)} = coalesce(v.record_id, ${bulkJobRows.recordId})
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(seq integer, state text, version integer, message text, record_id integer)
    where ${bulkJobRows.jobId} = ${jobId} and ${bulkJobRows.seq} = v.seq
      and ${bulkJobRows.seq} between ${Math.min(...seqs)} and ${Math.max(...seqs)}`);
  const count = (state: BulkRowState) => outcomes.filter((o) => o.state === state).length;
  await tx
    .update(bulkJobs)
    .set({
      done: sql`${bulkJobs.done} + ${count('done')}`,
      unchanged: sql`${bulkJobs.unchanged} + ${count('unchanged')}`,
      refused: sql`${bulkJobs.refused} + ${count('refused')}`,
    })
    .where(eq(bulkJobs.id, jobId));
};

/** Marks the job finished once no row is pending (whichever run processed the last one); true if so. */
export const finishIfDone = async (deps: Deps, jobId: number) =>
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
export const stopJob = (deps: Deps, job: Job, reason: string) =>
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
