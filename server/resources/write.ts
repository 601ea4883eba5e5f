/**
 * Create and update (a version check: 409 "changed by someone else" and nothing changes), each in one
 * transaction, with database constraint failures answered clearly.
 */
import { and, eq, sql } from 'drizzle-orm';
import { OWNER_ROLE } from '../../src/contract/http';
import type { Resource } from '../../src/contract/resource';
import { conflict, forbidden, HttpError, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { isUniqueViolation, pgErrorCode, type Tx } from '../db/client';
import { allOrNothing } from '../http/idempotency';
import type { Deps } from '../http/types';
import type { Impl, Input, ResourceCtx, ResourceImpl } from './impl';
import { ctxOf, findOne, type H } from './query';

/** A write's refusal as it is, its database constraint failure as a clear answer; anything else is thrown. */
export const refusalOf = (err: unknown, impl: ResourceImpl<Resource, unknown>): HttpError => {
  if (err instanceof HttpError) return err;
  if (isUniqueViolation(err)) {
    const constraint = constraintOf(err);
    const hit = constraint ? impl.unique?.[constraint] : undefined;
    if (hit) return new HttpError(409, hit.message, { [hit.field]: hit.message });
    return conflict(smsg('duplicate'));
  }
  if (pgErrorCode(err) === '23503') return conflict(smsg('stillUsed'));
  throw err;
};

const constraintOf = (err: unknown): string | undefined => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

const stripFixed = (resource: Resource, body: Record<string, unknown>) => {
  const out = { ...body };
  for (const k of Object.keys(resource.fixed)) delete out[k];
  delete out.id;
  delete out.version;
  return out;
};

/**
 * A service provider changing or deleting a shared record (`addedBy`): only one it added (403)
 * that no other provider's record uses (409). The row is locked, so no record of another starts
 * using it before the change commits.
 */
export const guardAddedBy = async (impl: Impl, tx: Tx, ctx: ResourceCtx, id: number) => {
  if (!impl.addedBy || ctx.auth.user.role !== OWNER_ROLE) return;
  const me = ctx.auth.user.id;
  const [row] = await tx
    .select({ by: impl.addedBy.column })
    .from(impl.table)
    .where(eq(impl.columns.id, id))
    .for('update');
  if (!row || row.by !== me) throw forbidden(smsg('masterNotYours'));
  for (const used of impl.addedBy.usedByOthers)
    if ((await used(tx, id, me)) > 0) throw conflict(smsg('masterUsedByOthers'));
};

/**
 * A create's or an update's statements, all or nothing (server/http/idempotency.ts `allOrNothing`), with
 * database constraint failures answered clearly.
 */
const writeOnce = <T>(deps: Deps, impl: Impl, work: (tx: Tx) => Promise<T>): Promise<T> =>
  allOrNothing(deps, async (tx) => {
    try {
      return await work(tx);
    } catch (err) {
      throw refusalOf(err, impl);
    }
  });

export const create = async (resource: Resource, impl: Impl, h: H, body: Record<string, unknown>) => {
  const ctx = ctxOf(h, resource);
  const input = stripFixed(resource, body) as Input<Resource>;
  const { db } = h.deps;
  const id = await writeOnce(h.deps, impl, async (tx) => {
    await impl.check?.(tx, input, ctx, null);
    if (impl.insert) return impl.insert(tx, input, ctx);
    const [row] = (await tx
      .insert(impl.table)
      .values({
        ...impl.values!(input, ctx),
        ...(impl.addedBy ? { createdBy: ctx.auth.user.id } : {}),
        version: 0,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: impl.columns.id })) as { id: number }[];
    return row!.id;
  });
  const record = await findOne(db, resource, impl, ctx, id);
  await impl.afterWrite?.(ctx, record!, 'create');
  const message = (await impl.afterCreate?.(ctx, record!, h.audit)) ?? smsg('created');
  h.setStatus(201);
  return { message, data: record! };
};

/**
 * Creates many records of an area in one go, each by the rules of its create (an import's rows,
 * docs/decisions/0078-imports-commit-in-chunks.md): every input's checks, then one insert of them all
 * (the area's `insertMany`, else its `values` in one statement). Answers, in the order of `bodies`,
 * each new id or the refusal its single create would have answered. A fault no rule names (a
 * unique or foreign-key constraint of one row) is thrown: the caller's savepoint undoes the lot and
 * the rows go one by one. Only for areas with no work after their create (`batchCreates`).
 */
export const createMany = async (
  resource: Resource,
  impl: Impl,
  h: H,
  bodies: Record<string, unknown>[],
): Promise<(number | HttpError)[]> => {
  const ctx = ctxOf(h, resource);
  const inputs = bodies.map((body) => stripFixed(resource, body) as Input<Resource>);
  const answers: (number | HttpError)[] = new Array<number | HttpError>(inputs.length);
  const passed: number[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      await impl.check?.(h.deps.db as unknown as Tx, input, ctx, null);
      passed.push(i);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      answers[i] = err;
    }
  }
  if (!passed.length) return answers;
  const tx = h.deps.db as unknown as Tx;
  const made = impl.insertMany
    ? await impl.insertMany(
        tx,
        passed.map((i) => inputs[i]!),
        ctx,
      )
    : // One statement; PostgreSQL returns the rows of an INSERT … VALUES in the order of its values.
      (
        (await tx
          .insert(impl.table)
          .values(
            passed.map((i) => ({
              ...impl.values!(inputs[i]!, ctx),
              ...(impl.addedBy ? { createdBy: ctx.auth.user.id } : {}),
              version: 0,
              createdAt: ctx.now,
              updatedAt: ctx.now,
            })),
          )
          .returning({ id: impl.columns.id })) as { id: number }[]
      ).map((row) => row.id);
  for (const [k, i] of passed.entries()) answers[i] = made[k]!;
  return answers;
};

/** Whether an area's creates can go many at once (`createMany`): nothing runs after each of them. */
export const batchCreates = (impl: Impl) =>
  !impl.afterCreate && !impl.afterWrite && (impl.insertMany !== undefined || impl.insert === undefined);

export const update = async (
  resource: Resource,
  impl: Impl,
  h: H,
  id: number,
  body: Record<string, unknown>,
) => {
  const ctx = ctxOf(h, resource);
  const version = body.version as number;
  const input = stripFixed(resource, body) as Input<Resource>;
  const { db } = h.deps;
  await writeOnce(h.deps, impl, async (tx) => {
    const existing = await findOne(tx, resource, impl, ctx, id);
    if (!existing) throw notFound();
    await guardAddedBy(impl, tx, ctx, id);
    if (existing.version !== version) throw conflict();
    await impl.check?.(tx, input, ctx, existing);
    // The record's own columns and its new version: one statement, only if no one saved it meanwhile.
    const own = impl.updateValues
      ? await impl.updateValues(tx, input, ctx, existing)
      : (impl.values?.(input, ctx) ?? {});
    const bumped = await tx
      .update(impl.table)
      .set({ ...own, version: sql`${impl.columns.version} + 1`, updatedAt: ctx.now })
      .where(and(eq(impl.columns.id, id), eq(impl.columns.version, version)))
      .returning({ id: impl.columns.id });
    if (!bumped.length) throw conflict();
    await impl.update?.(tx, id, input, ctx, existing);
  });
  const record = await findOne(db, resource, impl, ctx, id);
  await impl.afterWrite?.(ctx, record!, 'update');
  return { message: smsg('saved'), data: record! };
};
