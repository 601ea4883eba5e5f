/**
 * What an area writes against to serve its resource through the engine (./resource-router.ts): its
 * `ResourceImpl`, the caller's context its hooks get, and the SQL helpers of its search and sorts.
 */
import { ilike, like, sql, type Column, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Language } from '../../src/contract/common';
import { OWNER_ROLE } from '../../src/contract/http';
import type { Resource } from '../../src/contract/resource';
import type { AuditContext } from '../audit/trail';
import type { AuthInfo } from '../auth/sessions';
import type { Executor, Tx } from '../db/client';
import type { HttpError } from '../core/errors';
import type { Deps } from '../http/types';

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

export type Rec<R extends Resource> = z.input<R['record']>;
export type Input<R extends Resource> = z.output<R['createBody']>;
export type Filters<R extends Resource> = z.output<R['filters']>;

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
  /**
   * `name`: the record's name, `{ en, ar }` (pickers sort by it; the audit trail names records by
   * it); `code`: a text that names it instead where it has no such name (a booking's code).
   */
  columns: {
    id: PgColumn;
    version: PgColumn;
    updatedAt: PgColumn;
    name?: PgColumn;
    code?: PgColumn;
    active?: PgColumn;
  };
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
   * A custom create of many records at once (an import's rows: server/resources/write.ts
   * `createMany`), in as few statements as the area can: each input's new id or the refusal its
   * `insert` would have thrown, in the order of `inputs`. An area that has it makes `insert` this
   * with one input, so both run the same rules.
   */
  insertMany?(tx: Tx, inputs: Input<R>[], ctx: ResourceCtx): Promise<(number | HttpError)[]>;
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
  /**
   * After a record's row is put back from the audit trail (an undo, an admin's restore:
   * forward-rules.ts), with the record as it was just before: the rules of the move the put-back
   * makes that no update of its editable fields runs (an event back from a cancellation tells its
   * guests).
   */
  putBack?(tx: Tx, id: number, ctx: ResourceCtx, existing: Rec<R>): Promise<void>;
  /** Custom delete (after the reference checks); what it returns goes to `afterDelete`. */
  delete?(tx: Tx, id: number, ctx: ResourceCtx, existing: Rec<R>): Promise<unknown>;
  /** Runs after a create or update committed, with the record as answered (e.g. notifications). */
  afterWrite?(ctx: ResourceCtx, record: Rec<R>, op: 'create' | 'update'): Promise<void>;
  /**
   * Runs after a create committed, outside its transaction (the create's route then gives each
   * write its own: server/http/route.ts `ownTransactions`), with the record and the request's audit
   * context; what it answers is the answer's message (an invitation mailed or not,
   * docs/decisions/0063-invitations.md).
   */
  afterCreate?(ctx: ResourceCtx, record: Rec<R>, audit: AuditContext): Promise<string>;
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
  /** The contract's `detailFields` of the record by id (a booking's ticket). */
  detail?(record: Rec<R>, ctx: ResourceCtx): Promise<Record<string, unknown>>;
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

export type Impl = ResourceImpl<Resource, unknown>;
export type ResourceImpls = Record<string, Impl>;
