/**
 * The request and answer schemas of a resource's endpoints (`defineResource`, resource.ts): the
 * list's and the export's queries, the id query and the bodies of create, update and save.
 */
import { z } from 'zod';
import { id, version } from './common';
import { ok } from './http';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_MAX,
  hasIdParam,
  pageSize,
  type Place,
  type ResourceConfig,
} from './resource-config';

const samePlace = (a: Place, b: Place) => a.method === b.method && a.path === b.path;

export const resourceSchemas = <
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  TFilters extends z.ZodObject,
  TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape,
>(
  config: ResourceConfig<TRecord, TInput, TCreate, TFilters, TSort>,
) => {
  const { paths, discriminator, record, input, filters, sort, defaultSort } = config;
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
  /**
   * The input's own rules across fields (its `.refine`s: a notification's audience must name
   * someone) go with every body made from its shape; spreading the shape alone would drop them.
   */
  const inputChecks = (input._zod.def.checks ?? []) as z.core.$ZodCheck<Record<string, unknown>>[];
  const withInputChecks = <S extends z.ZodObject>(schema: S): S =>
    inputChecks.length ? schema.check(...inputChecks) : schema;
  const createBody = withInputChecks(
    z.strictObject({ ...input.shape, ...createOnly, ...discShape }) as z.ZodObject<TInput['shape'] & TCreate>,
  );
  const saveShared = samePlace(paths.create, paths.update);
  const updateBody = withInputChecks(
    z.strictObject({
      ...input.shape,
      ...discShape,
      ...(hasIdParam(paths.update.path) ? {} : { id }),
      version,
    }) as z.ZodObject<TInput['shape'] & { id: typeof id; version: typeof version }>,
  );
  /** The save endpoint's body: create's fields, plus `id` and `version` to update. */
  const saveBody = withInputChecks(
    z.strictObject({
      ...input.shape,
      ...Object.fromEntries(Object.entries(createOnly).map(([k, v]) => [k, (v as z.ZodType).optional()])),
      ...discShape,
      id: id.optional(),
      version: version.optional(),
    }),
  );

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
  return {
    discShape,
    fixed,
    listQuery,
    exportQuery,
    idQuery,
    createBody,
    saveShared,
    updateBody,
    saveBody,
    listResponse,
  };
};

/** The schemas of one resource's endpoints. */
export type ResourceSchemas<
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  TFilters extends z.ZodObject,
  TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape,
> = ReturnType<typeof resourceSchemas<TRecord, TInput, TFilters, TSort, TCreate>>;
