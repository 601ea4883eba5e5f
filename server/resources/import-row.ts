/**
 * The rows of an import's job (docs/decisions/0073-import-from-files.md, 0078-imports-commit-in-chunks.md):
 * each valid row's body through the area's create, or its update of the record the key found; a
 * chunk of rows in one transaction, its creates in one go where the area can.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Resource } from '../../src/contract/resource';
import { setAuditContext } from '../audit/trail';
import { forbidden, HttpError } from '../core/errors';
import type { Db, Tx } from '../db/client';
import { bulkJobRows } from '../db/schema';
import { validate } from '../http/route-validate';
import type { Deps } from '../http/types';
import {
  bulkAuditContext,
  recordOutcomes,
  refusalMessage,
  runRow,
  type JobRun,
  type Outcome,
} from './bulk-rows';
import type { Impl } from './impl';
import { updateBodyOf } from './import';
import type { H } from './query';
import type { RowAction, RowCtx } from './row-actions';
import { batchCreates, create, createMany, update } from './write';

type ImportBody = { body: Record<string, unknown> };

/** A handler's context for the create and update of a job's row, inside the job's transaction. */
const rowHandler = (tx: Tx, ctx: RowCtx, later: ((deps: Deps) => Promise<void> | void)[]) =>
  ({
    deps: {
      ...ctx.deps,
      db: tx as unknown as Db,
      afterCommit: (w: (deps: Deps) => Promise<void> | void) => later.push(w),
    },
    lang: ctx.lang,
    requireAuth: () => ctx.auth,
    auth: ctx.auth,
    audit: ctx.audit,
    // The status of the form's answer (201) has no answer to go to here.
    setStatus: () => undefined,
  }) as unknown as H;

/**
 * The row action of an import's job: the row's body through the area's create, or its update of
 * the record the key found (at its version now), as the form's endpoint runs them.
 */
export const importRow =
  (resource: Resource, impl: Impl): RowAction<{ id: number; data?: ImportBody }> =>
  async (tx, ctx, { id, data }) => {
    const later: ((deps: Deps) => Promise<void> | void)[] = [];
    const h = rowHandler(tx, ctx, later);
    const body = data?.body ?? {};
    let created: number | undefined;
    if (id) {
      const [row] = (await tx
        .select({ version: impl.columns.version })
        .from(impl.table)
        .where(eq(impl.columns.id, id))) as {
        version: number;
      }[];
      const valid = validate(resource.updateBody, updateBodyOf(resource, body, id, row?.version ?? 0));
      await update(resource, impl, h, id, valid);
    } else {
      const answer = await create(resource, impl, h, validate(resource.createBody, body));
      created = (answer.data as { id: number }).id;
    }
    return {
      changed: true,
      ...(created !== undefined ? { id: created } : {}),
      after: async (deps) => {
        for (const work of later) await work(deps);
      },
    };
  };

/**
 * The creates of a chunk in one go (`createMany`), in a savepoint: their outcomes by seq, or none
 * when a fault no rule names (a constraint of one row) undid them, and the rows go one by one.
 */
const createAtOnce = async (
  tx: Tx,
  ctx: RowCtx,
  resource: Resource,
  impl: Impl,
  rows: { seq: number; data: unknown }[],
): Promise<Map<number, Outcome>> => {
  const outcomes = new Map<number, Outcome>();
  const valid: { seq: number; body: Record<string, unknown> }[] = [];
  for (const { seq, data } of rows) {
    try {
      valid.push({ seq, body: validate(resource.createBody, (data as ImportBody | null)?.body ?? {}) });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      outcomes.set(seq, { state: 'refused', version: null, message: refusalMessage(err) });
    }
  }
  if (!valid.length) return outcomes;
  try {
    await tx.transaction(async (sp) => {
      const made = await createMany(
        resource,
        impl,
        rowHandler(sp, ctx, []),
        valid.map((v) => v.body),
      );
      for (const [k, { seq }] of valid.entries()) {
        const answer = made[k]!;
        outcomes.set(
          seq,
          answer instanceof HttpError
            ? { state: 'refused', version: null, message: refusalMessage(answer) }
            : { state: 'done', version: 0, message: null, recordId: answer },
        );
      }
    });
  } catch {
    return new Map();
  }
  return outcomes;
};

/** What a chunk claimed: how many rows, and the last one's seq. */
interface Chunk {
  claimed: number;
  last: number;
}

/**
 * Processes up to `size` pending rows of an import's job past seq `after`, in one transaction:
 * claimed in order of the primary key (a chunk reads its own rows, not the job's), with `FOR
 * UPDATE SKIP LOCKED` (another process skips them), the creates at once where the area can
 * (`batchCreates`), every other row (an update, or a create whose chunk a constraint undid) in a
 * savepoint of its own, recorded and counted.
 */
export const processImportChunk = async (run: JobRun, size: number, after = -1): Promise<Chunk> => {
  const { deps, job, resource, impls, act, ctx } = run;
  const impl = impls[resource.key]!;
  const afters: ((deps: Deps) => Promise<void>)[] = [];
  const chunk = await deps.db.transaction(async (tx): Promise<Chunk> => {
    const rows = await tx
      .select({ seq: bulkJobRows.seq, recordId: bulkJobRows.recordId, data: bulkJobRows.data })
      .from(bulkJobRows)
      .where(and(eq(bulkJobRows.jobId, job.id), gt(bulkJobRows.seq, after), eq(bulkJobRows.state, 'pending')))
      .orderBy(asc(bulkJobRows.seq))
      .limit(size)
      .for('update', { skipLocked: true });
    if (!rows.length) return { claimed: 0, last: after };
    // The rows' changes are on the audit trail and the live log as the job's caller's (ADR 0017, 0021).
    const audit = bulkAuditContext(job, ctx.auth, deps.config.now());
    await setAuditContext(tx, audit);
    const rowCtx = { ...ctx, audit };
    const creates = rows.filter((r) => !r.recordId);
    const outcomes =
      act && creates.length > 1 && batchCreates(impl)
        ? await createAtOnce(tx, rowCtx, resource, impl, creates)
        : new Map<number, Outcome>();

    for (const row of rows) {
      if (outcomes.has(row.seq)) continue;
      const outcome: Outcome = act
        ? await runRow(tx, rowCtx, resource, impls, act, job, row.recordId, row.data)
        : { state: 'refused', version: null, message: forbidden().message };
      if (outcome.after) afters.push(outcome.after);
      outcomes.set(row.seq, outcome);
    }
    await recordOutcomes(
      tx,
      job.id,
      [...outcomes].map(([seq, outcome]) => ({ seq, ...outcome })),
    );
    return { claimed: rows.length, last: rows.at(-1)!.seq };
  });
  for (const after of afters)
    await after(deps).catch((err: unknown) => console.error(`Bulk job ${job.id}: after-work failed:`, err));
  return chunk;
};
