/**
 * The generic resource router (docs/architecture.md §2; the contract side is src/contract/resource.ts). `registerResources(app,
 * impls)` routes every endpoint of the contract's `resources` registry; an area's `ResourceImpl`
 * gives only what differs (its select with joins, sortable and searchable columns, filters, row →
 * record mapping, ownership scope, reference checks, extra validation). The router serves:
 *
 * - list: page / pageSize (10, 25, 50, 100), sort by listed columns only, `q` (ILIKE on the area's
 *   search columns), filters, and the total, counted up to COUNT_CAP (ADR 0027), in the page's one statement;
 * - get: 404 when missing or outside the caller's scope;
 * - create (201) / update (version check: 409 "changed by someone else" and nothing changes);
 * - remove: 409 "still used by N …" when referenced;
 * - export: CSV (UTF-8 with BOM, CSV-injection safe: ./csv.ts) of the list's filter, every page, streamed
 *   from the database in chunks;
 * - options: active records as `{ id, name }` for pickers;
 * - shared paths (the masters' /api/master/*): one route dispatching on the discriminator.
 *
 * Every write runs in one transaction. Permission checks and idempotency come from `route`.
 */
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  like,
  inArray,
  or,
  sql,
  type Column,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Language } from '../../src/contract/common';
import { OWNER_ROLE } from '../../src/contract/http';
import { msg } from '../../src/contract/messages';
import { resourceRoutes, resources } from '../../src/contract/areas';
import { ROLE_PERMISSIONS } from '../../src/contract/roles';
import { COUNT_CAP, EXPORT_CHUNK, type EndpointOp, type Resource } from '../../src/contract/resource';
import type { AuthInfo } from '../auth/sessions';
import { csvLine } from '../../src/contract/csv';
import { csvResponse } from './csv';
import { isUniqueViolation, pgErrorCode, type Executor, type Tx } from '../db/client';
import { conflict, forbidden, HttpError, notFound } from '../core/errors';
import { route, routeFile, validate, type HandlerContext } from './route';
import type { App, Deps } from './types';
import { smsg } from '../core/messages';
import { rowCtx, runRowAction, type RowAction, type RowCtx } from './row-actions';
import { allOrNothing } from './idempotency';

/* -------------------------------------------------------------------- types */

/** A dynamic drizzle select (`db.select(…).from(…).…$dynamic()`), as the router uses it. */
export interface Dyn<Row> extends PromiseLike<Row[]> {
  where(where: SQL | undefined): Dyn<Row>;
  /** As a subquery (the list's count wraps the filtered select). */
  as(alias: string): SQL.Aliased | Subquery;
  orderBy(...columns: SQL[]): Dyn<Row>;
  limit(n: number): Dyn<Row>;
  offset(n: number): Dyn<Row>;
}
/** Types a `$dynamic()` select for the router. */
export const dyn = <Q extends PromiseLike<unknown[]>>(q: Q) => q as unknown as Dyn<Awaited<Q>[number]>;

/** Who is calling and how: given to every hook of an area. */
export interface ResourceCtx {
  deps: Deps;
  auth: AuthInfo;
  lang: Language;
  now: Date;
  /**
   * The provider whose records alone the caller reaches: a service provider acting on its own
   * records (owner access, or any access to a `providerScoped` resource), or a supervisor's
   * provider on a `providerScoped` resource; null for everyone else.
   */
  ownerId: number | null;
}

/** The provider a caller is limited to (see `ResourceCtx.ownerId`). */
export const providerScopeOf = (
  auth: AuthInfo,
  permission: string,
  providerScoped = false,
): number | null => {
  if (auth.user.role === OWNER_ROLE)
    return providerScoped || !auth.permissions.includes(permission) ? auth.user.id : null;
  if (providerScoped && auth.user.providerId !== null) return auth.user.providerId;
  return null;
};

type Rec<R extends Resource> = z.input<R['record']>;
type Input<R extends Resource> = z.output<R['createBody']>;
type Filters<R extends Resource> = z.output<R['filters']>;

interface CsvColumn<R extends Resource> {
  header: { en: string; ar: string };
  value: (record: Rec<R>, lang: Language) => string | number | boolean | null | undefined;
}

