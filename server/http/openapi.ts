/**
 * The OpenAPI 3.1 document generated from the contract (`/api/openapi.json`) and a readable,
 * self-contained HTML reference built from the same document (`/api/docs`: no script, no
 * third-party origin).
 */
import { z } from 'zod';
import { errorBody, type AnyEndpoint } from '../../src/contract/http';
import type { App } from './types';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
};

/** Drops repeated branches of `anyOf` (resources sharing an endpoint may answer alike). */
const dedupeAnyOf = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(dedupeAnyOf);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dedupeAnyOf(v)])) as JsonSchema;
  if (Array.isArray(out.anyOf)) {
    const seen = new Map((out.anyOf as unknown[]).map((b) => [JSON.stringify(b), b]));
    if (seen.size === 1) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...([...seen.values()][0] as JsonSchema) };
    }
    out.anyOf = [...seen.values()];
  }
  return out;
};

/**
 * The longest string a regular expression of the contract can match, or Infinity (`*`, `+`, `{n,}`,
 * back-references). Anchors and look-arounds match no characters.
 */
export const patternMaxLength = (pattern: string): number => {
  let i = 0;
  const alternatives = (): number => {
    let max = sequence();
    while (pattern[i] === '|') {
      i++;
      max = Math.max(max, sequence());
    }
    return max;
  };
  const sequence = (): number => {
    let total = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') total += quantified(atom());
    return total;
  };
  const atom = (): number => {
    const ch = pattern[i++]!;
    if (ch === '^' || ch === '$') return 0;
    if (ch === '(') {
      let width = 1;
      if (pattern[i] === '?') {
        const look = /^\?(?:=|!|<=|<!)/.exec(pattern.slice(i));
        if (look) width = 0;
        i += look ? look[0].length : pattern[i + 1] === '<' ? pattern.indexOf('>', i) - i + 1 : 2;
      }
      const inner = alternatives();
      i++; // ')'
      return inner * width;
    }
    if (ch === '[') {
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++; // ']'
      return 1;
    }
    if (ch === '\\') {
      const next = pattern[i++]!;
      if (next === 'b' || next === 'B') return 0;
      if (/[1-9k]/.test(next)) return Infinity;
      if (next === 'u' && pattern[i] === '{') i = pattern.indexOf('}', i) + 1;
      else if (next === 'u') i += 4;
      else if (next === 'x') i += 2;
      else if (next === 'p' || next === 'P') i = pattern.indexOf('}', i) + 1;
      return 1;
    }
    return 1;
  };
  const quantified = (width: number): number => {
    const q = /^(?:[*+]|\?|\{(\d+)(,(\d*))?\})\??/.exec(pattern.slice(i));
    if (!q) return width;
    i += q[0].length;
    if (q[0][0] === '*' || q[0][0] === '+') return width === 0 ? 0 : Infinity;
    if (q[0][0] === '?') return width;
    const max = q[2] === undefined ? Number(q[1]) : q[3] ? Number(q[3]) : Infinity;
    return width === 0 ? 0 : width * max;
  };
  const max = alternatives();
  return i === pattern.length ? max : Infinity;
};

/** Request strings bounded only by a pattern get that bound as `maxLength` (what the server enforces). */
const boundStrings = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(boundStrings);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, boundStrings(v)])) as JsonSchema;
  if (out.type === 'string' && typeof out.pattern === 'string' && out.maxLength === undefined) {
    const max = patternMaxLength(out.pattern);
    if (Number.isFinite(max)) out.maxLength = max;
  }
  return out;
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  const clean = dedupeAnyOf(out);
  return (io === 'input' ? boundStrings(clean) : clean) as JsonSchema;
};

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

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const header = (ref: string) => ({ $ref: `#/components/headers/${ref}` });

/**
 * Endpoints under a rate limit (docs/security.md): sign-in and password change (per e-mail and IP),
 * OTP sends and checks, registration (per IP and per address). Over it: 429 with Retry-After.
 */
const RATE_LIMITED = new Set(['login', 'sendEmailOtp', 'verifyEmailOtp', 'register', 'changePassword']);

/** The headers of a 429 (server/core/errors.ts `tooManyRequests`). */
const RATE_LIMIT_HEADERS = {
  'Retry-After': header('RetryAfter'),
  'RateLimit-Limit': header('RateLimitLimit'),
  'RateLimit-Remaining': header('RateLimitRemaining'),
  'RateLimit-Reset': header('RateLimitReset'),
  'RateLimit-Policy': header('RateLimitPolicy'),
};

/** Has the endpoint an `id` (path, query or body): an unknown or unreachable one answers 404. */
const namesRecord = (e: AnyEndpoint) =>
  [e.params, e.query, e.body].some((s) => {
    if (!s) return false;
    const json = toSchema(s, 'input');
    const props = [json, ...((json.anyOf ?? json.oneOf ?? []) as JsonSchema[])].flatMap((x) =>
      Object.keys(x.properties ?? {}),
    );
    return props.some((k) => k === 'id' || k === 'ids' || k.endsWith('Id'));
  });

