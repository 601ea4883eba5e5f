/**
 * What an area writes to describe its resource (docs/architecture.md §2): the config of
 * `defineResource` (resource.ts), the list's sizes and limits, and the schemas its fields are built on.
 */
import { z } from 'zod';
import { id, version } from './common';
import type { Access, HttpMethod } from './http';
import { msg } from './messages';
import type { Permission } from './roles';

/** A list's layouts besides its table. */
export const LIST_LAYOUTS = ['calendar'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
/**
 * A list counts its matching rows up to this many (docs/decisions/0027-capped-count-and-one-query-per-page.md):
 * past it the answer's `total` is a lower bound (`totalCapped`), shown as "1,000+".
 */
export const COUNT_CAP = 1000;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_MAX = 100;
/** Rows read from the database per chunk of a CSV export. */
export const EXPORT_CHUNK = 500;

export type ResourceOp = 'list' | 'get' | 'create' | 'update' | 'remove' | 'options' | 'export';

/** A localised text as served (no length rules: those belong to inputs). */
export const localizedText = z.strictObject({ en: z.string(), ar: z.string() });

/** Fields every stored record carries. */
const recordBase = {
  id: z.number().int(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A record schema: strict, so that records of resources sharing a path never pass for each other. */
export const recordOf = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...recordBase, ...shape });

/** A page size of the list and the pickers: one of PAGE_SIZES. */
export const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    error: msg('pageSize', { sizes: PAGE_SIZES.join(', ') }),
  });

/** Query params arrive as strings: booleans are written "true" / "false". */
export const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
/** An id in a query filter. */
export const idParam = id;

export interface Place {
  method: HttpMethod;
  path: string;
}

export interface ResourcePaths {
  list: Place;
  /** One record by id (params `:id`, or query `id` when the path has no `:id`). */
  get: Place;
  create: Place;
  /** May equal `create` (a body with `id` and `version` updates). */
  update: Place;
  remove?: Place;
  /** Every active record as `{ id, name }`, for pickers. */
  options?: Place;
}

export interface ResourceConfig<
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  TCreate extends z.ZodRawShape,
  TFilters extends z.ZodObject,
  TSort extends readonly [string, ...string[]],
> {
  /** Stable key: query keys, export path `/api/export/<key>`, the registry, test fixtures. */
  key: string;
  /** OpenAPI tag. */
  tag: string;
  /** Permission of every endpoint of the area (docs/product.md §2 route table). */
  permission: Permission;
  /** Operations a service provider may use on its own records without the permission. */
  ownerOps?: readonly ResourceOp[];
  /**
   * Records belong to a service provider: a service provider (even holding the permission) and a
   * supervisor (a manager of a provider) reach only their provider's records; others answer 404,
   * also in lists, pickers and exports.
   */
  providerScoped?: boolean;
  /**
   * The list's other layouts besides its table, chosen with `view=` in its URL and kept in saved
   * views (the events' calendar, docs/decisions/0070-the-events-calendar.md).
   */
  layouts?: readonly ListLayout[];
  /** Per-operation access that differs from `needs(permission)`. */
  access?: Partial<Record<ResourceOp, Access>>;
  paths: ResourcePaths;
  /**
   * Several resources may share one path (the configuration masters share /api/master/*): the
   * discriminator names the field (query or body) whose constant value picks this resource.
   */
  discriminator?: { field: string; value: string };
  record: TRecord;
  /** Fields of create and update. */
  input: TInput;
  /** Fields accepted on create only (e.g. an initial password). */
  createOnly?: TCreate;
  /** List filters (query strings: use `boolParam`, `idParam`, enums). */
  filters: TFilters;
  /** Columns the list may be sorted by; nothing else is accepted. */
  sort: TSort;
  /**
   * The list's columns by id, in their order: what a saved view may show (docs/decisions/0022-saved-views.md).
   * The app's area has a column of each id (tests/unit/view-columns.test.ts).
   */
  columns: readonly [string, ...string[]];
  defaultSort: { column: TSort[number]; order: 'asc' | 'desc' };
  /** What `q` searches (shown in the docs and the search box's hint). */
  searchIn: string;
  /** What the chosen methods and payloads are, per operation (docs; product left them open). */
  notes?: Partial<Record<ResourceOp, string>>;
  /** Fields the pickers' options carry beside id and name (a venue's time zone). */
  optionFields?: z.ZodRawShape;
  /** Fields the record by id carries beside the record's (a booking's ticket), not the list's rows. */
  detailFields?: z.ZodRawShape;
}

/** Any resource's config (for the helpers of `defineResource`). */
export type AnyResourceConfig = ResourceConfig<
  z.ZodObject,
  z.ZodObject,
  z.ZodRawShape,
  z.ZodObject,
  readonly [string, ...string[]]
>;

/** Whether a path takes the record's id as its `:id` param. */
export const hasIdParam = (p: string) => /:id\b/.test(p);
