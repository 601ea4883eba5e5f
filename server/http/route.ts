/**
 * The one generic way to serve an endpoint of the contract: `route(app, endpoint, handler)`.
 *
 * For every request it, in order: authenticates and checks the permission of `endpoint.access`
 * (deny by default), validates path params, query and body with the descriptor's zod schemas
 * (strict: unknown fields are refused), honours an Idempotency-Key on `idempotent` endpoints, runs
 * the handler, checks the answer against the descriptor's response schema in development and tests
 * (a field the schema does not name fails too, so production can skip the check) and writes
 * `{ status, message, ... }`; failures become
 * `{ status, message, errors? }` with the real HTTP status. Every text is localised from the
 * request's Accept-Language. Nothing a client sends can produce a 500 or leak a stack or SQL text.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { OWNER_ROLE, type AnyEndpoint, type EndpointDef } from '../../src/contract/http';
import type { Language } from '../../src/contract/common';
import { localizeMessage, msg } from '../../src/contract/messages';
import { requestAuditContext, setAuditContext, type AuditContext } from '../audit/trail';
import { authenticate, type AuthInfo } from '../auth/sessions';
import { smsg } from '../core/messages';
import { parseJsonBody, parseMultipart, readBody } from './body';
import { clientIp } from './client-ip';
import { dbFaultMessage, DB_RETRY_AFTER_S, isDbUnavailable, isDiskFull } from './db-faults';
import { HttpError, forbidden, unauthorized, type FieldErrors } from '../core/errors';
import { inWriteTransaction, withIdempotency } from './idempotency';
import { operationOf, UNDOABLE } from './undoable';
import { withTransactionSetup } from '../db/request-context';
import type { CachedAnswer } from './read-cache';
import type { App, AppEnv, Deps } from './types';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type BodyT<E> = E extends EndpointDef<infer B, infer _Q, infer _P, infer _R> ? B : never;
type QueryT<E> = E extends EndpointDef<infer _B, infer Q, infer _P, infer _R> ? Q : never;
type ParamsT<E> = E extends EndpointDef<infer _B, infer _Q, infer P, infer _R> ? P : never;
type ResponseT<E> = E extends EndpointDef<infer _B, infer _Q, infer _P, infer R> ? R : never;

export interface HandlerContext<E extends AnyEndpoint> {
  c: Context<AppEnv>;
  deps: Deps;
  lang: Language;
  ip: string;
  body: Out<BodyT<E>>;
  query: Out<QueryT<E>>;
  params: Out<ParamsT<E>>;
  /** Files of a multipart request, by field name (only the names the descriptor lists). */
  files: Record<string, File[]>;
  /**
   * Who is writing, from where (server/audit/trail.ts): the row triggers read it from the transaction a
   * signed-in write runs in; a handler appends explicit entries with it (`appendAudit`).
   */
  audit: AuditContext;
  /** The session of a signed-in endpoint (null on public ones). */
  auth: AuthInfo | null;
  /** The session, or 401 when there is none. */
  requireAuth(): AuthInfo;
  /** Answer with this status instead of the endpoint's success status (a save that created: 201). */
  setStatus(status: 200 | 201): void;
}

/** What a handler returns: the answer without `status` (the route adds it); texts in English. */
type Reply<E extends AnyEndpoint> = Omit<z.input<ResponseT<E>>, 'status'>;
export type Handler<E extends AnyEndpoint> = (ctx: HandlerContext<E>) => Promise<Reply<E>>;

/* ------------------------------------------------------------------ registry */

interface Registered {
  endpoint: AnyEndpoint;
  pattern: RegExp;
}
const registries = new WeakMap<object, Registered[]>();

const pathPattern = (path: string) =>
  new RegExp(
    '^' +
      path
        .split('/')
        .map((seg) =>
          seg.startsWith(':')
            ? seg.endsWith('?')
              ? '(?:/[^/]+)?'
              : '/[^/]+'
            : seg
              ? '/' + seg.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')
              : '',
        )
        .join('') +
      '/?$',
  );

export const registeredEndpoints = (app: App): AnyEndpoint[] =>
  (registries.get(app) ?? []).map((r) => r.endpoint);

/** Methods that some registered endpoint serves at `path` (for 405 answers). */
export const methodsAt = (app: App, path: string): string[] => [
  ...new Set((registries.get(app) ?? []).filter((r) => r.pattern.test(path)).map((r) => r.endpoint.method)),
];

