/** One record by id, and the options of a picker. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Resource } from '../../src/contract/resource';
import { notFound } from '../core/errors';
import { smsg } from '../core/messages';
import type { Executor } from '../db/client';
import { holds, textOf, type Impl, type ResourceCtx } from './impl';
import { ctxOf, filtersOf, findOne, idOf, scopeOf, searchOf, type H } from './query';

/**
 * The record-by-id query of a caller who sees every record (no owner scope), prepared once per
 * database and resource where the area allows it (`preparedGet`): drizzle builds its SQL once, and
 * PostgreSQL parses and plans it once per connection
 * (docs/decisions/0027-capped-count-and-one-query-per-page.md).
 */
const preparedGets = new WeakMap<Executor, Map<string, { execute(p: { id: number }): Promise<unknown[]> }>>();
const preparedGet = (db: Executor, resource: Resource, impl: Impl, ctx: ResourceCtx) => {
  let byKey = preparedGets.get(db);
  if (!byKey) preparedGets.set(db, (byKey = new Map()));
  let query = byKey.get(resource.key);
  if (!query) {
    const built = (
      impl
        .select(db, {}, ctx)
        .where(and(eq(impl.columns.id, sql.placeholder('id')), impl.base))
        .limit(1) as unknown as {
        prepare(name: string): { execute(p: { id: number }): Promise<unknown[]> };
      }
    ).prepare(`get_${resource.key}`);
    byKey.set(resource.key, (query = built));
  }
  return query;
};

export const get = async (resource: Resource, impl: Impl, h: H) => {
  const ctx = ctxOf(h, resource);
  const id = idOf(h);
  if (impl.preparedGet && ctx.ownerId === null) {
    const [row] = await preparedGet(h.deps.db, resource, impl, ctx).execute({ id });
    if (row === undefined) throw notFound();
    return { message: smsg('loaded'), data: await withDetail(impl, impl.toRecord(row), ctx) };
  }
  const record = await findOne(h.deps.db, resource, impl, ctx, id);
  if (!record) throw notFound();
  return { message: smsg('loaded'), data: await withDetail(impl, record, ctx) };
};

/** The record by id with the fields only it carries (`detail`). */
const withDetail = async (impl: Impl, record: Record<string, unknown>, ctx: ResourceCtx) =>
  impl.detail ? { ...record, ...(await impl.detail(record, ctx)) } : record;

/**
 * Options for pickers: active records by name, searched with `q` like the list, and paged when the
 * caller gives `pageSize` (a full page: there may be more), else all of them (at most 5000); `id`
 * narrows them to that record.
 */
export const options = async (resource: Resource, impl: Impl, h: H) => {
  const ctx = ctxOf(h, resource);
  const query = h.query as Record<string, unknown>;
  const q = searchOf(query);
  const size = typeof query.pageSize === 'number' ? query.pageSize : undefined;
  const page = typeof query.page === 'number' ? query.page : 1;
  const rows = await impl
    .select(h.deps.db, {}, ctx)
    .where(
      and(
        impl.base,
        scopeOf(impl, ctx, resource),
        impl.optionsWhere
          ? impl.optionsWhere(ctx)
          : impl.columns.active
            ? eq(impl.columns.active, true)
            : undefined,
        ...impl.filters(filtersOf(resource, query), ctx),
        // One record by id: the name of a value chosen before its page was loaded (a shared link).
        typeof query.id === 'number' ? eq(impl.columns.id, query.id) : undefined,
        q ? or(...impl.search.map((text) => holds(text, q))) : undefined,
      ),
    )
    .orderBy(
      ...(impl.columns.name ? [textOf(impl.columns.name, h.lang)] : []),
      // The id breaks ties: pages neither repeat nor skip a record.
      asc(impl.columns.id),
    )
    .limit(size ?? 5000)
    .offset(size ? (page - 1) * size : 0);
  return {
    message: smsg('loaded'),
    data: rows.map((r) => {
      const rec = impl.toRecord(r);
      if (impl.option) return impl.option(rec, h.lang);
      const named = rec as { id: number; name: { en: string; ar: string } };
      return { id: named.id, name: named.name };
    }),
  };
};
