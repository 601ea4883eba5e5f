/**
 * The generic resource router (docs/architecture.md §2; the contract side is src/contract/resource.ts). `registerResources(app,
 * impls)` routes every endpoint of the contract's `resources` registry; an area's `ResourceImpl`
 * gives only what differs (its select with joins, sortable and searchable columns, filters, row →
 * record mapping, ownership scope, reference checks, extra validation). The router serves:
 *
 * - list: page / pageSize (10, 25, 50, 100), sort by listed columns only, `q` (ILIKE on the area's
 *   search columns), filters, and the total, counted up to COUNT_CAP (ADR 0027), in the page's one statement;
 * - get: 404 when missing or outside the caller's scope;
 * - create (201) / update (version check: 409 "changed by someone else" and nothing changes);
 * - remove: 409 "still used by N …" when referenced;
 * - export: CSV (UTF-8 with BOM, CSV-injection safe: server/http/csv.ts) of the list's filter, every page, streamed
 *   from the database in chunks;
 * - options: active records as `{ id, name }` for pickers;
 * - shared paths (the masters' /api/master/*): one route dispatching on the discriminator.
 *
 * Each operation is a module of this folder (list.ts, read.ts, write.ts, delete.ts, export-csv.ts).
 * Every write runs in one transaction. Permission checks and idempotency come from `route`.
 */
import { msg } from '../../src/contract/messages';
import { resourceRoutes, resources } from '../../src/contract/areas';
import { OWNER_ROLE } from '../../src/contract/http';
import { ROLE_PERMISSIONS } from '../../src/contract/roles';
import type { EndpointOp, Resource } from '../../src/contract/resource';
import { HttpError } from '../core/errors';
import { smsg } from '../core/messages';
import { route, routeFile } from '../http/route';
import { validate } from '../http/route-validate';
import type { App } from '../http/types';
import { remove } from './delete';
import { exportCsv } from './export-csv';
import type { Impl, ResourceImpls } from './impl';
import { list } from './list';
import { idOf, type H } from './query';
import { get, options } from './read';
import { create, update } from './write';

/* ------------------------------------------------------------------ routing */

const run = async (
  resource: Resource,
  impl: Impl,
  op: EndpointOp,
  h: H,
): Promise<Record<string, unknown>> => {
  switch (op) {
    case 'list':
      return list(resource, impl, h);
    case 'get':
      return get(resource, impl, h);
    case 'options':
      return options(resource, impl, h);
    case 'remove':
      return remove(resource, impl, h);
    case 'create':
    case 'update': {
      const raw = h.body as Record<string, unknown>;
      if (op === 'create' && (!resource.saveShared || raw.id === undefined)) {
        const body = resource.saveShared ? validate(resource.createBody, raw) : raw;
        return create(resource, impl, h, body as Record<string, unknown>);
      }
      if (resource.saveShared && raw.version === undefined)
        throw new HttpError(422, msg('validationFailed'), { version: smsg('versionRequired') });
      const body = (resource.saveShared ? validate(resource.updateBody, raw) : raw) as Record<
        string,
        unknown
      >;
      return update(resource, impl, h, idOf(h), body);
    }
    case 'export':
      throw new Error('export is a file route');
  }
};

/**
 * Whether a service provider can reach one of the resource's operations while its records are then
 * limited to its own (`providerScopeOf`): a provider-scoped resource, or one whose permission the
 * role table does not give providers, with an operation open to them without it (a picker's
 * options open to everyone signed in).
 */
const ownerScoped = (resource: Resource) =>
  resource.providerScoped === true ||
  (!(ROLE_PERMISSIONS[OWNER_ROLE] as readonly string[]).includes(resource.permission) &&
    Object.values(resource.endpoints).some((endpoint) => {
      const access = endpoint?.access;
      if (!access) return false;
      if (access.kind === 'public') return true;
      if (access.roles && !access.roles.includes(OWNER_ROLE)) return false;
      return access.owner === true || access.permission !== resource.permission;
    }));

/**
 * Refuses, when the server starts, a declaration the engine could not serve: a resource without an
 * implementation, or one a service provider reaches scoped to its own records without a `scope` to
 * limit them by (each such call would fail).
 */
export const assertServable = (impls: ResourceImpls, registry: readonly Resource[] = resources) => {
  for (const resource of registry) {
    const impl = impls[resource.key];
    if (!impl) throw new Error(`No server implementation for resource "${resource.key}"`);
    if (ownerScoped(resource) && !impl.scope)
      throw new Error(
        `Resource "${resource.key}": a service provider reaches it limited to its own records, but its implementation has no scope (server/areas/${resource.key}.ts)`,
      );
    if (Boolean(resource.detailFields) !== Boolean(impl.detail))
      throw new Error(
        `Resource "${resource.key}": the contract's detailFields and the implementation's detail come together (server/areas/${resource.key}.ts)`,
      );
  }
};

/** Routes every endpoint of the contract's resource registry with the areas' implementations. */
export const registerResources = (app: App, impls: ResourceImpls) => {
  assertServable(impls);
  // Fixed paths before paths with parameters (`/api/event/get-all-event` before `/api/event/:id`).
  const ordered = [...resourceRoutes].sort(
    (a, b) => Number(a.endpoint.path.includes(':')) - Number(b.endpoint.path.includes(':')),
  );
  for (const r of ordered) {
    const pick = (h: H) => {
      if (r.targets.length === 1) return r.targets[0]!;
      const field = r.targets[0]!.resource.discriminator!.field;
      const source = (r.endpoint.body ? h.body : h.query) as Record<string, unknown>;
      return r.targets.find((t) => t.resource.discriminator!.value === source[field])!;
    };
    if (r.endpoint.produces) {
      routeFile(app, r.endpoint, async (h) => {
        const t = pick(h as H);
        return exportCsv(t.resource, impls[t.resource.key]!, h as H);
      });
    } else {
      // A create with work after its commit (`afterCreate`) runs outside the request's one transaction.
      const ownTransactions = r.targets.some((t) => t.op === 'create' && impls[t.resource.key]!.afterCreate);
      route(
        app,
        r.endpoint,
        async (h) => {
          const t = pick(h as H);
          return run(t.resource, impls[t.resource.key]!, t.op, h as H) as never;
        },
        { ownTransactions },
      );
    }
  }
};