/** Throws when an endpoint of `api` has no route: the server refuses to start. */
export const assertAllRouted = (app: App, api: Record<string, AnyEndpoint>) => {
  const routed = new Set(registeredEndpoints(app));
  const missing = Object.entries(api)
    .filter(([, e]) => !routed.has(e))
    .map(([name, e]) => `${name} (${e.method} ${e.path})`);
  if (missing.length) throw new Error(`These contract endpoints have no route: ${missing.join(', ')}`);
};

/* --------------------------------------------------------------- validation */

/** Messages of zod issues that a schema does not name itself: our own, so they can be localised. */
const defaultIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? msg('required') : msg('invalidValue');
    case 'too_small':
      if (issue.origin === 'string') return msg('minChars', { n: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return smsg('minItems', { n: Number(issue.minimum) });
      return smsg('atLeast', { n: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return msg('maxChars', { n: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return smsg('maxItems', { n: Number(issue.maximum) });
      return smsg('atMost', { n: String(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? msg('invalidEmail') : msg('invalidValue');
    case 'unrecognized_keys':
      return msg('unknownField');
    default:
      return msg('invalidValue');
  }
};

const GENERIC = new Set<string>([msg('required'), msg('invalidValue'), msg('unknownField')]);

/** Validates `input`; 422 with one message per field (dotted path; prefixed by `where`). */
export const validate = <S extends z.ZodType>(schema: S, input: unknown, where = ''): z.output<S> => {
  const result = schema.safeParse(input, { error: defaultIssueMessage });
  if (result.success) return result.data;
  // No prototype: a field named "__proto__" or "constructor" is named in the answer like any other.
  const errors = Object.create(null) as FieldErrors;
  let rootMessage: string | undefined;
  const add = (path: PropertyKey[], message: string) => {
    const key = [where, ...path.map(String)].filter(Boolean).join('.');
    if (!key) rootMessage ??= message;
    else errors[key] ??= message;
  };
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const k of issue.keys) add([...issue.path, k], msg('unknownField'));
    else add(issue.path, issue.message);
  }
  const values = Object.values(errors);
  const message =
    rootMessage ?? (values.length === 1 && !GENERIC.has(values[0]!) ? values[0]! : msg('validationFailed'));
  throw new HttpError(422, message, Object.keys(errors).length ? errors : undefined);
};

const noFields = z.strictObject({});

/**
 * The dotted path of the first text (value or key) holding a NUL character, which PostgreSQL cannot
 * store in text or jsonb (it would fail the query: a 500). Null when there is none.
 */
const nulAt = (value: unknown, start: string[] = []): string | null => {
  // Iterative (an explicit stack): input is never walked by recursion (docs/security.md, "Input limits").
  const stack: Array<[unknown, string[]]> = [[value, start]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.') || 'body';
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    const entries = Object.entries(v);
    for (const [k] of entries)
      if (k.includes('\u0000')) return [...path, k.split('\u0000').join('')].join('.') || 'body';
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], [...path, entries[i]![0]]]);
  }
  return null;
};

/** Refuses input with a NUL character (422 naming the field). */
const refuseNul = (value: unknown, where = '') => {
  const hit = nulAt(value, where ? [where] : []);
  if (hit !== null) throw new HttpError(422, msg('validationFailed'), { [hit]: msg('invalidValue') });
};

/**
 * Refuses a JSON body with a "__proto__" key anywhere (422 naming it as an unknown field). JSON.parse
 * keeps it as an own key and a strict object names it, but a record (a saved view's filters) drops
 * it without a word; docs/security.md ("Input rules") promises it is refused, never ignored.
 */
const refuseProtoKeys = (value: unknown) => {
  // Iterative, like nulAt: input is never walked by recursion.
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (Object.hasOwn(v, '__proto__'))
      throw new HttpError(422, msg('validationFailed'), {
        [[...path, '__proto__'].join('.')]: msg('unknownField'),
      });
    for (const [k, x] of Object.entries(v)) stack.push([x, [...path, k]]);
  }
};

const queryObject = (c: Context) => {
  // No prototype: "?__proto__=1" is an own key, refused like any unknown one (docs/security.md,
  // "Input rules"), instead of setting the prototype and vanishing.
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, values] of Object.entries(c.req.queries()))
    out[name] = values.length === 1 ? values[0]! : values;
  return out;
};

