/**
 * The OpenAPI document holds against the real server (docs/architecture.md §7): every documented
 * operation is called as each of the eight callers of the authorization matrix with a valid request
 * (tests/server/security-support.ts), and with bad input (an unknown query parameter, a malformed
 * body, a body over the limit, an id that does not exist, too many OTP requests). Each answer is
 * checked against the document the server serves by a third-party validator (openapi-backend's
 * router and its Ajv validators, JSON Schema 2020-12), not by the zod schemas the document comes
 * from: the operation matches, its status is listed, the media type is listed, the body fits the
 * schema, listed headers are present and fit theirs.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, SetMatchType, type Operation } from 'openapi-backend';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '../../src/contract';
import type { AnyEndpoint } from '../../src/contract/http';
import { bodyLimitOf } from '../../server/http/route-input';
import { createTestServer, type TestResponse, type TestServer } from '../setup/server';
import {
  allCases,
  CALLERS,
  callerOf,
  genericRequest,
  nextN,
  setupWorld,
  type Case,
  type Caller,
  type World,
} from './security-support';
import { AREA_UNDER_CHECK, walked } from './area-under-check';

let t: TestServer;
let w: World;
let cases: Case[];
let oas: OpenAPIBackend;
let documented: string[];
const nameOf = new Map<AnyEndpoint, string>(Object.entries(api).map(([name, e]) => [e, name]));
const exercised = new Set<string>();
const statuses = new Map<string, Set<number>>();
const mismatches: string[] = [];
let answers = 0;

type ResponseObject = {
  content?: Record<string, unknown>;
  headers?: Record<string, { required?: boolean }>;
};

beforeAll(async () => {
  const validators = new Map<string, Ajv2020>();
  // An import's body limit is 20 MB: a body past it for each import endpoint, built, sent and read,
  // cost seconds. Past a smaller limit the answer is the same 413 (tests/server/security-limits.test.ts
  // sends one past the 20 MB).
  t = await createTestServer({ demoData: true, config: { importMaxBytes: 256 * 1024 } });
  w = await setupWorld(t);
  cases = allCases(t);
  const served = await t.request('GET', '/api/openapi.json');
  expect(served.status).toBe(200);
  oas = new OpenAPIBackend({
    definition: served.body,
    // Its own check of the document follows OpenAPI 3.0 and refuses 3.1 (e.g. `type` lists), so it
    // is skipped (`quick`); `npm run openapi:lint` checks the document as 3.1.
    quick: true,
    strict: true,
    validate: true,
    ignoreTrailingSlashes: false,
    // One validator per kind of options, not a new one (with its formats) for each operation and
    // purpose as openapi-backend asks for.
    customizeAjv: (_draft07, opts) => {
      const key = JSON.stringify(opts);
      let ajv = validators.get(key);
      if (!ajv) {
        ajv = new Ajv2020({ ...opts, strict: false, allErrors: true });
        addFormats(ajv);
        validators.set(key, ajv);
      }
      return ajv as never;
    },
  });
  await oas.init();
  documented = oas.router.getOperations().map((o) => o.operationId!);
});

afterAll(async () => {
  console.info(
    `OpenAPI answers: ${answers} answers of ${exercised.size} operations checked, ${mismatches.length} mismatches`,
  );
  await t?.close();
});

const matched = new Map<string, Operation | undefined>();

/** Checks one answer of `e` to `method path` against the document. */
const check = (label: string, e: AnyEndpoint, method: string, path: string, res: TestResponse) => {
  answers++;
  const url = new URL(path, 'http://localhost');
  const fail = (what: string) =>
    mismatches.push(`${label}: ${method} ${path} → ${res.status}: ${what} ${res.text.slice(0, 200)}`);
  // The router lists and matches every operation again on each call: its match of a method and a
  // path is kept (it reads neither the query nor the headers).
  const route = `${method} ${url.pathname}`;
  if (!matched.has(route))
    matched.set(
      route,
      oas.matchOperation({ method, path: url.pathname, query: url.search.slice(1), headers: {} }) as
        Operation | undefined,
    );
  const op = matched.get(route);
  if (!op) return fail('no documented operation matches the request');
  if (op.operationId !== nameOf.get(e))
    return fail(`matched operation ${op.operationId}, expected ${nameOf.get(e)}`);
  const id = op.operationId!;
  exercised.add(id);
  (statuses.get(id) ?? statuses.set(id, new Set()).get(id)!).add(res.status);
  const documentedAnswer = (op.responses as Record<string, ResponseObject>)[String(res.status)];
  if (!documentedAnswer) return fail('status not documented');
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = documentedAnswer.content ?? {};
  if (Object.keys(content).length && !(mediaType in content))
    return fail(`media type ${mediaType || '(none)'} not documented (${Object.keys(content).join(', ')})`);
  if (mediaType === 'application/json') {
    const body = oas.validator.validateResponse(res.body, op, res.status);
    if (!body.valid) fail(`body: ${JSON.stringify(body.errors).slice(0, 400)}`);
  }
  const headers = Object.fromEntries(res.headers);
  const valid = oas.validator.validateResponseHeaders(headers, op, {
    statusCode: res.status,
    setMatchType: SetMatchType.Any,
  });
  if (!valid.valid) fail(`headers: ${JSON.stringify(valid.errors).slice(0, 300)}`);
  for (const [name, h] of Object.entries(documentedAnswer.headers ?? {}))
    if (h.required && !res.headers.has(name)) fail(`required header ${name} missing`);
};

