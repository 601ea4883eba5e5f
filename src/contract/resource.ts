import { z } from 'zod';
import { INT4_MAX, id, version } from './common';
import {
  endpoint,
  needs,
  ok,
  okMessage,
  signedIn,
  type Access,
  type AnyEndpoint,
  type HttpMethod,
} from './http';
import { msg } from './messages';
import type { Permission } from './roles';

/**
 * The resource pattern (docs/architecture.md §2): one descriptor per
 * management area drives the server router, the client queries and the generic list / form /
 * details pages. An area writes only what makes it different: its record and input schemas,
 * sortable columns, filters, where its endpoints live and its extra actions.
 *
 * Operations: `list` (paginated, sorted, searched, filtered), `get`, `create`, `update`, `remove`
 * (optional), `options` (optional: active records for pickers) and `export` (CSV of the list's
 * filter, every page, at `/api/export/<key>`).
 *
 * Two ways endpoints may share a path, both handled here and by the server's resource router:
 * - create and update at one place (`POST /api/event-manager/add`): a body without `id` creates,
 *   with `id` and `version` updates (`endpoints.create === endpoints.update`, the "save" endpoint);
 *   `createBody` / `updateBody` are the exact schemas of each case.
 * - several resources at one place with a discriminator (`/api/master/*` with `type`): see
 *   `routesOf`, which merges them into one routed endpoint per path.
 */

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

const pageSize = z.coerce
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
}

const samePlace = (a: Place, b: Place) => a.method === b.method && a.path === b.path;
const hasIdParam = (p: string) => /:id\b/.test(p);
const note = (text: string, extra?: string) => (extra ? `${text} ${extra}` : text);

export const defineResource = <
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  const TFilters extends z.ZodObject,
  const TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape = Record<never, never>,