/* ----------------------------------------------------------------- answers */

const localizeErrors = (errors: FieldErrors | undefined, lang: Language) =>
  errors && Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, localizeMessage(v, lang)]));

export const errorResponse = (c: Context, err: HttpError, lang: Language) => {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  const errors = localizeErrors(err.errors, lang);
  return c.json(
    { status: err.status, message: localizeMessage(err.message, lang), ...(errors ? { errors } : {}) },
    err.status as 400,
  );
};

/**
 * Any unexpected fault: logged with its stack on the server, a generic 500 to the client; the
 * database being unreachable answers 503 with Retry-After (db-faults.ts).
 */
export const serverFault = (c: Context, err: unknown, lang: Language) => {
  if (isDiskFull(err)) {
    console.error(`${c.req.method} ${c.req.path}: out of storage space:`, String(err));
    return c.json({ status: 507, message: localizeMessage(dbFaultMessage('diskFull'), lang) }, 507);
  }
  if (isDbUnavailable(err)) {
    console.error(`${c.req.method} ${c.req.path}: the database cannot be reached:`, String(err));
    c.header('Retry-After', String(DB_RETRY_AFTER_S));
    return c.json({ status: 503, message: localizeMessage(dbFaultMessage('dbUnavailable'), lang) }, 503);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ status: 500, message: localizeMessage(smsg('serverError'), lang) }, 500);
};

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/* -------------------------------------------------------------------- route */

/** The permission needed for this request, when it depends on a discriminator value. */
const discriminatedPermission = (access: AnyEndpoint['access'], query: unknown, body: unknown) => {
  if (access.kind !== 'session' || !access.permissionBy) return null;
  const { field, in: where, permissions } = access.permissionBy;
  const source = (where === 'query' ? query : body) as Record<string, unknown> | null | undefined;
  const value = source && typeof source === 'object' ? source[field] : undefined;
  return typeof value === 'string' && Object.hasOwn(permissions, value) ? permissions[value]! : null;
};

/** Does this session pass `access` (before any discriminator)? */
export const allows = (access: AnyEndpoint['access'], auth: AuthInfo, permission: string | null) =>
  (access.kind !== 'session' || !access.roles || access.roles.includes(auth.user.role)) &&
  (permission === null ||
    auth.permissions.includes(permission) ||
    (access.kind === 'session' && access.owner === true && auth.user.role === OWNER_ROLE));

/** May this session call an endpoint of this access (its own permission; no discriminator)? */
export const mayCall = (access: AnyEndpoint['access'], auth: AuthInfo) =>
  access.kind === 'public' || allows(access, auth, access.permission);

/** An endpoint whose answer is a file (`produces`): the handler returns the Response itself. */
export type FileHandler<E extends AnyEndpoint> = (ctx: HandlerContext<E>) => Promise<Response>;

export interface RouteOptions {
  /**
   * A read whose answer depends only on the database, the caller, the URL, the language and the
   * day: kept by the read cache (when there is one) until the next write.
   */
  cache?: boolean;
  /**
   * An idempotent write whose own state change refuses a repeat and whose work must outlive a
   * failure (server/http/idempotency.ts): it is not run inside the key's transaction.
   */
  ownTransactions?: boolean;
}

export const route = <E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
) => register(app, endpoint, handler, false, options);

export const routeFile = <E extends AnyEndpoint>(app: App, endpoint: E, handler: FileHandler<E>) =>
  register(app, endpoint, handler, true, {});

/** Refuses, at start, a route the pipeline could not serve as its endpoint says. */
const checkRoute = (app: App, endpoint: AnyEndpoint, file: boolean, options: RouteOptions) => {
  if (options.cache && (endpoint.method !== 'GET' || endpoint.access.kind !== 'session' || file))
    throw new Error(`${endpoint.method} ${endpoint.path}: only signed-in GET answers can be cached`);
  if (Boolean(endpoint.produces) !== file)
    throw new Error(
      `${endpoint.method} ${endpoint.path}: use routeFile exactly for endpoints that produce files`,
    );
  const access = endpoint.access;
  if (access.kind !== 'public' && access.kind !== 'session')
    throw new Error(`Unknown access for ${endpoint.method} ${endpoint.path}`);
  const list = registries.get(app) ?? [];
  if (list.some((r) => r.endpoint.method === endpoint.method && r.endpoint.path === endpoint.path))
    throw new Error(`Two routes for ${endpoint.method} ${endpoint.path}`);
  list.push({ endpoint, pattern: pathPattern(endpoint.path) });
  registries.set(app, list);
};

