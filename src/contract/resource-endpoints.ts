/**
 * The endpoints of a resource's operations (`defineResource`, resource.ts), on the schemas of
 * resource-schemas.ts: the reads (list, get, export, options) and the writes (create, update or one
 * save endpoint for both, remove).
 */
import { z } from 'zod';
import { INT4_MAX, id } from './common';
import { endpoint, needs, ok, okMessage, signedIn, type Access } from './http';
import {
  COUNT_CAP,
  PAGE_SIZES,
  SEARCH_MAX,
  hasIdParam,
  localizedText,
  pageSize,
  type AnyResourceConfig,
  type ResourceConfig,
  type ResourceOp,
} from './resource-config';
import type { ResourceSchemas } from './resource-schemas';

const note = (text: string, extra?: string) => (extra ? `${text} ${extra}` : text);

/** An operation's access: the config's, else the resource's permission (or, for ownerOps, the owner). */
const accessOf = (config: AnyResourceConfig, op: ResourceOp): Access =>
  config.access?.[op] ?? needs(config.permission, { owner: config.ownerOps?.includes(op) ?? false });

export const readEndpoints = <
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  TFilters extends z.ZodObject,
  TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape,
>(
  config: ResourceConfig<TRecord, TInput, TCreate, TFilters, TSort>,
  {
    discShape,
    listQuery,
    exportQuery,
    idQuery,
    listResponse,
  }: ResourceSchemas<TRecord, TInput, TFilters, TSort, TCreate>,
) => {
  const { key, tag, paths, record, filters, sort } = config;
  const notes = config.notes ?? {};
  const byId = (p: string) => (hasIdParam(p) ? { params: z.strictObject({ id }) } : { query: idQuery });

  const list = endpoint({
    ...paths.list,
    summary: note(
      `List ${key} records: page (1…), pageSize (${PAGE_SIZES.join('/')}), sort (${sort.join(', ')}), order, q (searches ${config.searchIn}) and filters. The total is counted up to ${COUNT_CAP}: totalCapped true says more than total rows match.`,
      notes.list,
    ),
    tag,
    access: accessOf(config, 'list'),
    query: listQuery,
    response: listResponse,
  });
  const get = endpoint({
    ...paths.get,
    summary: note(`One ${key} record by id (404 when it does not exist or is not yours).`, notes.get),
    tag,
    access: accessOf(config, 'get'),
    ...byId(paths.get.path),
    response: ok(record.extend(config.detailFields ?? {})),
  });
  const exportCsv = endpoint({
    method: 'GET',
    path: `/api/export/${key}`,
    summary: note(
      `CSV export (UTF-8 with BOM) of every ${key} record matching the list's sort, q and filters: all pages, streamed.`,
      notes.export,
    ),
    tag,
    access: accessOf(config, 'export'),
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
  return { list, get, export: exportCsv, options };
};

export const writeEndpoints = <
  TRecord extends z.ZodObject,
  TInput extends z.ZodObject,
  TFilters extends z.ZodObject,
  TSort extends readonly [string, ...string[]],
  TCreate extends z.ZodRawShape,
>(
  config: ResourceConfig<TRecord, TInput, TCreate, TFilters, TSort>,
  {
    discShape,
    idQuery,
    createBody,
    saveShared,
    updateBody,
    saveBody,
  }: ResourceSchemas<TRecord, TInput, TFilters, TSort, TCreate>,
) => {
  const { key, tag, paths, record } = config;
  const notes = config.notes ?? {};
  const save = saveShared
    ? endpoint({
        ...paths.create,
        summary: note(
          `Create a ${key} record (no id; answers 201), or update one (with id and version; a stale version answers 409 and changes nothing).`,
          notes.create,
        ),
        tag,
        access: accessOf(config, 'create'),
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
      access: accessOf(config, 'create'),
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
      access: accessOf(config, 'update'),
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
        access: accessOf(config, 'remove'),
        ...(hasIdParam(paths.remove.path)
          ? { params: z.strictObject({ id }) }
          : paths.remove.method === 'GET' || paths.remove.method === 'DELETE'
            ? { query: idQuery }
            : { body: z.strictObject({ id, ...discShape }) }),
        response: okMessage,
        idempotent: true,
      })
    : undefined;
  return { create, update, remove };
};