>(
  config: ResourceConfig<TRecord, TInput, TCreate, TFilters, TSort>,
) => {
  const { key, tag, permission, paths, discriminator, record, input, filters, sort, defaultSort } = config;
  const notes = config.notes ?? {};
  const accessOf = (op: ResourceOp): Access =>
    config.access?.[op] ?? needs(permission, { owner: config.ownerOps?.includes(op) ?? false });
  const discShape = discriminator ? { [discriminator.field]: z.literal(discriminator.value) } : {};
  /** The constant fields every call of this resource sends (`{ type: 'country' }` or `{}`). */
  const fixed: Record<string, string> = discriminator ? { [discriminator.field]: discriminator.value } : {};

  const listQuery = z.strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
    sort: z.enum(sort).default(defaultSort.column),
    order: z.enum(['asc', 'desc']).default(defaultSort.order),
    q: z.string().trim().max(SEARCH_MAX).optional(),
    ...discShape,
    ...filters.shape,
  });
  const exportQuery = listQuery.omit({
    page: true,
    pageSize: true,
    ...(discriminator ? { [discriminator.field]: true } : {}),
  });

  const idQuery = z.strictObject({ id, ...discShape });
  const createOnly = (config.createOnly ?? {}) as TCreate;
  const createBody = z.strictObject({ ...input.shape, ...createOnly, ...discShape }) as z.ZodObject<
    TInput['shape'] & TCreate
  >;
  const saveShared = samePlace(paths.create, paths.update);
  const updateBody = z.strictObject({
    ...input.shape,
    ...discShape,
    ...(hasIdParam(paths.update.path) ? {} : { id }),
    version,
  }) as z.ZodObject<TInput['shape'] & { id: typeof id; version: typeof version }>;
  /** The save endpoint's body: create's fields, plus `id` and `version` to update. */
  const saveBody = z.strictObject({
    ...input.shape,
    ...Object.fromEntries(Object.entries(createOnly).map(([k, v]) => [k, (v as z.ZodType).optional()])),
    ...discShape,
    id: id.optional(),
    version: version.optional(),
  });

  const listResponse = ok(
    z.object({
      items: z.array(record),
      total: z.number().int(),
      /**
       * true: counting stopped at the cap (COUNT_CAP) or at this page, and more than `total` rows
       * match (there is a next page); absent or false: `total` is exact.
       */
      totalCapped: z.boolean().optional(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  );
  const byId = (p: string) => (hasIdParam(p) ? { params: z.strictObject({ id }) } : { query: idQuery });

  const list = endpoint({
    ...paths.list,
    summary: note(
      `List ${key} records: page (1…), pageSize (${PAGE_SIZES.join('/')}), sort (${sort.join(', ')}), order, q (searches ${config.searchIn}) and filters. The total is counted up to ${COUNT_CAP}: totalCapped true says more than total rows match.`,
      notes.list,
    ),
    tag,
    access: accessOf('list'),
    query: listQuery,
    response: listResponse,
  });
  const get = endpoint({
    ...paths.get,
    summary: note(`One ${key} record by id (404 when it does not exist or is not yours).`, notes.get),
    tag,
    access: accessOf('get'),
    ...byId(paths.get.path),
    response: ok(record),
  });
  const save = saveShared
    ? endpoint({
        ...paths.create,
        summary: note(
          `Create a ${key} record (no id; answers 201), or update one (with id and version; a stale version answers 409 and changes nothing).`,
          notes.create,
        ),
        tag,
        access: accessOf('create'),
        body: saveBody,
        response: ok(record),
        successStatus: 200,
        mayCreate: true,
        idempotent: true,
      })
    : null;
  const create =
    save ??
    endpoint({
      ...paths.create,
      summary: note(`Create a ${key} record.`, notes.create),
      tag,
      access: accessOf('create'),
      body: createBody,
      response: ok(record),
      successStatus: 201,
      idempotent: true,
    });
  const update =
    save ??
    endpoint({
      ...paths.update,
      summary: note(`Update a ${key} record. A stale version answers 409 and changes nothing.`, notes.update),
      tag,
      access: accessOf('update'),
      ...(hasIdParam(paths.update.path) ? { params: z.strictObject({ id }) } : {}),
      body: updateBody,
      response: ok(record),
      idempotent: true,
    });
  const remove = paths.remove
    ? endpoint({
        ...paths.remove,
        summary: note(`Delete a ${key} record. A record still referenced answers 409.`, notes.remove),
        tag,
        access: accessOf('remove'),
        ...(hasIdParam(paths.remove.path)
          ? { params: z.strictObject({ id }) }
          : paths.remove.method === 'GET' || paths.remove.method === 'DELETE'
            ? { query: idQuery }
            : { body: z.strictObject({ id, ...discShape }) }),
        response: okMessage,
        idempotent: true,
      })
    : undefined;
  const exportCsv = endpoint({
    method: 'GET',
    path: `/api/export/${key}`,
    summary: note(
      `CSV export (UTF-8 with BOM) of every ${key} record matching the list's sort, q and filters: all pages, streamed.`,
      notes.export,
    ),
    tag,
    access: accessOf('export'),
    query: exportQuery,
    response: z.string(),
    produces: 'text/csv',
  });
  const options = paths.options
    ? endpoint({
        ...paths.options,
        summary: note(
          `Active ${key} records as id and name, for pickers, by name. q searches (${config.searchIn}); with pageSize (${PAGE_SIZES.join('/')}) the answer is that page (page 1…), a full page meaning there may be more; without it, every record. id answers that one record (a chosen value's name), or none.`,
          notes.options,
        ),
        tag,
        access: config.access?.options ?? signedIn,
        query: z.strictObject({
          ...discShape,
          ...filters.partial().shape,
          id: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
          q: z.string().trim().max(SEARCH_MAX).optional(),
          page: z.coerce.number().int().min(1).max(1_000_000).optional(),
          pageSize: pageSize.optional(),
        }),
        response: ok(
          z.array(z.strictObject({ id: z.number().int(), name: localizedText, ...config.optionFields })),
        ),
      })
    : undefined;

  const endpoints = { list, get, create, update, remove, options, export: exportCsv };
  return {
    ...config,
    /** Constant fields to send with every call (the discriminator), e.g. `{ type: 'country' }`. */
    fixed,
    /** True when create and update share one endpoint (a body with id + version updates). */
    saveShared,
    listQuery,
    exportQuery,
    createBody,
    updateBody,
    endpoints,
  } as const;
};

/** Any resource descriptor (for registries and generic code). */
export interface Resource {
  key: string;
  tag: string;
  permission: Permission;
  ownerOps?: readonly ResourceOp[];
  providerScoped?: boolean;
  paths: ResourcePaths;
  discriminator?: { field: string; value: string };
  record: z.ZodObject;
  input: z.ZodObject;
  filters: z.ZodObject;
  columns: readonly string[];
  sort: readonly [string, ...string[]];
  defaultSort: { column: string; order: 'asc' | 'desc' };
  searchIn: string;
  fixed: Record<string, string>;
  saveShared: boolean;
  listQuery: z.ZodObject;
  exportQuery: z.ZodObject;
  createBody: z.ZodObject;
  updateBody: z.ZodObject;
  endpoints: {
    list: AnyEndpoint;
    get: AnyEndpoint;
    create: AnyEndpoint;
    update: AnyEndpoint;
    remove?: AnyEndpoint;
    options?: AnyEndpoint;
    export: AnyEndpoint;
  };
}

export type RecordOf<R extends { record: z.ZodType }> = z.output<R['record']>;

/* -------------------------------------------------------- routed endpoints */

export type EndpointOp = Exclude<keyof Resource['endpoints'], never>;

/** One routed endpoint and the resource operations it serves. */
export interface ResourceRoute {
  /** Its name in `api` (and operationId in the OpenAPI document). */
  name: string;
  endpoint: AnyEndpoint;
  /** More than one target: the route dispatches on the discriminator. */
  targets: { resource: Resource; op: EndpointOp }[];
}

const camel = (s: string) => s.replace(/[-_/]+([a-zA-Z0-9])/g, (_, ch: string) => ch.toUpperCase());
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const unionOf = (schemas: z.ZodType[], field: string | undefined) => {
  if (schemas.length === 1) return schemas[0]!;
  if (field) return z.discriminatedUnion(field, schemas as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
  return z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
};

/**
 * The endpoints to route for a set of resources: each resource's own endpoints, and one merged
 * endpoint for every method + path that several resources share through a discriminator (query or
 * body a discriminated union, response a union of the strict answers, permission by discriminator).
 */
export const routesOf = (resources: readonly Resource[]): ResourceRoute[] => {
  const groups = new Map<string, ResourceRoute['targets']>();
  const seen = new Set<AnyEndpoint>();
  for (const resource of resources)
    for (const [op, e] of Object.entries(resource.endpoints) as [EndpointOp, AnyEndpoint | undefined][]) {
      if (!e || seen.has(e)) continue; // create and update may be one endpoint
      seen.add(e);
      const k = `${e.method} ${e.path}`;
      groups.set(k, [...(groups.get(k) ?? []), { resource, op }]);
    }
  return [...groups.values()].map((targets) => {
    const first = targets[0]!;
    const e = first.resource.endpoints[first.op]!;
    if (targets.length === 1) {
      const { resource, op } = first;
      const opName = resource.saveShared && op === 'create' ? 'save' : op;
      return { name: `${camel(resource.key)}${cap(opName)}`, endpoint: e, targets };
    }
    const field = first.resource.discriminator?.field;
    if (!field || targets.some((t) => t.resource.discriminator?.field !== field))
      throw new Error(`${e.method} ${e.path} is shared by resources without one discriminator`);
    const where = e.body ? 'body' : 'query';
    const permissions = Object.fromEntries(
      targets.map((t) => [t.resource.discriminator!.value, t.resource.permission]),
    );
    const eps = targets.map((t) => t.resource.endpoints[t.op]!);
    const access: Access =
      e.access.kind === 'session' && e.access.permission === null
        ? e.access
        : { kind: 'session', permission: null, permissionBy: { field, in: where, permissions } };
    const merged = endpoint({
      method: e.method,
      path: e.path,
      summary: `Shared by ${targets.map((t) => t.resource.key).join(', ')} (by "${field}"). ${e.summary.replace(new RegExp(`\\b${first.resource.key}\\b`, 'g'), `<${field}>`)}`,
      tag: first.resource.tag,
      access,
      ...(e.body
        ? {
            body: unionOf(
              eps.map((x) => x.body!),
              field,
            ),
          }
        : {}),
      ...(e.query
        ? {
            query: unionOf(
              eps.map((x) => x.query!),
              field,
            ),
          }
        : {}),
      response: unionOf(
        eps.map((x) => x.response),
        undefined,
      ),
      ...(e.successStatus ? { successStatus: e.successStatus } : {}),
      ...(eps.some((x) => x.mayCreate) ? { mayCreate: true } : {}),
      ...(e.idempotent ? { idempotent: true } : {}),
    });
    return { name: camel(e.path.replace(/^\/api\//, '')), endpoint: merged, targets };
  });
};