/** 1. Who is calling (deny by default): the session and its permission, for signed-in endpoints. */
const whoIsCalling = async (c: Context<AppEnv>, access: AnyEndpoint['access']) => {
  if (access.kind !== 'session') return null;
  const deps = c.get('deps');
  const auth = await authenticate(deps.db, deps.config, c.req.header('authorization'), deps.cache);
  if (!allows(access, auth, access.permission)) throw forbidden();
  return auth;
};

/** The permission a discriminator value (`type`) asks for, checked where it is sent. */
const checkDiscriminator = (
  access: AnyEndpoint['access'],
  auth: AuthInfo | null,
  where: 'query' | 'body',
  value: unknown,
) => {
  if (!auth || access.kind !== 'session' || access.permissionBy?.in !== where) return;
  const needed =
    where === 'query'
      ? discriminatedPermission(access, value, undefined)
      : discriminatedPermission(access, undefined, value);
  if (needed && !allows(access, auth, needed)) throw forbidden();
};

/** A multipart body: its fields validated, its files only those the endpoint names. */
const multipartInput = async (endpoint: AnyEndpoint, req: Request, raw: Uint8Array<ArrayBuffer>) => {
  const parts = await parseMultipart(req, raw);
  const allowed = new Set(endpoint.files ?? []);
  const unknownFiles = Object.keys(parts.files).filter((name) => !allowed.has(name));
  if (unknownFiles.length)
    throw new HttpError(
      422,
      msg('validationFailed'),
      Object.fromEntries(unknownFiles.map((name) => [name, msg('unknownField')])),
    );
  refuseNul(parts.fields);
  return { body: validate(endpoint.body ?? noFields, parts.fields) as unknown, files: parts.files };
};

/** 2. What they send: params, query and body, each refused on NUL and validated strictly. */
const readInput = async (c: Context<AppEnv>, endpoint: AnyEndpoint, auth: AuthInfo | null) => {
  const { config } = c.get('deps');
  const rawQuery = queryObject(c);
  checkDiscriminator(endpoint.access, auth, 'query', rawQuery);
  refuseNul(c.req.param());
  refuseNul(rawQuery);
  const params = validate(endpoint.params ?? noFields, c.req.param(), '');
  const query = validate(endpoint.query ?? noFields, rawQuery, '');
  const hasBody = !['GET', 'DELETE'].includes(endpoint.method) || c.req.header('content-length');
  const limit = endpoint.multipart ? config.multipartBodyLimit : config.jsonBodyLimit;
  const raw = hasBody ? await readBody(c.req.raw, limit) : new Uint8Array();
  if (endpoint.multipart) return { params, query, raw, ...(await multipartInput(endpoint, c.req.raw, raw)) };
  const json = parseJsonBody(c.req.raw, raw);
  refuseNul(json);
  refuseProtoKeys(json);
  checkDiscriminator(endpoint.access, auth, 'body', json);
  const body: unknown = validate(endpoint.body ?? noFields, json);
  return { params, query, raw, body, files: {} as Record<string, File[]> };
};

