import { z } from 'zod';
import { id } from './common';
import { endpoint, ok, type AnyEndpoint } from './http';
import { msg } from './messages';
import type { Resource } from './resource';
import { resources, type ResourceKey } from './areas';
import { advertisementApi } from './areas/advertisement';
import { bookingApi, bookingStatus, paymentStatus } from './areas/booking';
import { eventApi, eventStatus } from './areas/event';
import { serviceProviderApi } from './areas/serviceprovider';
import { supervisorApi } from './areas/supervisor';
import { usersApi } from './areas/user';

/**
 * Bulk actions (docs/decisions/0021-bulk-actions-and-list-keyboard.md): one of the actions an area
 * allows for one row, asked for many rows at once, by ids or by the list's filter and search.
 *
 * `POST /api/<key>/bulk` records a job (PostgreSQL, so any server process can report it) and
 * answers it at once; the rows are then processed in batches of BULK_BATCH, each row through the
 * same code, permission, ownership and transition rules as the action's single-row endpoint, and
 * each answered on its own: done (with the version it produced), unchanged (already so) or refused
 * (with the reason). `GET /api/bulk/:id` reports the progress and the rows.
 */

/**
 * Rows processed per batch: before each, the caller's standing is read again (still active, still
 * allowed, a supervisor's provider still active), and a process works on one batch at a time, its
 * jobs in turn (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md).
 */
export const BULK_BATCH = 20;
/** A user's jobs running at once, at most: one more answers 429 until one has finished. */
export const BULK_RUNNING_PER_USER = 2;
/** Rows of one job at most (ids sent, or records matching a filter). */
export const BULK_MAX = 5000;
/** Rows answered per `GET /api/bulk/:id` page. */
export const BULK_ROWS_PAGE = 1000;

const reason = z
  .string()
  .trim()
  .max(500, msg('maxChars', { n: 500 }))
  .nullable()
  .default(null);

/** An action of a bulk job: its parameters and the single-row endpoint whose rules it follows. */
export interface BulkActionDef {
  /** The parameters, sent once for every row: the single-row body without `id` and `version`. */
  params: z.ZodObject;
  /** The single-row endpoint: its access is the bulk action's, its body validates every row. */
  single: AnyEndpoint;
}

const accountStatus = (statuses: readonly [string, ...string[]], single: AnyEndpoint): BulkActionDef => ({
  params: z.strictObject({ status: z.enum(statuses), reason }),
  single,
});

const statusActions: Partial<Record<ResourceKey, Record<string, BulkActionDef>>> = {
  serviceprovider: { status: accountStatus(['1', '2', '3'], serviceProviderApi.serviceProviderApprove) },
  user: { status: accountStatus(['1', '2', '3'], usersApi.usersApprove) },
  supervisor: {
    status: {
      params: z.strictObject({ status: z.enum(['1', '3']) }),
      single: supervisorApi.supervisorStatus,
    },
  },
  event: {
    status: { params: z.strictObject({ status: eventStatus, reason }), single: eventApi.eventUpdateStatus },
    featured: { params: z.strictObject({ featured: z.boolean() }), single: eventApi.eventUpdateFeatured },
  },
  advertisement: {
    status: {
      params: z.strictObject({ status: z.enum(['approved', 'rejected']), reason }),
      single: advertisementApi.adsApprove,
    },
  },
  booking: {
    status: {
      params: z.strictObject({
        status: bookingStatus.optional(),
        paymentStatus: paymentStatus.optional(),
        note: reason,
      }),
      single: bookingApi.bookingUpdateStatus,
    },
  },
};

/** Every action a resource offers in bulk: its status moves, and `delete` where it has one. */
export const bulkActionsOf = (resource: Resource): Record<string, BulkActionDef> => ({
  ...statusActions[resource.key as ResourceKey],
  ...(resource.endpoints.remove
    ? { delete: { params: z.strictObject({}), single: resource.endpoints.remove } }
    : {}),
});

