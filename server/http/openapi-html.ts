/** The readable HTML reference (`/api/docs`) built from the OpenAPI document (server/http/openapi.ts). */
import type { buildOpenApi } from './openapi';
import type { JsonSchema } from './openapi-schema';

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

/** An operation of the document, as the page reads it. */
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

/** An operation with its method and path. */
type Listed = { method: string; path: string; op: Op };

/** One operation's section: access, parameters, body, answer and errors. */
const sectionOf = (o: Listed) => {
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

export const renderDocs = (doc: ReturnType<typeof buildOpenApi>) => {
  const ops: Listed[] = [];
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ method, path: p, op: op as Op });
  const tags = [...new Set(ops.map((o) => o.op.tags[0] ?? 'Other'))];
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
        .map(sectionOf)
        .join('\n')}`,
  )
  .join('\n')}
</body></html>`;
};
