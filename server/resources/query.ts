/**
 * What every operation of the engine shares: the caller's context and scope, the list's filters and
 * search as one `where`, the order, and one record by id as the caller may see it.
 */
import { and, asc, desc, eq, or, type Column, type SQL } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import type { Resource } from '../../src/contract/resource';
import type { Executor } from '../db/client';
import type { HandlerContext } from '../http/route';
import {
  holds,
  providerScopeOf,
  type Filters,
  type Impl,
  type Rec,
  type ResourceCtx,
  type ResourceImpl,
} from './impl';
import type { RowCtx } from './row-actions';

export type H = HandlerContext<never>;
export type SortFn = (lang: Language, ctx: ResourceCtx) => SQL | Column;

export const orderOf = (expr: SQL | Column, order: 'asc' | 'desc') =>
  order === 'asc' ? asc(expr) : desc(expr);

export const ctxOf = (h: HandlerContext<never>, resource: Resource): ResourceCtx => {
  const auth = h.requireAuth();
  return {
    deps: h.deps,
    auth,
    lang: h.lang,
    now: h.deps.config.now(),
    ownerId: providerScopeOf(auth, resource.permission, resource.providerScoped),
  };
};

export const scopeOf = (impl: ResourceImpl<Resource, unknown>, ctx: ResourceCtx, resource: Resource) => {
  if (ctx.ownerId === null) return undefined;
  if (!impl.scope) throw new Error(`${resource.key}: owner access without a scope`);
  return impl.scope(ctx.ownerId);
};

/** The list's search text, when there is one. */
export const searchOf = (query: Record<string, unknown>) =>
  typeof query.q === 'string' && query.q !== '' ? query.q : undefined;

export const filtersOf = (resource: Resource, query: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(resource.filters.shape).map((k) => [k, query[k]])) as Filters<Resource>;

export const whereOf = (
  resource: Resource,
  impl: ResourceImpl<Resource, unknown>,
  ctx: ResourceCtx,
  query: Record<string, unknown>,
) => {
  const q = searchOf(query);
  return and(
    impl.base,
    scopeOf(impl, ctx, resource),
    ...impl.filters(filtersOf(resource, query), ctx),
    q ? or(...impl.search.map((text) => holds(text, q))) : undefined,
  );
};

export const findOne = async (
  db: Executor,
  resource: Resource,
  impl: ResourceImpl<Resource, unknown>,
  ctx: ResourceCtx,
  id: number,
) => {
  const [row] = await impl
    .select(db, {}, ctx)
    .where(and(eq(impl.columns.id, id), impl.base, scopeOf(impl, ctx, resource)))
    .limit(1);
  return row === undefined ? null : (impl.toRecord(row) as Rec<Resource> & { id: number; version: number });
};

export const idOf = (h: H) =>
  ((h.params as { id?: number } | undefined)?.id ??
    (h.query as { id?: number } | undefined)?.id ??
    (h.body as { id?: number } | undefined)?.id)!;

/** The caller's context on a resource outside a request handler (a bulk job's row). */
export const resourceCtxOf = (resource: Resource, row: RowCtx): ResourceCtx => ({
  ...row,
  ownerId: providerScopeOf(row.auth, resource.permission, resource.providerScoped),
});

/** Whether record `id` is in the caller's scope, as the resource's own endpoints see it (undo). */
export const inScope = async (db: Executor, resource: Resource, impl: Impl, row: RowCtx, id: number) =>
  (await findOne(db, resource, impl, resourceCtxOf(resource, row), id)) !== null;
