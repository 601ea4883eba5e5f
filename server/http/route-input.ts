/** What a request sends (server/http/route.ts): params, query and body, read, refused and validated. */
import type { Context } from 'hono';
import type { AnyEndpoint } from '../../src/contract/http';
import { msg } from '../../src/contract/messages';
import type { AuthInfo } from '../auth/sessions';
import type { Config } from '../core/config';
import { HttpError } from '../core/errors';
import { parseJsonBody, parseMultipart, readBody } from './body';
import { checkDiscriminator } from './route-access';
import { noFields, refuseNul, refuseProtoKeys, validate } from './route-validate';
import type { AppEnv } from './types';

const queryObject = (c: Context) => {
  // No prototype: "?__proto__=1" is an own key, refused like any unknown one (docs/security.md,
  // "Input rules"), instead of setting the prototype and vanishing.
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, values] of Object.entries(c.req.queries()))
    out[name] = values.length === 1 ? values[0]! : values;
  return out;
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

/**
 * The largest body an endpoint accepts: an import's file has its own limit
 * (docs/decisions/0073-import-from-files.md), with room for its fields.
 */
export const bodyLimitOf = (endpoint: AnyEndpoint, config: Config) =>
  endpoint.bodyLimit === 'import'
    ? config.importMaxBytes + 64 * 1024
    : endpoint.multipart
      ? config.multipartBodyLimit
      : config.jsonBodyLimit;

/** 2. What they send: params, query and body, each refused on NUL and validated strictly. */
export const readInput = async (c: Context<AppEnv>, endpoint: AnyEndpoint, auth: AuthInfo | null) => {
  const { config } = c.get('deps');
  const rawQuery = queryObject(c);
  checkDiscriminator(endpoint.access, auth, 'query', rawQuery);
  refuseNul(c.req.param());
  refuseNul(rawQuery);
  const params = validate(endpoint.params ?? noFields, c.req.param(), '');
  const query = validate(endpoint.query ?? noFields, rawQuery, '');
  const hasBody = !['GET', 'DELETE'].includes(endpoint.method) || c.req.header('content-length');
  const limit = bodyLimitOf(endpoint, config);
  const raw = hasBody ? await readBody(c.req.raw, limit) : new Uint8Array();
  if (endpoint.multipart) return { params, query, raw, ...(await multipartInput(endpoint, c.req.raw, raw)) };
  const json = parseJsonBody(c.req.raw, raw);
  refuseNul(json);
  refuseProtoKeys(json);
  checkDiscriminator(endpoint.access, auth, 'body', json);
  const body: unknown = validate(endpoint.body ?? noFields, json);
  return { params, query, raw, body, files: {} as Record<string, File[]> };
};
