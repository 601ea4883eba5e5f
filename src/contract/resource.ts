import { z } from 'zod';
import { endpoint, type Access, type AnyEndpoint } from './http';
import type { Permission } from './roles';
import type { ListLayout, ResourceConfig, ResourceOp, ResourcePaths } from './resource-config';
import { readEndpoints, writeEndpoints } from './resource-endpoints';
import { resourceSchemas } from './resource-schemas';

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

export {
  PAGE_SIZES,
  COUNT_CAP,
  DEFAULT_PAGE_SIZE,
  SEARCH_MAX,
  EXPORT_CHUNK,
  LIST_LAYOUTS,
  type ListLayout,
  localizedText,
  recordOf,
  boolParam,
  idParam,
  type ResourceOp,
  type Place,
  type ResourcePaths,
  type ResourceConfig,
} from './resource-config';

export const defineResource = <
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  const TFilters extends z.ZodObject,
  const TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape = Record<never, never>,
>(
  config: ResourceConfig<TRecord, TInput, TCreate, TFilters, TSort>,
) => {
  const schemas = resourceSchemas(config);
  const { fixed, saveShared, listQuery, exportQuery, createBody, updateBody } = schemas;
  const reads = readEndpoints(config, schemas);
  const writes = writeEndpoints(config, schemas);
  const endpoints = {
    list: reads.list,
    get: reads.get,
    create: writes.create,
    update: writes.update,
    remove: writes.remove,
    options: reads.options,
    export: reads.export,
  };
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
  layouts?: readonly ListLayout[];
  paths: ResourcePaths;
  discriminator?: { field: string; value: string };
  record: z.ZodObject;
  detailFields?: z.ZodRawShape;
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
