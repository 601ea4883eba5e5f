/**
 * The endpoints each app routes (server/http/route.ts): for the 405 answers, the check that every
 * endpoint of the contract has a route, and the refusal at start of a route the pipeline could not
 * serve.
 */
import type { AnyEndpoint } from '../../src/contract/http';
import type { App } from './types';

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

/** Refuses, at start, a route the pipeline could not serve as its endpoint says. */
export const checkRoute = (app: App, endpoint: AnyEndpoint, file: boolean) => {
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