/** Every answer an endpoint can give (route.ts, errors.ts): success, then errors by status. */
const responsesOf = (name: string, e: AnyEndpoint) => {
  const session = e.access.kind === 'session';
  const refuses =
    e.access.kind === 'session' && Boolean(e.access.permission || e.access.roles || e.access.permissionBy);
  const hasBody = e.method !== 'GET' && e.method !== 'DELETE';
  const success = String(e.successStatus ?? 200);
  const produces = typeof e.produces === 'string' ? [e.produces] : (e.produces ?? []);
  const file = (mediaType: string) =>
    mediaType === 'text/csv'
      ? { schema: { type: 'string' } }
      : { schema: { type: 'string', contentMediaType: mediaType } };
  const ok = produces.includes('text/event-stream')
    ? {
        description: 'A Server-Sent Events stream (docs/decisions/0019-live-updates-and-many-processes.md)',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      }
    : produces.length
      ? {
          description: produces.includes('text/csv') ? 'A CSV file (UTF-8)' : 'The file, as an attachment',
          headers: { 'Content-Disposition': header('ContentDisposition') },
          content: Object.fromEntries(produces.map((m) => [m, file(m)])),
        }
      : {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(e.response, 'output') } },
        };
  const responses: Record<string, unknown> = { [success]: ok };
  if (e.mayCreate) responses['201'] = { ...ok, description: 'Created (no id was sent)' };
  // A stored file (ADR 0018): ETag and byte ranges.
  if (produces.length && !produces.includes('text/csv')) {
    responses['206'] = { ...ok, description: 'The byte range asked for in `Range`' };
    responses['304'] = { description: 'Not modified: `If-None-Match` names the file’s ETag' };
    responses['416'] = { description: 'The `Range` starts beyond the end of the file' };
  }
  if (hasBody) responses['400'] = errorResponse('Malformed body');
  if (session) responses['401'] = errorResponse('Not signed in, or the session expired');
  if (name === 'login')
    responses['401'] = errorResponse('Wrong e-mail or password, or an account that may not sign in');
  if (refuses) responses['403'] = errorResponse('The role or permission does not allow it');
  if (namesRecord(e) || (e.access.kind === 'session' && e.access.owner))
    responses['404'] = errorResponse('No such record, or not one the caller may reach');
  // Undo names a write by its request id (docs/decisions/0025-undo.md).
  if (name === 'undo') responses['404'] = errorResponse('No write of the caller has this request id');
  if (e.idempotent || hasBody)
    responses['409'] = errorResponse(
      'Conflict: a stale version, a record still referenced, a duplicate, or the same Idempotency-Key in progress',
      { 'Retry-After': header('RetryAfterOptional') },
    );
  if (hasBody) responses['413'] = errorResponse('Body, or a file in it, too large');
  responses['422'] = errorResponse('Invalid input (errors per field; unknown fields and parameters too)');
  if (RATE_LIMITED.has(name))
    responses['429'] = errorResponse('Too many attempts: wait as Retry-After says', RATE_LIMIT_HEADERS);
  // A user's bulk jobs running at once (docs/decisions/0037-bulk-jobs-bounded-paced-and-purged.md).
  if (e.method === 'POST' && e.path.endsWith('/bulk'))
    responses['429'] = errorResponse(
      'Too many of your bulk jobs are running: retry after Retry-After',
      RATE_LIMIT_HEADERS,
    );
  if (produces.includes('text/event-stream')) {
    responses['406'] = errorResponse('The request does not accept text/event-stream');
    responses['429'] = errorResponse(
      'Too many open streams for this user: close one, or retry after Retry-After',
      {
        'Retry-After': header('RetryAfter'),
        'RateLimit-Limit': header('RateLimitLimit'),
        'RateLimit-Remaining': header('RateLimitRemaining'),
        'RateLimit-Reset': header('RateLimitReset'),
        'RateLimit-Policy': header('RateLimitPolicy'),
      },
    );
  }
  responses['500'] = errorResponse('Server fault (logged; no detail is given)');
  responses['503'] = errorResponse('The database cannot be reached: retry after Retry-After', {
    'Retry-After': header('RetryAfter'),
  });
  return responses;
};

export const buildOpenApi = (api: Record<string, AnyEndpoint>, version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(api)) {
    const session = e.access.kind === 'session';
    const permission = e.access.kind === 'session' ? e.access.permission : null;
    let requestBody: unknown;
    if (e.multipart) {
      const fields = e.body ? toSchema(e.body, 'input') : { type: 'object', properties: {} };
      const files = Object.fromEntries((e.files ?? []).map((f) => [f, { type: 'string', format: 'binary' }]));
      requestBody = {
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
    } else if (e.body) {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(e.body, 'input') } },
      };
    }
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
    (paths[openapiPath(e.path)] ??= {})[e.method.toLowerCase()] = {
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
  }
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
      headers: {
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
      },
    },
  };
};