interface Reference {
  /** How many rows still point at record `id`. */
  count(tx: Executor, id: number): Promise<number>;
  /** The 409 message (an English server message with `{n}`). */
  message(n: number): string;
}

export interface ResourceImpl<R extends Resource, Row = Record<string, unknown>> {
  /** The table whose `id`, `version` and `updatedAt` the router reads and bumps. */
  table: PgTable;
  columns: { id: PgColumn; version: PgColumn; updatedAt: PgColumn; name?: PgColumn; active?: PgColumn };
  /** The records with their joined columns; `extra` fields must be selected too. */
  select(db: Executor, extra: Record<string, SQL>, ctx?: ResourceCtx): Dyn<Row>;
  toRecord(row: Row): Rec<R>;
  /** Sort expression per sortable column of the contract (names sort in the reader's language). */
  sort: Record<R['sort'][number], (lang: Language, ctx: ResourceCtx) => SQL | Column>;
  /** What `q` searches (case-insensitive, %q%; see `holds`). */
  search: SearchedText[];
  filters(filters: Filters<R>, ctx: ResourceCtx): (SQL | undefined)[];
  /** Always applied (e.g. supervisors: role manager with a provider). */
  base?: SQL;
  /**
   * The list's exact total without counting rows, where the area keeps counts (bookings: counters
   * per provider, status and payment status): a scalar SQL expression, made part of the page's
   * query; null when these filters need a (capped) count of the rows.
   */
  count?(db: Executor, filters: Filters<R>, ctx: ResourceCtx, q: string | undefined): SQL | null;
  /**
   * The filters, search and sorts use the area's own table only: a page takes its ids from that
   * table's indexes first (a deep offset skips index entries, not joined rows) and joins just them.
   */
  pageByIds?: boolean;
  /**
   * The select depends on nothing of the caller (`ctx`) nor of the day: the record-by-id query of a
   * caller without an owner scope is prepared once (see `preparedGet`).
   */
  preparedGet?: boolean;
  /**
   * The filters, search and scope use the area's own table, and the select's joins neither drop
   * nor repeat a row (inner joins on required foreign keys, or left joins to one row): the total
   * counts the table alone, through its indexes (implied by `pageByIds`).
   */
  countOwnTable?: boolean;
  /** The owner's records only (applied when `ownerId` is set; required for owner operations). */
  scope?: (ownerId: number) => SQL;
  /** Extra checks of an input before it is written (throw field errors). */
  check?(tx: Tx, input: Input<R>, ctx: ResourceCtx, existing: Rec<R> | null): Promise<void>;
  /** Columns of a single-table insert / update (the router adds version and times). */
  values?(input: Input<R>, ctx: ResourceCtx): Record<string, unknown>;
  /** Custom create (several tables): returns the new id. */
  insert?(tx: Tx, input: Input<R>, ctx: ResourceCtx): Promise<number>;
  /**
   * Columns of the record's own row on an update that reads first (an event's provider, a moved
   * booking's price): the router writes them with the new version, in one statement. Without it,
   * an update writes `values`.
   */
  updateValues?(
    tx: Tx,
    input: Input<R>,
    ctx: ResourceCtx,
    existing: Rec<R>,
  ): Promise<Record<string, unknown>>;
  /** Custom update of the other tables (the router has already written the record's own row). */
  update?(tx: Tx, id: number, input: Input<R>, ctx: ResourceCtx, existing: Rec<R>): Promise<void>;
  /** Custom delete (after the reference checks); what it returns goes to `afterDelete`. */
  delete?(tx: Tx, id: number, ctx: ResourceCtx, existing: Rec<R>): Promise<unknown>;
  /** Runs after a create or update committed, with the record as answered (e.g. notifications). */
  afterWrite?(ctx: ResourceCtx, record: Rec<R>, op: 'create' | 'update'): Promise<void>;
  /** Runs after a successful delete's transaction (e.g. removing stored files). */
  afterDelete?(ctx: ResourceCtx, existing: Rec<R>, extra: unknown): Promise<void>;
  references?: Reference[];
  /**
   * Shared records that a service provider may add but change or delete only when it added them
   * and no other provider's record uses them; staff manage all (the masters, docs/security.md
   * "Authorization"). The table has a `createdBy` column (`column`), set on create.
   */
  addedBy?: {
    column: PgColumn;
    /** How many records not of `userId` use record `id` (each kind of user). */
    usedByOthers: ((tx: Executor, id: number, userId: number) => Promise<number>)[];
  };
  /** Options (pickers): which records (default: `columns.active` true, or all) and their label. */
  optionsWhere?(ctx: ResourceCtx): SQL | undefined;
  option?(
    record: Rec<R>,
    lang: Language,
  ): { id: number; name: { en: string; ar: string } } & Record<string, unknown>;
  /** Unique index name → the field it guards and its message. */
  unique?: Record<string, { field: string; message: string }>;
  csv: CsvColumn<R>[];
}

