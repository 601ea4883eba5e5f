import './zod-config';
import { z } from 'zod';

/**
 * Endpoint descriptors: the one description of every API call that the server routes, the
 * client calls and the tests exercise. Imports zod only (docs/architecture.md §2).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export { OWNER_ROLE } from './plain';

/**
 * Who may call an endpoint: anyone, or a signed-in user holding `permission` (null = any role).
 * - `owner`: a service provider (OWNER_ROLE) may call it too without the permission; the server
 *   then limits it to the provider's own records (others answer 404, also in lists).
 * - `permissionBy`: endpoints shared by several resources (the configuration masters share
 *   /api/master/*): the permission depends on the value of a discriminator field of the query or
 *   body (`{ type: 'country' }` needs `country`); unknown values fail validation.
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'session';
      permission: string | null;
      owner?: boolean;
      permissionBy?: { field: string; in: 'query' | 'body'; permissions: Record<string, string> };
      /** Only these roles (besides the permission), e.g. approvals are for admins only. */
      roles?: readonly string[];
    };

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'session', permission: null };
export const needs = (
  permission: string,
  opts: { owner?: boolean; roles?: readonly string[] } = {},
): Access => ({
  kind: 'session',
  permission,
  ...(opts.owner ? { owner: true } : {}),
  ...(opts.roles ? { roles: opts.roles } : {}),
});

export interface EndpointDef<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Hono-style path: `/api/event/get-details/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** JSON body, or for `multipart: true` the non-file form fields. */
  body?: TBody;
  multipart?: boolean;
  /** For `multipart: true`: the names of the accepted file fields (others are refused). */
  files?: readonly string[];
  /** For `multipart: true`: a body limit of its own, `import`: the server's IMPORT_MAX_MB (docs/decisions/0073-import-from-files.md). */
  bodyLimit?: 'import';
  query?: TQuery;
  params?: TParams;
  response: TResponse;
  /** Status of a successful answer (200 unless said). */
  successStatus?: 200 | 201;
  /** A save that creates when no id is sent: answers 201 then, `successStatus` otherwise. */
  mayCreate?: boolean;
  /** Writes that may be replayed from the offline outbox honour an Idempotency-Key. */
  idempotent?: boolean;
  /**
   * The answer is a file of this media type, or of one of these (CSV export, document download), not
   * JSON: `response` then describes it for the docs only.
   */
  produces?: string | readonly string[];
}

export const endpoint = <
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(
  def: EndpointDef<TBody, TQuery, TParams, TResponse>,
) => def;

export type AnyEndpoint = EndpointDef<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ResponseOf<E> = E extends { response: infer R } ? Infer<R> : never;
export type RequestOf<E extends AnyEndpoint> = {
  body: Input<E['body']>;
  query: Input<E['query']>;
  params: Input<E['params']>;
};

export { buildPath } from './plain';

/* ----------------------------------------------------------------- envelopes */

/**
 * The answer of a write that can be undone carries the token of its undo, minted by the server for
 * that write and that caller (docs/decisions/0034-undo-tokens-minted-by-the-server.md).
 */
const undo = z.string().optional().describe('The token of this write for POST /api/undo.');

/** Every success answer: `{ status, message, data }` (docs/architecture.md §2). */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), message: z.string(), data, undo });

/** Answers without data. */
export const okMessage = z.object({ status: z.number().int(), message: z.string(), undo });

/** Every error answer: the real HTTP status, a message, and messages per field. */
export const errorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