it('every request string has a maxLength, a const or an enum (the bounds the server enforces)', () => {
  const unbounded: string[] = [];
  const walk = (node: unknown, at: string, inRequest: boolean) => {
    if (!node || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    if (inRequest && s.type === 'string' && s.format !== 'binary')
      if (s.maxLength === undefined && s.const === undefined && s.enum === undefined) unbounded.push(at);
    for (const [k, v] of Object.entries(s))
      walk(v, `${at}/${k}`, inRequest || k === 'requestBody' || k === 'parameters');
  };
  walk(oas.definition.paths, '#/paths', false);
  expect(unbounded).toEqual([]);
});

/** A made-up answer of `e` (to prove that the checks catch one that does not fit). */
const fake = (status: number, body: unknown, contentType = 'application/json'): TestResponse => ({
  status,
  headers: new Headers({ 'Content-Type': contentType }),
  body,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

const tokenOf = async (caller: Caller) => (await w.token(caller)) ?? undefined;

it('the served document lists every contract endpoint as an operation', () => {
  expect([...documented].sort()).toEqual(Object.keys(api).sort());
});

it('the checks catch an answer that does not fit: status, media type, body, required header', () => {
  const e = api.login!;
  const cases: [string, TestResponse][] = [
    ['status', fake(418, { status: 418, message: 'x' })],
    ['media type', fake(200, 'x', 'text/html')],
    ['body', fake(200, { status: 200, message: 'Signed in', token: 7 })],
    ['error body', fake(422, { status: 422, message: 'x', errors: { email: 1 } })],
    ['required header', fake(429, { status: 429, message: 'x' })],
  ];
  for (const [what, res] of cases) {
    const before = mismatches.length;
    check(`made-up ${what}`, e, 'POST', '/api/login', res);
    expect(mismatches.length, what).toBeGreaterThan(before);
  }
  mismatches.length = 0;
  answers -= cases.length;
});

it(
  'every answer to every operation, as every caller, with good and bad input, is one the document lists',
  { timeout: 600_000 },
  async () => {
    const walkedCases = walked(cases, (c) => c.key);
    for (const c of walkedCases) {
      // good input, as each caller
      for (const caller of CALLERS) {
        const req = await c.build(w, caller);
        const res = await t.request(c.endpoint.method, req.path, {
          token: await tokenOf(caller),
          body: req.body,
        });
        check(`${c.key} as ${caller}`, c.endpoint, c.endpoint.method, req.path, res);
        await req.after?.();
      }
      // bad input, as a caller the matrix lets through: refused before the handler runs, so one
      // request (and its target) serves every variant
      const caller = callerOf(c);
      const token = await tokenOf(caller);
      const req = await c.build(w, caller);
      const { method } = c.endpoint;
      const send = async (label: string, path: string, options: Parameters<TestServer['request']>[2]) =>
        check(`${c.key} ${label}`, c.endpoint, method, path, await t.request(method, path, options));
      await send(
        'with an unknown parameter',
        `${req.path}${req.path.includes('?') ? '&' : '?'}unknownParameter=1`,
        { token, body: req.body },
      );
      if (method !== 'GET' && method !== 'DELETE') {
        await send(
          'with a malformed body',
          req.path,
          c.endpoint.multipart
            ? { token, body: '--x\r\nbroken', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } }
            : { token, body: '{"unclosed": ', headers: { 'Content-Type': 'application/json' } },
        );
        const limit = bodyLimitOf(c.endpoint, t.config);
        await send('with a body over the limit', req.path, {
          token,
          body: JSON.stringify({ text: 'x'.repeat(limit + 10) }),
          headers: { 'Content-Type': 'application/json' },
        });
      }
      await req.after?.();
      // an id that does not exist
      if (/:id\b/.test(c.endpoint.path) || c.endpoint.body || c.endpoint.query) {
        const missing = genericRequest(c.endpoint, 2_147_483_000);
        await send('with an unknown id', missing.path, { token, body: missing.body });
      }
    }
    // a rate limit: a second code for the same address at once
    const email = `limit${nextN()}@test.example.com`;
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/sendEmailOTP', { body: { email } });
      check('POST /api/sendEmailOTP again at once', api.sendEmailOtp!, 'POST', '/api/sendEmailOTP', res);
      if (i === 1) {
        expect(res.status).toBe(429);
        expect(res.headers.get('RateLimit-Policy')).toBe('1;w=60');
        expect(res.headers.get('RateLimit-Remaining')).toBe('0');
      }
    }

    expect(mismatches, mismatches.join('\n')).toEqual([]);
    // Every documented operation was called; with an area under check, every one of its walk.
    const walkedOperations = new Set(walkedCases.map((c) => nameOf.get(c.endpoint)));
    const due = AREA_UNDER_CHECK ? documented.filter((id) => walkedOperations.has(id)) : documented;
    expect(
      due.filter((id) => !exercised.has(id)),
      'documented operations never called',
    ).toEqual([]);
    expect(answers).toBeGreaterThan(walkedCases.length * CALLERS.length);
  },
);