/** Binds an area's implementation to its descriptor (checks the sort map at compile time). */
export const implement = <R extends Resource, Row>(_resource: R, impl: ResourceImpl<R, Row>) =>
  impl as unknown as ResourceImpl<Resource, unknown>;

/* ------------------------------------------------------------------ helpers */

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A searched text: an expression (matched with ILIKE, which lowers it row by row), or a column that
 * stores its text lower-cased (`{ lowered }`, matched with LIKE against the lowered pattern: the
 * cheap match, docs/decisions/0020-every-list-on-an-index.md).
 */
export type SearchedText = SQL | Column | { lowered: Column };

/** Whether `text` holds `q`, in any case, with `%` and `_` taken as themselves. */
export const holds = (text: SearchedText, q: string) =>
  'lowered' in text
    ? like(text.lowered, sql`lower(${likePattern(q)})`)
    : ilike(text as Column, likePattern(q));

/** `name->>'en'` of a localised jsonb column, lower-cased for sorting. */
export const textOf = (column: Column, lang: Language) => sql`lower(${column}->>${sql.raw(`'${lang}'`)})`;
export const enText = (column: Column) => sql`${column}->>'en'`;
export const arText = (column: Column) => sql`${column}->>'ar'`;

const orderOf = (expr: SQL | Column, order: 'asc' | 'desc') => (order === 'asc' ? asc(expr) : desc(expr));

const ctxOf = (h: HandlerContext<never>, resource: Resource): ResourceCtx => {
  const auth = h.requireAuth();
  return {
    deps: h.deps,
    auth,
    lang: h.lang,
    now: h.deps.config.now(),
    ownerId: providerScopeOf(auth, resource.permission, resource.providerScoped),
  };
};

const scopeOf = (impl: ResourceImpl<Resource, unknown>, ctx: ResourceCtx, resource: Resource) => {
  if (ctx.ownerId === null) return undefined;
  if (!impl.scope) throw new Error(`${resource.key}: owner access without a scope`);
  return impl.scope(ctx.ownerId);
};

/** The list's search text, when there is one. */
const searchOf = (query: Record<string, unknown>) =>
  typeof query.q === 'string' && query.q !== '' ? query.q : undefined;

const filtersOf = (resource: Resource, query: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(resource.filters.shape).map((k) => [k, query[k]])) as Filters<Resource>;