const bulkRowState = z.enum(['pending', 'done', 'unchanged', 'refused']);
export type BulkRowState = z.infer<typeof bulkRowState>;

const bulkRow = z.object({
  /** The record's id. */
  id: z.number().int(),
  state: bulkRowState,
  /** The version the change produced (done), or the record's current one (unchanged); null otherwise. */
  version: z.number().int().nullable(),
  /** Why it was refused, in the reader's language. */
  message: z.string().nullable(),
});

export const bulkJob = z.object({
  id: z.number().int(),
  resource: z.string(),
  action: z.string(),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(['running', 'finished']),
  total: z.number().int(),
  done: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Processed rows from `from` on (at most BULK_ROWS_PAGE), in selection order. */
  rows: z.array(bulkRow),
  /** The `from` of the next page of rows, when there are more. */
  next: z.number().int().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;

/** A bulk request: the rows (ids, or the list's filter) and one action with its parameters. */
export interface BulkBody {
  action: string;
  ids?: number[];
  filter?: Record<string, unknown>;
  params: Record<string, unknown>;
}

const bulkBodyOf = (resource: Resource) => {
  const actions = Object.entries(bulkActionsOf(resource));
  const variants = actions.map(([name, def]) =>
    z.strictObject({
      action: z.literal(name),
      /** The rows: ids (this page, or rows picked one by one)… */
      ids: z.array(id).min(1).max(BULK_MAX).optional(),
      /** …or every record the list's filter and search match (the list's query values). */
      filter: resource.exportQuery.optional(),
      params: def.params.default({} as never),
    }),
  );
  const union = (variants.length === 1
    ? variants[0]!
    : z.discriminatedUnion(
        'action',
        variants as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
      )) as unknown as z.ZodType<BulkBody>;
  return union.refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
    path: ['ids'],
    error: msg('idsOrFilter'),
  });
};

const tag = 'Bulk actions';

const bulkEndpointOf = (resource: Resource) =>
  endpoint({
    method: 'POST',
    path: `/api/${resource.key}/bulk`,
    summary: `Run one ${resource.key} action on many rows: { ids | filter, action (${Object.keys(bulkActionsOf(resource)).join(', ')}), params }. Each row follows the rules of the action's single-row endpoint (permission, ownership, transitions); answers the job (201), processed in batches of ${BULK_BATCH}: follow it with GET /api/bulk/{id}. At most ${BULK_MAX} rows; at most ${BULK_RUNNING_PER_USER} of your jobs run at once (another answers 429 with Retry-After); honours Idempotency-Key.`,
    tag,
    access: resource.endpoints.list.access,
    body: bulkBodyOf(resource),
    response: ok(bulkJob),
    successStatus: 201,
    idempotent: true,
  });

export const bulkEndpoints = Object.fromEntries(
  resources.filter((r) => Object.keys(bulkActionsOf(r)).length > 0).map((r) => [r.key, bulkEndpointOf(r)]),
) as Partial<Record<ResourceKey, AnyEndpoint>>;

export const bulkApi = {
  ...(Object.fromEntries(Object.entries(bulkEndpoints).map(([key, e]) => [`${key}Bulk`, e])) as Record<
    `${ResourceKey}Bulk`,
    AnyEndpoint
  >),
  bulkJob: endpoint({
    method: 'GET',
    path: '/api/bulk/:id',
    summary: `Progress of a bulk job you started, with its processed rows from \`from\` on (${BULK_ROWS_PAGE} a page; \`only=refused\` for the refusals). Another user's job answers 404.`,
    tag,
    access: { kind: 'session', permission: null },
    params: z.strictObject({ id }),
    query: z.strictObject({
      from: z.coerce.number().int().min(0).max(BULK_MAX).default(0),
      only: z.enum(['refused']).optional(),
    }),
    response: ok(bulkJob),
  }),
};
