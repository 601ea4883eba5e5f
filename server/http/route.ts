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
import type { z } from 'zod';
import type { AnyEndpoint, EndpointDef } from '../../src/contract/http';
import type { Language } from '../../src/contract/common';
import { requestAuditContext, setAuditContext, type AuditContext } from '../audit/trail';
import type { AuthInfo } from '../auth/sessions';
import { clientIp } from './client-ip';
import { HttpError, unauthorized } from '../core/errors';
import { inWriteTransaction, keyOf, withIdempotency, type KeyedRequest } from './idempotency';
import { operationOf, UNDOABLE } from './undoable';
import { withTransactionSetup } from '../db/request-context';
import { whoIsCalling } from './route-access';
import { checkedAnswer, errorResponse, sentAnswer, serverFault, type Answer } from './route-answer';
import { readInput } from './route-input';
import { checkRoute } from './route-registry';
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

/** An endpoint whose answer is a file (`produces`): the handler returns the Response itself. */
export type FileHandler<E extends AnyEndpoint> = (ctx: HandlerContext<E>) => Promise<Response>;

export interface RouteOptions<E extends AnyEndpoint = AnyEndpoint> {
  /**
   * An idempotent write whose own state change refuses a repeat and whose work must outlive a
   * failure (server/http/idempotency.ts): it is not run inside the key's transaction.
   */
  ownTransactions?: boolean;
  /**
   * A keyed write served together with others in one transaction (group commit,
   * docs/decisions/0077-admissions-committed-together.md): instead of the handler, a signed-in
   * request goes to `group`, which claims and stores its key in that transaction itself.
   */
  group?: GroupHandler<E>;
}

/** What a request served together with others is given (`RouteOptions.group`). */
interface Grouped {
  /** Its Idempotency-Key and the hash of what it sent; null without one. */
  keyed: KeyedRequest | null;
  /** The answer a handler's reply makes (checked against the contract as any). */
  answerOf(reply: unknown): Answer;
  /** The request served alone, as any keyed write (when it cannot be served together). */
  alone(): Promise<Answer>;
}
export type GroupHandler<E extends AnyEndpoint> = (
  ctx: HandlerContext<E>,
  grouped: Grouped,
) => Promise<Answer>;

export const route = <E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions<E> = {},
) => register(app, endpoint, handler, false, options);

export const routeFile = <E extends AnyEndpoint>(app: App, endpoint: E, handler: FileHandler<E>) =>
  register(app, endpoint, handler, true, {});

const register = <E extends AnyEndpoint>(
  app: App,
  endpoint: E,
  handler: Handler<E> | FileHandler<E>,
  file: boolean,
  options: RouteOptions<E>,
) => {
  checkRoute(app, endpoint, file);
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
      const alone = () =>
        endpoint.idempotent && auth
          ? withIdempotency(deps, c, auth.user.id, raw, run, options.ownTransactions)
          : run();
      const { status, text } = sentAnswer(
        options.group && endpoint.idempotent && auth
          ? await options.group(ctx, {
              keyed: keyOf(c, raw),
              answerOf: (reply) => checkedAnswer(endpoint, reply, successStatus, deps.config.checkAnswers),
              alone,
            })
          : await alone(),
        lang,
      );
      return c.body(text, status as 200, { 'Content-Type': 'application/json' });
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(c, err, lang);
      return serverFault(c, err, lang);
    }
  });
};