const whereOf = (
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

/** A write's refusal as it is, its database constraint failure as a clear answer; anything else is thrown. */
const refusalOf = (err: unknown, impl: ResourceImpl<Resource, unknown>): HttpError => {
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

/* ---------------------------------------------------------------- operations */

type H = HandlerContext<never>;
export type Impl = ResourceImpl<Resource, unknown>;
type SortFn = (lang: Language, ctx: ResourceCtx) => SQL | Column;

const list = async (resource: Resource, impl: Impl, h: H) => {
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
  const result = await db.execute(sql`select ${total} as n`);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
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

const idOf = (h: H) =>
  ((h.params as { id?: number } | undefined)?.id ??
    (h.query as { id?: number } | undefined)?.id ??
    (h.body as { id?: number } | undefined)?.id)!;

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

const get = async (resource: Resource, impl: Impl, h: H) => {
  const ctx = ctxOf(h, resource);
  const id = idOf(h);
  if (impl.preparedGet && ctx.ownerId === null) {
    const [row] = await preparedGet(h.deps.db, resource, impl, ctx).execute({ id });
    if (row === undefined) throw notFound();
    return { message: smsg('loaded'), data: impl.toRecord(row) };
  }
  const record = await findOne(h.deps.db, resource, impl, ctx, id);
  if (!record) throw notFound();
  return { message: smsg('loaded'), data: record };
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
 * A create's or an update's statements, all or nothing (./idempotency.ts `allOrNothing`), with
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

const create = async (resource: Resource, impl: Impl, h: H, body: Record<string, unknown>) => {
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
  h.setStatus(201);
  return { message: smsg('created'), data: record! };
};

const update = async (resource: Resource, impl: Impl, h: H, id: number, body: Record<string, unknown>) => {
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

/** The caller's context on a resource outside a request handler (a bulk job's row). */
export const resourceCtxOf = (resource: Resource, row: RowCtx): ResourceCtx => ({
  ...row,
  ownerId: providerScopeOf(row.auth, resource.permission, resource.providerScoped),
});

/** Whether record `id` is in the caller's scope, as the resource's own endpoints see it (undo). */
export const inScope = async (db: Executor, resource: Resource, impl: Impl, row: RowCtx, id: number) =>
  (await findOne(db, resource, impl, resourceCtxOf(resource, row), id)) !== null;

/**
 * Delete one record (a row action: the resource's delete endpoint and bulk jobs): 404 outside the
 * caller's scope, 409 while it is referenced; stored files go after the commit.
 */
export const removeRow =
  (resource: Resource, impl: Impl): RowAction =>
  async (tx, row, { id }) => {
    const ctx = resourceCtxOf(resource, row);
    let extra: unknown = null;
    try {
      // A savepoint: a constraint failure is answered without ending the caller's transaction.
      const existing = await tx.transaction(async (sp) => {
        const found = await findOne(sp, resource, impl, ctx, id);
        if (!found) throw notFound();
        await guardAddedBy(impl, sp, ctx, id);
        for (const ref of impl.references ?? []) {
          const n = await ref.count(sp, id);
          if (n > 0) throw conflict(ref.message(n));
        }
        if (impl.delete) extra = await impl.delete(sp, id, ctx, found);
        else await sp.delete(impl.table).where(eq(impl.columns.id, id));
        return found;
      });
      return { changed: true, after: async () => impl.afterDelete?.(ctx, existing, extra) };
    } catch (err) {
      throw refusalOf(err, impl);
    }
  };

const remove = async (resource: Resource, impl: Impl, h: H) => {
  await runRowAction(removeRow(resource, impl), rowCtx(h.deps, h.requireAuth(), h.lang), { id: idOf(h) });
  return { message: smsg('deleted') };
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

/**
 * Options for pickers: active records by name, searched with `q` like the list, and paged when the
 * caller gives `pageSize` (a full page: there may be more), else all of them (at most 5000); `id`
 * narrows them to that record.
 */
const options = async (resource: Resource, impl: Impl, h: H) => {
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

/* ---------------------------------------------------------------------- CSV */

const exportCsv = async (resource: Resource, impl: Impl, h: H): Promise<Response> => {
  const ctx = ctxOf(h, resource);
  const query = h.query as Record<string, unknown> & { sort: string; order: 'asc' | 'desc' };
  const where = whereOf(resource, impl, ctx, query);
  const sortBy = impl.sort[query.sort as never] as SortFn;
  const encoder = new TextEncoder();
  const { db } = h.deps;
  const lang = h.lang;
  let offset = 0;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('\uFEFF' + csvLine(impl.csv.map((c) => c.header[lang]))));
    },
    async pull(controller) {
      if (done) return;
      try {
        const rows = await impl
          .select(db, {}, ctx)
          .where(where)
          .orderBy(orderOf(sortBy(lang, ctx), query.order), orderOf(impl.columns.id, query.order))
          .limit(EXPORT_CHUNK)
          .offset(offset);
        offset += rows.length;
        if (rows.length) {
          const text = rows
            .map((r) => {
              const rec = impl.toRecord(r);
              return csvLine(impl.csv.map((c) => c.value(rec, lang)));
            })
            .join('');
          controller.enqueue(encoder.encode(text));
        }
        if (rows.length < EXPORT_CHUNK) {
          done = true;
          controller.close();
        }
      } catch (err) {
        console.error(`CSV export of ${resource.key} failed:`, err);
        controller.error(err);
      }
    },
  });
  return csvResponse(stream, resource.key, ctx.now);
};

/* ------------------------------------------------------------------ routing */

const run = async (
  resource: Resource,
  impl: Impl,
  op: EndpointOp,
  h: H,
): Promise<Record<string, unknown>> => {
  switch (op) {
    case 'list':
      return list(resource, impl, h);
    case 'get':
      return get(resource, impl, h);
    case 'options':
      return options(resource, impl, h);
    case 'remove':
      return remove(resource, impl, h);
    case 'create':
    case 'update': {
      const raw = h.body as Record<string, unknown>;
      if (op === 'create' && (!resource.saveShared || raw.id === undefined)) {
        const body = resource.saveShared ? validate(resource.createBody, raw) : raw;
        return create(resource, impl, h, body as Record<string, unknown>);
      }
      if (resource.saveShared && raw.version === undefined)
        throw new HttpError(422, msg('validationFailed'), { version: smsg('versionRequired') });
      const body = (resource.saveShared ? validate(resource.updateBody, raw) : raw) as Record<
        string,
        unknown
      >;
      return update(resource, impl, h, idOf(h), body);
    }
    case 'export':
      throw new Error('export is a file route');
  }
};

export type ResourceImpls = Record<string, Impl>;

/**
 * Whether a service provider can reach one of the resource's operations while its records are then
 * limited to its own (`providerScopeOf`): a provider-scoped resource, or one whose permission the
 * role table does not give providers, with an operation open to them without it (a picker's
 * options open to everyone signed in).
 */
const ownerScoped = (resource: Resource) =>
  resource.providerScoped === true ||
  (!(ROLE_PERMISSIONS[OWNER_ROLE] as readonly string[]).includes(resource.permission) &&
    Object.values(resource.endpoints).some((endpoint) => {
      const access = endpoint?.access;
      if (!access) return false;
      if (access.kind === 'public') return true;
      if (access.roles && !access.roles.includes(OWNER_ROLE)) return false;
      return access.owner === true || access.permission !== resource.permission;
    }));

/**
 * Refuses, when the server starts, a declaration the engine could not serve: a resource without an
 * implementation, or one a service provider reaches scoped to its own records without a `scope` to
 * limit them by (each such call would fail).
 */
export const assertServable = (impls: ResourceImpls, registry: readonly Resource[] = resources) => {
  for (const resource of registry) {
    const impl = impls[resource.key];
    if (!impl) throw new Error(`No server implementation for resource "${resource.key}"`);
    if (ownerScoped(resource) && !impl.scope)
      throw new Error(
        `Resource "${resource.key}": a service provider reaches it limited to its own records, but its implementation has no scope (server/areas/${resource.key}.ts)`,
      );
  }
};

/** Routes every endpoint of the contract's resource registry with the areas' implementations. */
export const registerResources = (app: App, impls: ResourceImpls) => {
  assertServable(impls);
  // Fixed paths before paths with parameters (`/api/event/get-all-event` before `/api/event/:id`).
  const ordered = [...resourceRoutes].sort(
    (a, b) => Number(a.endpoint.path.includes(':')) - Number(b.endpoint.path.includes(':')),
  );
  for (const r of ordered) {
    const pick = (h: H) => {
      if (r.targets.length === 1) return r.targets[0]!;
      const field = r.targets[0]!.resource.discriminator!.field;
      const source = (r.endpoint.body ? h.body : h.query) as Record<string, unknown>;
      return r.targets.find((t) => t.resource.discriminator!.value === source[field])!;
    };
    if (r.endpoint.produces) {
      routeFile(app, r.endpoint, async (h) => {
        const t = pick(h as H);
        return exportCsv(t.resource, impls[t.resource.key]!, h as H);
      });
    } else {
      route(
        app,
        r.endpoint,
        async (h) => {
          const t = pick(h as H);
          return run(t.resource, impls[t.resource.key]!, t.op, h as H) as never;
        },
        // lists, records and options
        { cache: r.endpoint.method === 'GET' },
      );
    }
  }
};
