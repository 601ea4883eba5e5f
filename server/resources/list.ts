/** The list (a page, its total counted up to COUNT_CAP) and the ids a bulk job's filter matches. */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP, type Resource } from '../../src/contract/resource';
import { smsg } from '../core/messages';
import { sqlRows, type Executor } from '../db/client';
import type { Impl } from './impl';
import { ctxOf, filtersOf, orderOf, resourceCtxOf, searchOf, whereOf, type H, type SortFn } from './query';
import type { RowCtx } from './row-actions';

export const list = async (resource: Resource, impl: Impl, h: H) => {
  const ctx = ctxOf(h, resource);
  const query = h.query as Record<string, unknown> & {
    page: number;
    pageSize: number;
    sort: string;
    order: 'asc' | 'desc';
  };
  const where = whereOf(resource, impl, ctx, query);
  const sortBy = impl.sort[query.sort as never] as SortFn;
  const order = [orderOf(sortBy(h.lang, ctx), query.order), orderOf(impl.columns.id, query.order)];
  const offset = (query.page - 1) * query.pageSize;
  const { db } = h.deps;
  const filters = filtersOf(resource, query);
  // One row more than the page: whether a next page exists, without counting.
  const limit = query.pageSize + 1;
  // The total: the area's counters when they answer these filters (exact), else the matching rows
  // counted up to COUNT_CAP + 1 (docs/decisions/0027-capped-count-and-one-query-per-page.md): a
  // search or a broad filter on 100,000 rows does not count every row. A page past the cap needs
  // no count: its rows and the row after them say as much.
  const kept = impl.count?.(db, filters, ctx, searchOf(query)) ?? null;
  const counted = () =>
    sql`(select count(*) from (${
      impl.pageByIds || impl.countOwnTable
        ? db
            .select({ one: sql`1` })
            .from(impl.table)
            .where(where)
            .limit(COUNT_CAP + 1)
        : impl
            .select(db, {}, ctx)
            .where(where)
            .limit(COUNT_CAP + 1)
    }) as capped)`;
  const totalSql = kept ? sql`(${kept})` : offset < COUNT_CAP ? counted() : null;
  // One statement: the page's rows, each carrying the total (an uncorrelated scalar subquery, run
  // once). pageByIds: the page's ids come from the area's table alone (an index-only walk, even
  // deep), and only those rows are joined: `where id in (select id … limit … offset …)`.
  const extra: Record<string, SQL> = totalSql ? { listTotal: totalSql } : {};
  const rows = (await (impl.pageByIds
    ? impl
        .select(db, extra, ctx)
        .where(
          inArray(
            impl.columns.id,
            db
              .select({ id: impl.columns.id })
              .from(impl.table)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(...order)
    : impl
        .select(db, extra, ctx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset))) as (Record<string, unknown> & { listTotal?: unknown })[];
  // An empty page (past the end) counts on its own, so the list can go back to its last page.
  const n = rows.length
    ? Number(rows[0]!.listTotal ?? 0)
    : await countOnly(db, kept ? sql`(${kept})` : counted());
  const items = rows.slice(0, query.pageSize).map((r) => impl.toRecord(r));
  return {
    message: smsg('loaded'),
    data: {
      items,
      ...(totalSql || !rows.length
        ? totalOf(n, !kept, offset, items.length, rows.length > query.pageSize)
        : totalOf(COUNT_CAP + 1, true, offset, items.length, rows.length > query.pageSize)),
      page: query.page,
      pageSize: query.pageSize,
    },
  };
};

const countOnly = async (db: Executor, total: SQL) => {
  const [row] = await sqlRows<{ n: number | string }>(db, sql`select ${total} as n`);
  return Number(row?.n ?? 0);
};

/**
 * The answer's total from a count (exact, or capped at COUNT_CAP + 1 when `capped`) and the page
 * (its offset, its rows, whether a row follows it). Past the cap the total is a lower bound
 * (`totalCapped`: more than `total` rows match) that grows with the pages read; the last page
 * (a page with no row after it) makes it exact again.
 */
const totalOf = (
  n: number,
  capped: boolean,
  offset: number,
  rows: number,
  more: boolean,
): { total: number; totalCapped?: true } => {
  if (!capped || n <= COUNT_CAP) return { total: n };
  // An empty page past the end: only the count is known (more than the cap).
  if (rows === 0) return { total: COUNT_CAP, totalCapped: true };
  const reached = offset + rows;
  if (!more) return { total: reached };
  return { total: Math.max(COUNT_CAP, reached), totalCapped: true };
};

/**
 * The ids of every record the list's query matches for this caller (its scope, filters and
 * search), in the list's order; at most `limit` of them.
 */
export const matchingIds = async (
  resource: Resource,
  impl: Impl,
  row: RowCtx,
  query: Record<string, unknown> & { sort: string; order: 'asc' | 'desc' },
  limit: number,
): Promise<number[]> => {
  const ctx = resourceCtxOf(resource, row);
  const sortBy = impl.sort[query.sort as never] as SortFn;
  const rows = await impl
    .select(row.deps.db, {}, ctx)
    .where(whereOf(resource, impl, ctx, query))
    .orderBy(orderOf(sortBy(row.lang, ctx), query.order), orderOf(impl.columns.id, query.order))
    .limit(limit);
  return rows.map((r) => (impl.toRecord(r) as { id: number }).id);
};
