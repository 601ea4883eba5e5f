/**
 * The OpenAPI 3.1 document generated from the contract (`/api/openapi.json`) and a readable,
 * self-contained HTML reference built from the same document (`/api/docs`: no script, no
 * third-party origin).
 */
import type { z } from 'zod';
import { errorBody, type AnyEndpoint } from '../../src/contract/http';
import { renderDocs } from './openapi-html';
import { responsesOf } from './openapi-responses';
import { toSchema, type JsonSchema } from './openapi-schema';
import type { App } from './types';

const openapiPath = (path: string) => path.replace(/:([A-Za-z_]+)\??/g, '{$1}');

const parametersOf = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
};

/** The body of an endpoint's request: its JSON, or its multipart fields and files. */
const requestBodyOf = (e: AnyEndpoint): unknown => {
  if (e.multipart) {
    const fields = e.body ? toSchema(e.body, 'input') : { type: 'object', properties: {} };
    const files = Object.fromEntries((e.files ?? []).map((f) => [f, { type: 'string', format: 'binary' }]));
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: { ...(fields.properties ?? {}), ...files },
            required: [...((fields.required as string[] | undefined) ?? []), ...(e.files ?? [])],
          },
        },
      },
    };
  }
  if (e.body)
    return {
      required: true,
      content: { 'application/json': { schema: toSchema(e.body, 'input') } },
    };
  return undefined;
};

/** One operation of the document: who may call it, its parameters, body and answers. */
const operationOf = (name: string, e: AnyEndpoint) => {
  const session = e.access.kind === 'session';
  const permission = e.access.kind === 'session' ? e.access.permission : null;
  const requestBody = requestBodyOf(e);
  const responses = responsesOf(name, e);
  const parameters = [...parametersOf(e.params, 'path'), ...parametersOf(e.query, 'query')];
  if (e.idempotent)
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header' as never,
      required: false,
      schema: {
        type: 'string',
        minLength: 8,
        maxLength: 200,
        pattern: '^[A-Za-z0-9_-]{8,200}$',
      } as JsonSchema,
    });
  return {
    operationId: name,
    summary: e.summary,
    tags: [e.tag],
    security: session ? [{ bearerAuth: [] }] : [],
    ...(permission ? { 'x-permission': permission } : {}),
    ...(e.access.kind === 'session' && e.access.roles ? { 'x-roles': e.access.roles } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
};

/** The headers the answers name (`#/components/headers/…`). */
const HEADERS = {
  RetryAfter: {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RetryAfterOptional: {
    description: 'Seconds to wait (sent when the same Idempotency-Key is still in progress)',
    required: false,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RateLimitLimit: {
    description: 'How many requests the limit that was hit allows in its window',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RateLimitRemaining: {
    description: 'Requests left in the window (0 on a 429)',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RateLimitReset: {
    description: 'Seconds until a request is allowed again',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RateLimitPolicy: {
    description: 'The limit that was hit: `<max>;w=<window in seconds>`',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+;w=[0-9]+$' },
  },
  ContentDisposition: {
    description: 'attachment, with the file name',
    required: true,
    schema: { type: 'string', pattern: '^attachment' },
  },
};

export const buildOpenApi = (api: Record<string, AnyEndpoint>, version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(api))
    (paths[openapiPath(e.path)] ??= {})[e.method.toLowerCase()] = operationOf(name, e);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Events Back Office API',
      version,
      description:
        'Generated from src/contract. Success answers are `{ status, message, data }`; errors are ' +
        '`{ status, message, errors? }` with the real HTTP status. Send `Accept-Language: ar` for Arabic messages.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/login' },
      },
      schemas: { Error: toSchema(errorBody, 'output') },
      headers: HEADERS,
    },
  };
};

export const registerDocs = (app: App, api: Record<string, AnyEndpoint>, version: string) => {
  let doc: ReturnType<typeof buildOpenApi> | null = null;
  let html: string | null = null;
  const get = () => (doc ??= buildOpenApi(api, version));
  app.get('/api/openapi.json', (c) => c.json(get()));
  app.get('/api/docs', (c) => c.html((html ??= renderDocs(get()))));
};