/** Paths of fields of `sent` that `checked` (the contract's parse of it) does not have. */
const droppedFields = (sent: unknown, checked: unknown, path = ''): string[] => {
  if (Array.isArray(sent) && Array.isArray(checked))
    return sent.flatMap((v, i) => droppedFields(v, checked[i], `${path}[${i}]`));
  if (!sent || typeof sent !== 'object' || !checked || typeof checked !== 'object' || sent instanceof Date)
    return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    v === undefined
      ? []
      : k in checked
        ? droppedFields(v, (checked as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k}`],
  );
};

/**
 * The handler's answer, checked against the contract (a mismatch is our bug: a 500) in development
 * and tests, where a field the contract does not name is a mismatch too; so production
 * (`config.checkAnswers` false) sends the handler's answer as it is, without the check's cost.
 */
const checkedAnswer = (endpoint: AnyEndpoint, reply: unknown, status: number, check: boolean): Answer => {
  const sent = { ...(reply as object), status };
  if (!check) return { status, body: sent };
  const checked = endpoint.response.safeParse(sent);
  const dropped = checked.success ? droppedFields(sent, checked.data) : [];
  if (!checked.success || dropped.length)
    throw new Error(
      `Answer of ${endpoint.method} ${endpoint.path} does not match the contract: ${
        checked.success
          ? `fields it does not name: ${dropped.slice(0, 5).join(', ')}`
          : JSON.stringify(checked.error.issues)
      }`,
    );
  return { status, body: checked.data as Record<string, unknown> };
};

/** An answer as the client gets it: an error status throws; the message in the reader's language. */
const sentAnswer = (done: Answer, lang: Language): CachedAnswer => {
  if (done.status >= 400)
    throw new HttpError(done.status, String(done.body.message), done.body.errors as FieldErrors | undefined);
  const out = { ...done.body };
  if (typeof out.message === 'string') out.message = localizeMessage(out.message, lang);
  return { status: done.status, text: JSON.stringify(out) };
};

const register = <E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  handler: Handler<E> | FileHandler<E>,
  file: boolean,
  options: RouteOptions,
) => {
  checkRoute(app, endpoint, file, options);
  const defaultStatus = endpoint.successStatus ?? 200;

  app.on(endpoint.method, endpoint.path, async (c) => {
    // Its answer, whatever it is, is private to the caller (server/http/security.ts).
    c.set('endpoint', endpoint);
    const { deps: appDeps, lang } = c.var;
    let deps = appDeps;
    try {
      const auth = await whoIsCalling(c, endpoint.access);
      const ip = clientIp(c, appDeps.config.trustProxy);
      const audit = requestAuditContext(c, auth, ip, appDeps.config.now(), operationOf(endpoint));
      // Every transaction of a signed-in write says who writes, when and from where: the audit
      // trail's and the live change log's triggers read it (server/db/request-context.ts).
      const write = endpoint.method !== 'GET' && auth !== null;
      const undoable = write && UNDOABLE.has(operationOf(endpoint));
      if (write)
        deps = { ...appDeps, db: withTransactionSetup(appDeps.db, (tx) => setAuditContext(tx, audit)) };
      const { params, query, raw, body, files } = await readInput(c, endpoint, auth);
      let successStatus: number = defaultStatus;
      const ctx: HandlerContext<E> = {
        c,
        deps,
        lang,
        ip,
        audit,
        body: body as Out<BodyT<E>>,
        query: query as Out<QueryT<E>>,
        params: params as Out<ParamsT<E>>,
        files,
        auth,
        requireAuth: () =>
          auth ??
          (() => {
            throw unauthorized();
          })(),
        setStatus: (status) => {
          successStatus = status;
        },
      };
      if (file) return await (handler as FileHandler<E>)(ctx);

      // The handler runs on `runDeps`: the key's transaction for an idempotent write (idempotency.ts).
      // A signed-in write runs in one transaction that carries its audit context (server/audit/trail.ts).
      const handle = (d: Deps) => (handler as Handler<E>)(d === deps ? ctx : { ...ctx, deps: d });
      // (An idempotent write's `runDeps` is inside the key's transaction, which `deps.db` opened.)
      const run = async (runDeps: Deps = deps) => {
        let reply: unknown;
        if (!write || runDeps !== deps || options.ownTransactions) reply = await handle(runDeps);
        else reply = await inWriteTransaction(deps, handle);
        const done = checkedAnswer(endpoint, reply, successStatus, deps.config.checkAnswers);
        // A write that can be undone: its token is this request's id, minted here, never the
        // client's (docs/decisions/0034-undo-tokens-minted-by-the-server.md).
        if (undoable) done.body.undo = audit.requestId;
        return done;
      };
      // 3. run, once per Idempotency-Key
      const answer = async () =>
        sentAnswer(
          endpoint.idempotent && auth
            ? await withIdempotency(deps, c, auth.user.id, raw, run, options.ownTransactions)
            : await run(),
          lang,
        );
      const { status, text } =
        options.cache && deps.cache && auth
          ? await deps.cache.answer(
              `${auth.user.id}\n${c.req.url}\n${lang}`,
              deps.config.now().getTime(),
              answer,
            )
          : await answer();
      return c.body(text, status as 200, { 'Content-Type': 'application/json' });
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(c, err, lang);
      return serverFault(c, err, lang);
    } finally {
      // Anything but a read may have written: its writes are seen before it answers (ADR 0009).
      if (endpoint.method !== 'GET') await deps.cache?.wrote();
    }
  });
};