/* ---------------------------------------------------------------- HTML page */

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const typeOf = (s: JsonSchema): string => {
  if (s.const !== undefined) return `"${String(s.const)}"`;
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => `"${String(v)}"`).join(' | ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(typeOf).join(' | ');
  if (s.type === 'array' && s.items) return `${typeOf(s.items as JsonSchema)}[]`;
  if (s.type === 'object' && s.properties) return `{ ${Object.keys(s.properties).join(', ')} }`;
  if (s.format === 'binary') return 'file';
  return Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? 'any');
};

const rules = (s: JsonSchema) =>
  (
    [
      ['minLength', 'min length'],
      ['maxLength', 'max length'],
      ['minimum', 'min'],
      ['maximum', 'max'],
      ['pattern', 'pattern'],
      ['format', 'format'],
      ['default', 'default'],
    ] as const
  )
    .filter(([k]) => s[k] !== undefined)
    .map(([k, label]) => `${label} ${typeof s[k] === 'string' ? s[k] : JSON.stringify(s[k])}`)
    .join('; ');

const fieldTable = (schema: JsonSchema | undefined) => {
  const props = Object.entries(schema?.properties ?? {});
  if (!props.length) return '<p class="none">No fields.</p>';
  const required = new Set(schema?.required ?? []);
  return (
    '<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th></tr></thead><tbody>' +
    props
      .map(
        ([name, s]) =>
          `<tr><td><code>${esc(name)}</code></td><td><code>${esc(typeOf(s))}</code></td>` +
          `<td>${required.has(name) ? 'yes' : 'no'}</td><td>${esc(rules(s))}</td></tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
};

const renderDocs = (doc: ReturnType<typeof buildOpenApi>) => {
  type Op = {
    operationId: string;
    summary: string;
    tags: string[];
    security: unknown[];
    'x-permission'?: string;
    'x-roles'?: string[];
    parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
    responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  };
  const ops: { method: string; path: string; op: Op }[] = [];
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ method, path: p, op: op as Op });
  const tags = [...new Set(ops.map((o) => o.op.tags[0] ?? 'Other'))];
  const section = (o: (typeof ops)[number]) => {
    const { op } = o;
    const access = op.security.length
      ? op['x-permission']
        ? `signed in, permission <code>${esc(op['x-permission'])}</code>${op['x-roles'] ? `, roles ${op['x-roles'].map((r) => `<code>${esc(r)}</code>`).join(', ')} only` : ''}`
        : 'signed in (any role)'
      : 'public';
    const [mediaType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
    const [status, ok] = Object.entries(op.responses)[0]!;
    const okSchema = ok.content?.['application/json']?.schema;
    const errors = Object.entries(op.responses)
      .slice(1)
      .map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`)
      .join('');
    return `<section id="${esc(op.operationId)}">
<h3><span class="m ${esc(o.method)}">${esc(o.method.toUpperCase())}</span> <code>${esc(o.path)}</code></h3>
<p>${esc(op.summary)}</p>
<p class="meta">Access: ${access} · operation <code>${esc(op.operationId)}</code></p>
${op.parameters?.length ? `<h4>Parameters</h4><table><tbody>${op.parameters.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'required' : 'optional'}</td><td><code>${esc(typeOf(p.schema))}</code></td></tr>`).join('')}</tbody></table>` : ''}
${body ? `<h4>Body <small>(${esc(mediaType)})</small></h4>${fieldTable(body.schema)}` : ''}
<h4>Answer ${esc(status)}</h4>${fieldTable(okSchema)}
${errors ? `<h4>Errors <small>(<code>{ status, message, errors? }</code>)</small></h4><ul>${errors}</ul>` : ''}
</section>`;
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} — reference</title>
<style>
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#fff;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--bg:#0d1117;--code:#151b23}}
body{font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:960px;padding:1.5rem}
code{font:13px ui-monospace,monospace;background:var(--code);padding:.1em .3em;border-radius:4px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid var(--line);padding:.3rem .5rem;text-align:start;vertical-align:top}
section{border-top:1px solid var(--line);padding:.5rem 0 1rem}h3{margin:.8rem 0 .3rem}h4{margin:.8rem 0 .2rem}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .4em;font-size:13px;color:#fff}
.get{background:#1a7f37}.post{background:#0969da}.put{background:#9a6700}.patch{background:#8250df}.delete{background:#cf222e}
.meta,.none{color:var(--muted)}nav ul{columns:2}
</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Signed-in calls send <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<nav><ul>${ops.map((o) => `<li><a href="#${esc(o.op.operationId)}">${esc(o.method.toUpperCase())} ${esc(o.path)}</a></li>`).join('')}</ul></nav>
${tags
  .map(
    (t) =>
      `<h2>${esc(t)}</h2>${ops
        .filter((o) => (o.op.tags[0] ?? 'Other') === t)
        .map(section)
        .join('\n')}`,
  )
  .join('\n')}
</body></html>`;
};

export const registerDocs = (app: App, api: Record<string, AnyEndpoint>, version: string) => {
  let doc: ReturnType<typeof buildOpenApi> | null = null;
  let html: string | null = null;
  const get = () => (doc ??= buildOpenApi(api, version));
  app.get('/api/openapi.json', (c) => c.json(get()));
  app.get('/api/docs', (c) => c.html((html ??= renderDocs(get()))));
};
